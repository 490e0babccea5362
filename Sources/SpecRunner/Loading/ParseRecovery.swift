import Gherkin

/// spec-run's own reading of a file the reference parser refused, on top of it: a line
/// the parser refuses inside a scenario keeps only that scenario from running. The file
/// is cut into blocks at its keyword lines (a scenario's block starts at the tags above
/// it); every scenario block holding an error is blanked out and the file parsed again,
/// until it parses. The scenarios left run as Gherkin reads them (line numbers
/// unchanged); each blanked one fails with its errors. An error above the first scenario,
/// in a Background or on a Rule line concerns every scenario below it: the file then
/// fails as a whole, as Gherkin reads it. `spec-run gherkin` never recovers: it keeps
/// the reference behaviour.
struct ParseRecovery {
    /// The file with its broken scenarios blanked out, parsed without errors.
    var parsed: ParsedFeatureFile
    /// The scenarios that could not be read, in line order.
    var broken: [BrokenScenario]

    /// A scenario block that holds a line Gherkin refused.
    struct BrokenScenario: Sendable, Equatable {
        /// The keyword line's number, or the block's first line when it has none.
        var line: Int
        /// The keyword and name as written (`シナリオ：コロンが全角` gives `シナリオ` and `コロンが全角`).
        var keyword: String
        var name: String
        var tags: [String]
        /// The errors in the block, as the parser gave them.
        var errors: [ParseError]
        /// The lines of the block (its tags included).
        var lines: ClosedRange<Int>
    }

    /// The recovered file, or nil when an error lies outside every scenario block (the file
    /// then fails as a whole). `parse` reads bytes as the run does.
    static func recover(
        _ file: ParsedFeatureFile, parse: ([UInt8]) -> ParsedFeatureFile
    ) -> ParseRecovery? {
        guard let text = file.source, !file.errors.isEmpty,
            !file.errors.contains(where: { if case .unreadableSource = $0.kind { true } else { false } })
        else { return nil }
        let source = SourceLines { text }
        let blocks = Block.split(
            source.lines, dialect: source.dialect, scenarioLines: misspeltScenarioLines(file.errors, source: source),
            tagLines: Set(
                file.errors.map(\.location.line).filter { TagWithoutAt.written(at: $0, source: source) != nil }))
        var lines = source.lines.map(String.init)
        var errorsByBlock: [Int: [ParseError]] = [:]
        var errors = file.errors
        // Each round blanks at least one more block, so there are at most as many as blocks.
        for _ in 0...blocks.count {
            let blanked = Set(errorsByBlock.keys)
            var last = 0
            for error in errors {
                let line = attributedLine(of: error, in: lines)
                guard let index = Block.index(of: line, in: blocks), blocks[index].isScenario, !blanked.contains(index)
                else { return nil }
                errorsByBlock[index, default: []].append(error)
                last = max(last, index)
            }
            // The parser stops after a few errors: the scenarios below the last one are each
            // parsed alone under the file's header, so that a file of many broken scenarios
            // takes one more parse, not one for every few of them.
            if errors.count >= errorLimit {
                for index in blocks.indices.dropFirst(last + 1) where blocks[index].isScenario {
                    let found = blocks[index].errorsAlone(source: source, parse: parse)
                    if !found.isEmpty { errorsByBlock[index] = found }
                }
            }
            for index in errorsByBlock.keys {
                for line in blocks[index].lines { lines[line - 1] = lines[line - 1].hasSuffix("\r") ? "\r" : "" }
            }
            let parsed = parse(Array(lines.joined(separator: "\n").utf8))
            guard !parsed.errors.isEmpty else {
                // Scenarios with no Feature above them are no file's.
                guard parsed.document?.feature != nil else { return nil }
                let broken = errorsByBlock.sorted { $0.key < $1.key }.map { index, errors in
                    blocks[index].broken(errors: errors, source: source)
                }
                return ParseRecovery(parsed: parsed, broken: broken)
            }
            errors = parsed.errors
        }
        return nil
    }

    /// The errors of `lines` parsed below the `header` lines, at their lines in the file
    /// (`first` is the number of the first of `lines`).
    static func errors(
        of lines: [String], under header: [String], from first: Int, parse: ([UInt8]) -> ParsedFeatureFile
    ) -> [ParseError] {
        let offset = first - header.count - 1
        return parse(Array((header + lines).joined(separator: "\n").utf8)).errors.compactMap { error in
            var error = error
            error.location.line += offset
            return error.location.line >= first ? error : nil
        }
    }

    /// The refused lines written as a scenario's line with its keyword wrong (`シナリオー:`,
    /// `Scenaro:`, `しなりお:`, `Scenario` without its colon, `Scenario:` in a Japanese file)
    /// or after its tags (`@smoke Scenario: two`): each starts a scenario of its own, which
    /// fails, instead of breaking the one above it, whose steps stand before it.
    private static func misspeltScenarioLines(_ errors: [ParseError], source: SourceLines) -> Set<Int> {
        let dialect = source.dialect
        // The file's scenario words, and English and Japanese ones (`Scenario:` in a Japanese file).
        let scenarios = Set(([dialect] + KeywordLanguage.productDialects).flatMap { $0.scenario + $0.scenarioOutline })
        return Set(
            errors.compactMap { error in
                guard let line = source.line(error.location.line) else { return nil }
                if case .tagWithWhitespace = error.kind {
                    let words = line.afterLeadingTags
                    return scenarios.contains { words.hasPrefix($0 + ":") } ? error.location.line : nil
                }
                guard case .unexpectedLine = error.kind else { return nil }
                let typo =
                    KeywordTypoCheck.suspect(line, dialect: dialect, steps: false, colonless: true)
                    ?? KeywordTypoCheck.shortBlockTypo(line, dialect: dialect)
                let meant =
                    typo.map { String($0.keyword.dropLast()) }
                    ?? KeywordColon.missing(in: line).map { KeywordLanguage.own($0, in: dialect) }
                if let meant, scenarios.contains(meant) { return error.location.line }
                if scenarios.contains(where: { line.withoutIndent.hasPrefix($0 + ":") }) { return error.location.line }
                if case .lengthenedScenario = KeywordTypoCheck.lengthenedScenarioHint(for: line, dialect: dialect) {
                    return error.location.line
                }
                return nil
            })
    }

    /// How many errors the parser gives at most (`GherkinParser.maximumErrors`): so many
    /// mean it may have stopped before the file's end.
    private static let errorLimit = 10

    /// The line an error belongs to: the opening of a doc string the file's end left open,
    /// the last written line for another end of the file, else its own.
    private static func attributedLine(of error: ParseError, in lines: [String]) -> Int {
        guard case .unexpectedEndOfFile(let expected) = error.kind else { return error.location.line }
        let current = SourceLines { lines.joined(separator: "\n") }
        if expected.contains("#DocStringSeparator"), let open = current.unclosedDocString { return open }
        let last = lines.lastIndex { !$0.trimming(" \t\r").isEmpty }
        return (last ?? 0) + 1
    }

    /// A run of lines that starts at a keyword line (or a scenario's tags above it).
    private struct Block {
        var lines: ClosedRange<Int>
        /// The keyword line, for a scenario.
        var keywordLine: Int?
        var isScenario: Bool { keywordLine != nil }

        /// The file's blocks: the lines above the first keyword line below the Feature's,
        /// then one block per Background, Rule and scenario (with its Examples);
        /// `scenarioLines` start scenarios too. Tags typed with the full-width `＠` and a
        /// comment with the full-width `＃`, both refused lines, go with the scenario below,
        /// as do `tagLines`, tags written without their `@`.
        static func split(
            _ lines: [Substring], dialect: GherkinDialect, scenarioLines: Set<Int> = [], tagLines: Set<Int> = []
        ) -> [Block] {
            let scenarios = dialect.scenario + dialect.scenarioOutline
            let others = dialect.background + dialect.rule + dialect.feature
            var starts: [(line: Int, keywordLine: Int?)] = []
            var pendingTags: Int?
            var hasFeature = false
            for (index, raw) in lines.enumerated() {
                let text = String(raw.trimming(" \t\r\u{FEFF}"))
                let listed = scenarioLines.contains(index + 1)
                if !listed,
                    text.hasPrefix("@") || text.hasPrefix("＠") || text.hasPrefix("＃") || tagLines.contains(index + 1)
                {
                    pendingTags = pendingTags ?? index + 1
                    continue
                }
                if text.isEmpty || text.hasPrefix("#") { continue }
                // A scenario above the Feature line is no scenario of the file's.
                let isScenario =
                    hasFeature
                    && (listed || scenarios.contains { keywordLine(text, starts: $0) })
                hasFeature = hasFeature || dialect.feature.contains { keywordLine(text, starts: $0) }
                if isScenario || others.contains(where: { keywordLine(text, starts: $0) }) {
                    starts.append((pendingTags ?? index + 1, isScenario ? index + 1 : nil))
                }
                pendingTags = nil
            }
            // The lines above the first keyword line (or the whole file) are a block of their own.
            if starts.first.map({ $0.line > 1 }) ?? true { starts.insert((1, nil), at: 0) }
            return starts.indices.compactMap { position in
                let start = starts[position]
                let end = position + 1 < starts.count ? starts[position + 1].line - 1 : max(lines.count, 1)
                guard end >= start.line else { return nil }
                return Block(lines: start.line...end, keywordLine: start.keywordLine)
            }
        }

        /// The block holding `line`, found by halving (`blocks` follow each other in line
        /// order): a file of thousands of scenarios has as many errors at most.
        static func index(of line: Int, in blocks: [Block]) -> Int? {
            var low = 0
            var high = blocks.count
            while low < high {
                let middle = (low + high) / 2
                if blocks[middle].lines.upperBound < line { low = middle + 1 } else { high = middle }
            }
            return low < blocks.count && blocks[low].lines.contains(line) ? low : nil
        }

        /// `Scenario:`, `シナリオ：` (the full-width colon a Japanese input method types).
        private static func keywordLine(_ text: String, starts keyword: String) -> Bool {
            guard text.hasPrefix(keyword) else { return false }
            let rest = text.dropFirst(keyword.count).withoutIndent
            return rest.first == ":" || rest.first == "："
        }

        /// The errors of this block parsed alone, under the file's `# language:` and
        /// `Feature:` lines, at their lines in the file.
        func errorsAlone(source: SourceLines, parse: ([UInt8]) -> ParsedFeatureFile) -> [ParseError] {
            let language = source.declaredLanguage.map { ["# language: \($0)"] } ?? []
            let header = language + [(source.dialect.feature.first ?? "Feature") + ": -"]
            let text = lines.map { String(source.line($0) ?? "") }
            return ParseRecovery.errors(of: text, under: header, from: lines.lowerBound, parse: parse)
        }

        func broken(errors: [ParseError], source: SourceLines) -> BrokenScenario {
            var tags: [String] = []
            var keyword = ""
            var name = ""
            for number in lines {
                var text = source.line(number)?.trimming(" \t\r") ?? ""
                if number == keywordLine {
                    // `@smoke Scenario: two`: its tags, then the keyword line.
                    let words = text.split(separator: " ")
                    let lineTags = words.prefix { $0.hasPrefix("@") }
                    tags += lineTags.map(String.init)
                    if !lineTags.isEmpty { text = Substring(words.dropFirst(lineTags.count).joined(separator: " ")) }
                    // `Scenario b` or `Scenario b:`, its colon missing: the keyword it starts
                    // with, and the rest.
                    if let missing = KeywordColon.missing(in: text) {
                        keyword = missing
                        name = String(text.dropFirst(missing.count).trimming(" \t:："))
                    } else if let colon = text.firstIndex(where: { $0 == ":" || $0 == "：" }) {
                        keyword = String(text[..<colon].trimming(" \t"))
                        name = String(text[text.index(after: colon)...].trimming(" \t"))
                    } else if let typo = KeywordTypoCheck.suspect(
                        text, dialect: source.dialect, steps: false, colonless: true)
                    {
                        // `Scenari second one`: the misspelt keyword, and the rest.
                        (keyword, name) = (typo.word, typo.rest)
                    }
                    break
                }
                if text.hasPrefix("@") {
                    tags += text.split(separator: " ").prefix { !$0.hasPrefix("#") }.map(String.init)
                }
            }
            return BrokenScenario(
                line: keywordLine ?? lines.lowerBound, keyword: keyword, name: name, tags: tags,
                errors: errors.sorted { $0.location.line < $1.location.line }, lines: lines)
        }
    }
}
