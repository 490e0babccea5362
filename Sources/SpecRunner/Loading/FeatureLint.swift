import Gherkin

/// The advice for a file that parses, from one walk over its document. `errors` keep the
/// file from running: a scenario (or Rule) line Gherkin read as the Feature's description
/// with its steps, or a step of the library above the first scenario (the Background it
/// was meant for, or a scenario line Gherkin did not read as one, is missing), so the run
/// cannot stay green. `warnings` name what will not run as its author thinks: the lines
/// `KeywordTypoCheck` finds, Examples without rows, an outline with `<placeholders>` and
/// no Examples (it runs once, as written), a file or scenario with nothing to run, a
/// placeholder no column fills, a table row without its last `|`, tags separated by commas.
struct FeatureLint {
    var errors: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    var findings = KeywordTypoCheck.Findings()

    /// `step` gives the source of the library's step a text is, or nil; `bytes` the file's
    /// UTF-8, asked for only when it has a table.
    init(document: GherkinDocument?, source: SourceLines, bytes: () -> [UInt8]?, step: (String) -> String?) {
        guard let feature = document?.feature else {
            if let error = Self.loneCarriageReturn(in: bytes()) {
                errors = [error]
            } else {
                warnings = [Diagnostic(line: nil, column: 1, message: .warning(.noFeature))]
            }
            return
        }
        findings = KeywordTypoCheck.findings(in: feature, source: source, step: step)
        let lost = findings.fileLevel.filter { $0.losesScenario || $0.losesRule }
        guard lost.isEmpty else {
            let backgrounds = Set(source.dialect.background)
            errors = lost.map {
                let losesBackground = $0.hint.keyword.map(backgrounds.contains) ?? false
                return Diagnostic(
                    line: $0.line, column: $0.column,
                    message: .lostScenario($0.hint, losesRule: $0.losesRule, losesBackground: losesBackground))
            }
            return
        }
        guard findings.straySteps.isEmpty else {
            errors = findings.fileLevel.map(\.diagnostic) + findings.straySteps
            return
        }
        let walk = Walk(feature: feature, lostLines: Set(findings.byScenarioLine.keys))
        if !walk.hasScenario, let error = Self.loneCarriageReturn(in: bytes()) {
            errors = [error]
            return
        }
        warnings = findings.fileLevel.map(\.diagnostic) + walk.warnings
        if !walk.hasScenario {
            let keyword = String(feature.keyword.trimming(" "))
            warnings.append(at(feature.location, .noScenario(keyword: keyword)))
        }
        if !walk.rows.isEmpty, let bytes = bytes() {
            warnings += TableRowEnd.unended(walk.rows.sorted { $0.line < $1.line }, in: bytes).map {
                at($0.location, .rowUnended(after: $0.after))
            }
        }
        // In the file's order, as a reader goes down it (the whole file's first).
        warnings = warnings.enumerated().sorted {
            ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
        }
        .map(\.element)
    }

    /// A file whose lines end in a carriage return alone (classic Mac OS): one line to
    /// Gherkin, so it runs nothing, whatever it holds. At the first such return, on the
    /// first line.
    static func loneCarriageReturn(in bytes: [UInt8]?) -> Diagnostic? {
        guard let bytes,
            let index = bytes.indices.first(where: {
                bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A)
            }),
            !bytes[..<index].contains(0x0A)
        else { return nil }
        let column = String(decoding: bytes[..<index], as: UTF8.self).unicodeScalars.count + 1
        return Diagnostic(
            line: 1, column: column,
            message: .parseError(.loneCarriageReturns, hints: [], unclosedDocString: nil, sameCause: 0))
    }

    /// What one walk over the scenarios finds, by kind.
    private struct Walk {
        /// Scenarios whose description holds a lost step: they fail as undefined.
        let lostLines: Set<Int>
        let outlineKeywords: Set<String>
        let examplesWord: String
        var warnings: [Diagnostic] = []
        var rows: [Location] = []
        var hasScenario = false
        /// The scenario visited last was an outline with placeholders and no Examples.
        var outlineWantsExamples = false

        init(feature: Feature, lostLines: Set<Int>) {
            self.lostLines = lostLines
            let dialect = GherkinDialect.named(feature.language) ?? .english
            outlineKeywords = Set(dialect.scenarioOutline)
            examplesWord = String((dialect.examples.first ?? "Examples").trimming(" "))
            checkCommas(feature.tags)
            feature.walk { background, _ in
                collectRows(background.steps)
            } scenario: { scenario, _ in
                visit(scenario)
            }
        }

        mutating func visit(_ scenario: Scenario) {
            hasScenario = true
            checkCommas(scenario.tags)
            for table in scenario.examples { checkCommas(table.tags) }
            collectRows(scenario.steps)
            let keyword = String(scenario.keyword.trimming(" "))
            if scenario.steps.isEmpty, outlineWantsExamples,
                EditDistance.between(Array(keyword), Array(examplesWord), limit: 1) == 1
            {
                // `Example:` under an outline, for its `Examples:`: a scenario, its table read as description.
                warnings.append(at(scenario.location, .examplesAsScenario(written: keyword, examples: examplesWord)))
            } else if scenario.steps.isEmpty, !lostLines.contains(scenario.location.line) {
                let name = scenario.name.isEmpty ? "" : " \(scenario.name)"
                warnings.append(at(scenario.location, .stepless(keyword: keyword, name: name)))
            }
            outlineWantsExamples = false
            checkTables(of: scenario)
            if scenario.examples.isEmpty, outlineKeywords.contains(scenario.keyword),
                let placeholder = scenario.steps.lazy.compactMap({ FeatureLint.placeholderNames(in: $0.text).first })
                    .first
            {
                let warning = Diagnostic.Warning.outlineWithoutExamples(
                    keyword: scenario.keyword, placeholder: String(placeholder), examples: examplesWord)
                warnings.append(at(scenario.location, warning))
                outlineWantsExamples = true
            }
            // A `<placeholder>` in an outline's step that a column of an Examples table does not
            // fill: the step runs with it as written, and its failure never says the column is
            // missing or misnamed (`| 価格 |` for `<price>`). `＜個数＞`: one typed with a
            // Japanese input method's full-width brackets, which no column fills.
            // In a step's line, or a cell of its table (`| <name> | 520 |`), told at that row;
            // only an outline's (a scenario without Examples fills nothing).
            guard !scenario.examples.isEmpty else { return }
            let allColumns = Set(scenario.examples.flatMap { $0.tableHeader?.cells.map(\.value) ?? [] })
            for step in scenario.steps {
                let places =
                    [(step.location, [step.text])]
                    + (step.dataTable?.rows.map { ($0.location, $0.cells.map(\.value)) } ?? [])
                for (location, texts) in places {
                    let text = texts.joined(separator: " ")
                    let names = FeatureLint.placeholderNames(in: text).filter {
                        !FeatureLint.isMarkup(String($0), in: text)
                    }
                    for table in scenario.examples where !names.isEmpty {
                        guard let header = table.tableHeader else { continue }
                        let columns = header.cells.map(\.value)
                        guard let first = names.first(where: { !columns.contains(String($0)) }) else { continue }
                        let closest = FeatureLint.closestColumn(to: String(first), among: columns)
                        let warning = Diagnostic.Warning.unknownPlaceholder(
                            name: String(first), examples: String(table.keyword.trimming(" ")),
                            examplesLine: table.location.line, columns: columns, closest: closest)
                        warnings.append(at(location, warning))
                    }
                    guard !allColumns.isEmpty,
                        let found = texts.lazy.compactMap({
                            FeatureLint.fullWidthPlaceholder(in: $0, columns: allColumns)
                        }).first
                    else { continue }
                    warnings.append(at(location, .fullWidthPlaceholder(written: found.written, name: found.name)))
                }
            }
        }

        /// An outline's Examples tables: one without rows, and a header with two columns of one
        /// name (`| total | total |`: the placeholder takes the first; the second is never read).
        mutating func checkTables(of scenario: Scenario) {
            let runsNever = !scenario.examples.isEmpty && scenario.examples.allSatisfy(\.tableBody.isEmpty)
            for table in scenario.examples {
                if let header = table.tableHeader {
                    rows.append(header.location)
                    let names = header.cells.map(\.value)
                    if let second = names.indices.first(where: { names[..<$0].contains(names[$0]) }),
                        let first = names.firstIndex(of: names[second])
                    {
                        let warning = Diagnostic.Warning.duplicateColumn(
                            name: names[second], examples: String(table.keyword.trimming(" ")), first: first + 1,
                            second: second + 1)
                        warnings.append(at(header.cells[second].location, warning))
                    }
                }
                rows += table.tableBody.map(\.location)
                guard table.tableBody.isEmpty else { continue }
                let neverRuns = runsNever ? scenario.location.line : nil
                let warning = Diagnostic.Warning.emptyExamples(
                    keyword: table.keyword, hasHeader: table.tableHeader != nil, neverRuns: neverRuns)
                warnings.append(at(table.location, warning))
            }
        }

        /// `@smoke, @wip`: Gherkin separates tags with spaces, so `@smoke,` is a tag of its
        /// own and `--tags @smoke` passes over it. Told once a line, with the line as meant.
        mutating func checkCommas(_ written: [Tag]) {
            for (_, onLine) in Dictionary(grouping: written, by: \.location.line).sorted(by: { $0.key < $1.key }) {
                guard let first = onLine.first(where: { $0.name.contains(",") }) else { continue }
                let names = onLine.flatMap { $0.name.split(separator: ",") }.map { $0.hasPrefix("@") ? $0 : "@" + $0 }
                let meant = first.name.split(separator: ",").first.map(String.init) ?? first.name
                warnings.append(
                    at(
                        first.location,
                        .tagWithComma(written: first.name, meant: meant, write: names.joined(separator: " "))))
            }
        }

        mutating func collectRows(_ steps: [Step]) {
            rows += steps.compactMap(\.dataTable).flatMap { $0.rows.map(\.location) }
        }
    }

    /// The column a placeholder `name` most likely stands for: the column written with the
    /// brackets (`| <qty> |`), one a letter or two away (`itme`), or one it shortens
    /// (`qty` for `quantity`: its letters in order).
    static func closestColumn(to name: String, among columns: [String]) -> String? {
        if let bracketed = columns.first(where: { $0 == "<\(name)>" }) { return bracketed }
        let typed = Array(name)
        let near = columns.map { ($0, EditDistance.between(typed, Array($0), limit: 3)) }
            .filter { !$0.0.isEmpty && $0.1 <= 2 && $0.1 < typed.count }.min { $0.1 < $1.1 }?.0
        return near
            ?? columns.first { column in
                var rest = Substring(column.lowercased())
                return typed.count >= 2 && column.count > typed.count
                    && name.lowercased().allSatisfy { letter in
                        guard let found = rest.firstIndex(of: letter) else { return false }
                        rest = rest[rest.index(after: found)...]
                        return true
                    }
            }
    }

    /// Whether `<name>` in `text` is markup a step shows rather than a placeholder: a
    /// closing or empty tag (`</b>`, `<br/>`), an opening one with its closing tag in the
    /// text, or one written against a Latin letter or digit (`"Tea<br>Latte"`, `"a<b>c"`);
    /// a placeholder stands apart, or beside Japanese text or a sign (`<個数>個`, `¥<price>`).
    static func isMarkup(_ name: String, in text: String) -> Bool {
        if name.hasPrefix("/") || name.hasSuffix("/") || text.contains("</\(name)>") { return true }
        guard let range = text.range(of: "<\(name)>") else { return false }
        let touches = { (character: Character?) in character.map { $0.isASCII && ($0.isLetter || $0.isNumber) } ?? false
        }
        return touches(range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil)
            || touches(range.upperBound < text.endIndex ? text[range.upperBound] : nil)
    }

    /// The first `＜name＞` in `text` (either bracket full-width) whose name is one of
    /// `columns`, as written.
    static func fullWidthPlaceholder(in text: String, columns: Set<String>) -> (written: String, name: String)? {
        guard text.contains(where: { $0 == "＜" || $0 == "＞" }) else { return nil }
        let written = Array(text)
        let narrowed = written.map { $0 == "＜" ? "<" : $0 == "＞" ? ">" : $0 }
        let typedRight = Set(placeholderNames(in: text))
        for name in placeholderNames(in: String(narrowed))
        where !typedRight.contains(name) && columns.contains(String(name)) {
            let wanted = Array("<\(name)>")
            guard
                let start = narrowed.indices.dropLast(wanted.count - 1).first(where: {
                    Array(narrowed[$0..<$0 + wanted.count]) == wanted
                        && Array(written[$0..<$0 + wanted.count]) != wanted
                })
            else { continue }
            return (String(written[start..<start + wanted.count]), String(name))
        }
        return nil
    }

    /// The names of the `<name>`s in `text` (no spaces inside), in order. Looks at bytes
    /// first: most steps have no `<`.
    ///
    /// A name holds no `<`, so it follows the last `<` before its `>`: the text up to each
    /// `>` names one when a `<` stands in it and no space after the last one (a `<<<…>>>` of
    /// any length included).
    static func placeholderNames(in text: String) -> [Substring] {
        guard text.utf8.contains(UInt8(ascii: "<")) else { return [] }
        return text.split(separator: ">", omittingEmptySubsequences: false).dropLast().compactMap { piece in
            guard let open = piece.lastIndex(of: "<") else { return nil }
            let name = piece[piece.index(after: open)...]
            return name.isEmpty || name.contains(" ") ? nil : name
        }
    }
}

/// A warning at a node of the document.
private func at(_ location: Location, _ warning: Diagnostic.Warning) -> Diagnostic {
    Diagnostic(line: location.line, column: location.column ?? 1, message: .warning(warning))
}
