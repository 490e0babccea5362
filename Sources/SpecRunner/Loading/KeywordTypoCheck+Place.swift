import Gherkin

/// Where a description line stands decides what it may have been meant as: the keyword
/// lines that could stand there, a Rule's line by its depth, steps shown as an example.
extension KeywordTypoCheck.Reader {
    typealias Finding = KeywordTypoCheck.Finding
    /// Where a description stands.
    enum Place { case feature, rule, background, scenario, examples }

    /// `finding`, if the keyword line it names could stand where the description does. A
    /// file has its `Feature:` line above every description, a Background comes before
    /// any scenario, and an `Examples:` line follows an outline's steps or another table's
    /// rows (where Gherkin refuses a line it does not read), so a line of
    /// such a word is prose (`Features: points`, `Background music is loud`, `サンプル：ラテ`).
    /// So is an ordinary word (`Role: cashier`, `They pay by card`, unless a step of the
    /// library follows it). In a scenario's or Background's description, a keyword line
    /// without its colon or in another language may be prose, and loses no step (the
    /// steps below it run), so it is a warning.
    func meantHere(_ finding: Finding, in place: Place) -> Finding? {
        var finding = finding
        let keyword: String
        switch finding.hint {
        case .misspelt(let word, let written) where !written.hasSuffix(":"):  // a step keyword
            return Self.ordinaryWords.contains(word) && finding.meant == nil ? nil : finding
        case .misspelt(let word, _) where Self.ordinaryWords.contains(word): return nil
        case .lengthenedScenario(_, let prefix, _, _), .lengthenedExamples(_, let prefix): keyword = prefix
        case .languageUndeclared(let shown, _, _, _), .foreignKeyword(let shown, _, _, _, _): keyword = shown
        default:
            guard let word = finding.hint.keyword else { return finding }
            keyword = word
        }
        let dialects = [dialect] + KeywordLanguage.productDialects
        guard dialects.contains(where: { $0.blockKeywords.contains(keyword) }) else { return finding }
        let kinds: [KeyPath<GherkinDialect, [String]>] =
            switch place {
            case .feature, .rule: [\.rule, \.background, \.scenario, \.scenarioOutline]
            case .background, .scenario: [\.scenario, \.scenarioOutline]
            case .examples: [\.rule, \.scenario, \.scenarioOutline]
            }
        guard dialects.contains(where: { dialect in kinds.contains { dialect[keyPath: $0].contains(keyword) } })
        else { return nil }
        if place == .scenario || place == .background, finding.meant == nil {
            switch finding.hint {
            // A word run onto a keyword there (`シナリオ一覧：あとで`) is a label of prose.
            case .lengthenedScenario: return nil
            // Misspelt, or with a full-width colon (`Scenaro: b`, `シナリオ：b` below a scenario
            // of no steps), the line was a scenario's, as it is after another's steps: the
            // steps below it would run in the scenario above, under its name.
            case .misspelt, .fullWidthColon: break
            default: (finding.warnsOnly, finding.reading) = (true, .notKeywordLine)
            }
        }
        return finding
    }

    /// Words of prose a letter or two from a keyword, never read as it misspelt.
    static let ordinaryWords: Set<String> = [
        "Role", "Roles", "Sample", "Samples", "Examine", "Backgrounds", "They", "Them", "Than", "Thin", "Thee",
        "Teen", "Whet", "Whey", "Wren", "Ween", "Give", "Gives", "Giver", "Riven", "Liven",
    ]

    /// Whether a lost line of the Feature's description was its `Rule:` line: a Rule keyword
    /// misspelt, written with a full-width colon or without its colon (`Rule members`).
    /// Only when it stands indented under the Feature's line and the keyword line below it
    /// is indented deeper, as a Rule's children are: a line at the scenarios' own depth
    /// (`Rule applies on weekdays`, `ルール：お釣りは現金だけ`) is prose.
    func losesRule(_ finding: Finding) -> Bool {
        let words = dialect.rule.map { String($0.trimming(" ")) }
        let isRule =
            switch finding.hint {
            case .misspelt(_, let keyword): words.contains { $0 + ":" == keyword }
            case .colonMissingWrite(let keyword, _): words.contains(keyword)
            // `Rule:` in a Japanese file, `ルール:` in an English one.
            case .foreignKeyword(let shown, _, _, _, _), .languageUndeclared(let shown, _, _, _):
                KeywordLanguage.productDialects.contains { $0.rule.contains(shown) }
            default: words.contains { finding.text.hasPrefix($0 + "：") }
            }
        // A Rule line stands under the Feature's, indented.
        guard isRule, finding.column > feature.location.column ?? 1 else { return false }
        let children = dialect.background + dialect.scenario + dialect.scenarioOutline + dialect.rule
        let below = source.lines[min(finding.line, source.lines.count)...].first { line in
            children.contains { line.withoutIndent.hasPrefix($0 + ":") }
        }
        return below.map { $0.indentColumn > finding.column } ?? false
    }

    /// The lines of a Feature's or Rule's description that start with a step keyword of the
    /// file's language followed by a step of the library (prose that merely starts with
    /// `When` or `But` is no step).
    func straySteps(_ description: String, after line: Int, inRule: Bool) -> [Diagnostic] {
        let keywords = dialect.stepKeywords.filter { $0.trimming(" ") != "*" }.sorted { $0.count > $1.count }
        // Steps below a sentence that introduces them (`How to use these steps:`) are an
        // example the description shows; a label (`Setup:`, `拝啓:`) or a keyword line
        // written wrong (`Background for members:`) introduces none.
        var shown = false
        return source.descriptionLines(description, after: line).compactMap { number, text in
            let trimmed = text.trimming(" \t\r")
            let keyword = keywords.first { trimmed.hasPrefix($0) }
            let rest = keyword.map { String(trimmed.dropFirst($0.count).trimming(" \t")) } ?? ""
            guard keyword != nil, !rest.isEmpty, step(rest) != nil else {
                // A sentence: three words, or Japanese joined by a particle (`使い方の例:`);
                // not one word, `バックグラウンド:`.
                shown =
                    (trimmed.last == ":" || trimmed.last == "：") && KeywordColon.missing(in: text) == nil
                    && (trimmed.split(separator: " ").count >= 3
                        || (trimmed.count >= 6 && trimmed.hasWideScript
                            && trimmed.dropLast().contains { "のをはがにでとてへも".contains($0) }))
                return nil
            }
            guard !shown else { return nil }
            let warning = Diagnostic.Warning.strayStep(
                text: String(trimmed), inRule: inRule,
                background: dialect.usualKeyword(dialect.background, english: "Background"),
                scenario: dialect.usualKeyword(dialect.scenario, english: "Scenario"))
            return Diagnostic(line: number, column: text.indentColumn, message: .warning(warning))
        }
    }

    /// A line of a block that stands where Gherkin reads description: an Examples table
    /// written with full-width bars (`｜ n ｜ total ｜`), so the outline has no row to run; a
    /// Background after a scenario's line (`Example: …` in a Feature's description is one),
    /// read as its description, and its steps as the scenario's.
    func misplacedLine(_ text: Substring, line: Int, steps: Bool, header: Bool) -> Finding? {
        let written = String(text.trimming(" \t\r"))
        if !steps, !header, text.withoutIndent.hasPrefix("｜") {
            return Finding(
                line: line, column: text.indentColumn, text: written, hint: .fullWidthTableBar, reading: .description,
                losesScenario: true)
        }
        guard steps, dialect.background.contains(where: { text.withoutIndent.hasPrefix($0 + ":") }) else { return nil }
        return Finding(
            line: line, column: text.indentColumn, text: written, hint: .misplacedBackground, reading: .description,
            warnsOnly: true)
    }
}
