import Gherkin

/// One parse error as a `Diagnostic`: what the parser refused, in the file's words, and
/// hints on what the line was meant to be (a keyword typed wrong, of another language, a
/// line where it cannot stand).
struct RefusedLine {
    var problem: Diagnostic.ParseProblem
    var hints: [Diagnostic.Hint] = []
    /// The line that opened a doc string the file's end left open.
    var unclosed: Int?
    /// Whether the hints explain the errors below it too: a keyword of another language,
    /// or what is wrong where only a Feature line could stand.
    var isLanguage = false

    /// `languageHints` false leaves out the hints that explain the errors below (an earlier
    /// error gave them).
    init(_ error: ParseError, source: SourceLines, languageHints: Bool) {
        let dialect = source.dialect
        problem = .asWritten(Self.messageText(error.message))
        switch error.kind {
        case .unexpectedLine(let expected, let text):
            if let words = ParseErrorText.words(for: expected, dialect: dialect) {
                problem = .unexpectedLine(expected: words, text: text)
            }
            // `@regression @smoke test`: Gherkin refuses a line of tags with a space in one.
            if text.hasPrefix("@"), let hint = Self.tagHint(line: error.location.line, source: source) {
                hints.append(hint)
                break
            }
            if let found = Self.hint(
                for: Substring(text), line: error.location.line, expected: expected, source: source)
            {
                if languageHints || !found.once { hints.append(found.hint) }
                isLanguage = found.explainsBelow
            }
        case .unexpectedEndOfFile(let expected):
            if let words = ParseErrorText.words(for: expected, dialect: dialect) {
                problem = .unexpectedEndOfFile(expected: words)
            }
            // The end of the file inside a doc string: the reader wants the line that opened it.
            if expected.contains("#DocStringSeparator") { unclosed = source.unclosedDocString }
        case .tagWithWhitespace:
            problem = .tagWithWhitespace
            if let sign = source.line(error.location.line).flatMap(FullWidthSign.reading) {
                hints.append(.fullWidthSign(sign))
            } else if let hint = Self.tagHint(line: error.location.line, source: source) {
                hints.append(hint)
            }
        case .unknownLanguage(let written):
            problem = .unknownLanguage(written)
            let meant = LanguageHeader.meaning(of: written)
            hints.append(
                meant.map { .languageMeant(code: $0, name: GherkinDialect.named($0)?.name ?? $0) } ?? .languageCodes)
        case .inconsistentCells(let cells, let firstRow):
            problem = .raggedTable
            hints.append(.raggedRow(cells: cells, firstRow: firstRow))
            // `| ラテ ｜ 520 |`: a bar typed full-width inside a row (this one, or one above it in
            // the table, which then has a cell too few) is no bar to Gherkin.
            var row = error.location.line
            while let text = source.line(row), text.withoutIndent.hasPrefix("|") {
                if text.contains("｜") {
                    hints.append(.fullWidthTableBar)
                    break
                }
                row -= 1
            }
            if let unended = TableRowEnd.hint(forRowAt: error.location.line, source: source) { hints.append(unended) }
        case .unreadableSource:
            break
        }
    }

    /// The message without its `(line:column): ` prefix.
    private static func messageText(_ message: String) -> String {
        guard message.hasPrefix("("), let close = message.firstIndex(of: ")"),
            message[message.index(after: close)...].hasPrefix(": ")
        else { return message }
        return String(message[message.index(close, offsetBy: 3)...])
    }

    /// What a refused line was meant to be, whether the hint stands for the errors below it
    /// (where the parser wanted the Feature line), and whether it is said once
    /// for them all (a line typed wrong is told on every line it is true of).
    private static func hint(
        for refused: Substring, line: Int, expected: [String], source: SourceLines
    ) -> (hint: Diagnostic.Hint, explainsBelow: Bool, once: Bool)? {
        let dialect = source.dialect
        let feature = expected.contains("#FeatureLine")
        // Below a Feature line Gherkin read in English, the file is English, unless a
        // `# language:` line was written wrong: a Japanese keyword is then told in English.
        let declared = source.isDeclared || (!feature && source.headerProblem == nil)
        let typo =
            KeywordTypoCheck.suspect(refused, dialect: dialect, steps: true, shortWords: true, colonless: true)
            ?? KeywordTypoCheck.japaneseStepTypo(refused, dialect: dialect)
            ?? KeywordTypoCheck.shortBlockTypo(refused, dialect: dialect)
        // Below a Feature line in the file's language, a word a letter from one of its
        // keywords is that keyword misspelt (`Scenaro:`), not Esperanto's `Scenaro`: only
        // the product's languages are looked for then, as in description text.
        if let hint = KeywordLanguage.hint(
            for: refused, dialect: dialect, declared: declared, written: source.isDeclared,
            productLanguagesOnly: !feature && typo != nil,
            header: source.headerProblem)
        {
            // Undeclared, every keyword line below is also refused; declared, only where
            // the Feature line should stand (a line of its own otherwise).
            return (hint, !declared || feature, true)
        }
        // How the line itself is typed (`背景：`, `｜`): said on every line it is true of.
        // A word a letter from one of the file's keywords is that keyword misspelt (`Scenaro
        // second one`), even when another language has it (Esperanto's `Scenaro`).
        let colon =
            KeywordColon.fullWidth(in: refused).map { Diagnostic.Hint.fullWidthColon(keyword: $0) }
            ?? KeywordColon.missing(in: refused).flatMap { written in
                let own = KeywordLanguage.own(written, in: dialect)
                return typo != nil && own != written ? nil : .colonMissing(keyword: own)
            }
        if let hint = colon ?? layoutHint(for: refused, dialect: dialect) {
            return (hint, feature, false)
        }
        // Where only a Feature line could stand, every keyword line below the refused
        // one is also refused: its hint stands for theirs.
        if let hint = structureHint(for: refused, line: line, expected: expected, source: source) {
            return (hint, feature, true)
        }
        if let hint = KeywordTypoCheck.lengthenedScenarioHint(for: refused, dialect: dialect) {
            return (hint, false, false)
        }
        // A Feature line misspelt where it should stand: every line below it is refused too.
        if let typo {
            let isFeature = feature && dialect.feature.contains { $0 + ":" == typo.keyword }
            return (.misspelt(word: typo.word, keyword: typo.keyword), isFeature, false)
        }
        if expected.contains("#TagLine"), let tags = TagWithoutAt.written(at: line, source: source) {
            return (.tagWithoutAt(write: tags), false, false)
        }
        // `Then the display shows """`: the delimiter ends the step's line, so the text below is refused.
        if let above = source.lineAbove(line),
            let delimiter = ["\"\"\"", "```"].first(where: { above.text.hasSuffix($0) && !above.text.hasPrefix($0) })
        {
            return (.docStringOnStepLine(line: above.number, delimiter: delimiter), false, false)
        }
        if expected.contains("#StepLine"), let first = refused.withoutIndent.first, !"@|#\"`".contains(first) {
            // A short Japanese word and a space (`模試 お会計に進む`): a keyword converted wrong.
            let text = refused.withoutIndent.trimming(" \t\r")
            // `Then` alone: a step keyword whose step is still to be written.
            if dialect.stepKeywords.contains(where: { $0.trimming(" ") == text }) {
                return (.keywordAlone, false, false)
            }
            if let space = text.firstIndex(of: " "), text[..<space].hasWideScript, text[..<space].count <= 3 {
                let rest = text[space...].drop { $0 == " " }
                let write = KeywordTypoCheck.stepLine(rest, dialect.and, english: "And ", dialect: dialect)
                return (.notKeyword(word: String(text[..<space]), write: write), false, false)
            }
            let write = KeywordTypoCheck.stepLine(refused, dialect.and, english: "And ", dialect: dialect)
            return (.stepWithoutKeyword(write: write, orComment: true), false, false)
        }
        return nil
    }

    /// A line written almost right: a table typed with full-width bars (`｜ name ｜`), or
    /// a Background where none may stand (after tags, or after a scenario).
    static func layoutHint(for line: Substring, dialect: GherkinDialect) -> Diagnostic.Hint? {
        let text = line.withoutIndent
        if text.hasPrefix("｜") { return .fullWidthTableBar }
        if let sign = FullWidthSign.reading(of: text) { return .fullWidthSign(sign) }
        if let spacing = KeywordSpacing.reading(of: text, dialect: dialect) { return .keywordSpacing(spacing) }
        // `ラテ | 450 |`: a row of a table without its first bar.
        if !text.hasPrefix("|"), text.hasSuffix("|"), text.filter({ $0 == "|" }).count >= 2 {
            return .rowWithoutFirstBar(text: String(text))
        }
        if dialect.background.contains(where: { text.hasPrefix($0 + ":") }) { return .misplacedBackground }
        return nil
    }

    /// A hint for `refused`, the text of line `line` (1-based), when Gherkin refused it
    /// because of where it stands, not how it is spelt: a second `Feature:` in a file, a
    /// scenario with no `Feature:` above it, tags above a step. The file's lines give what
    /// the parser's error does not: the line above the refused one. `expected`: the token
    /// names the parser wanted there.
    private static func structureHint(for refused: Substring, line: Int, expected: [String], source: SourceLines)
        -> Diagnostic.Hint?
    {
        let text = refused.withoutIndent
        let dialect = source.dialect
        let featureWord = dialect.usualKeyword(dialect.feature, english: "Feature")
        if dialect.feature.contains(where: { text.hasPrefix($0 + ":") }), line > 1 {
            return .secondFeature(feature: featureWord)
        }
        let blocks = dialect.scenario + dialect.scenarioOutline + dialect.background + dialect.rule
        if expected.contains("#FeatureLine"), !expected.contains("#ScenarioLine"),
            blocks.contains(where: { text.hasPrefix($0 + ":") })
        {
            return .featureFirst(feature: featureWord)
        }
        let steps = dialect.stepKeywords.filter { $0.trimming(" ") != "*" }
        if steps.contains(where: { text.hasPrefix($0) }), let above = source.lineAbove(line), above.text.hasPrefix("@")
        {
            return .tagsAboveStep(
                line: above.number, feature: featureWord,
                scenario: dialect.usualKeyword(dialect.scenario, english: "Scenario"),
                examples: dialect.usualKeyword(dialect.examples, english: "Examples"))
        }
        return nil
    }

    /// For `A tag may not contain whitespace`: the tag as written and the two ways to
    /// write what was meant (`write '@smoke_test' for one tag, or '@smoke @test' for two`).
    private static func tagHint(line: Int, source: SourceLines) -> Diagnostic.Hint? {
        guard let text = source.line(line)?.trimming(" \t\r") else { return nil }
        // The words from the first tag a word without `@` follows up to the next tag or a
        // comment (`@smoke test` in `@regression @smoke test`).
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard
            let start = words.indices.dropLast().first(where: {
                words[$0].hasPrefix("@") && !words[$0].dropFirst().isEmpty && !words[$0 + 1].hasPrefix("@")
                    && !words[$0 + 1].hasPrefix("#")
            })
        else { return nil }
        let run = [words[start]] + words[(start + 1)...].prefix { !$0.hasPrefix("@") && !$0.hasPrefix("#") }
        guard run.count > 1 else { return nil }
        // `@smoke Scenario: x`: the keyword line after its tags.
        let line = text.afterLeadingTags
        if let first = line.first,
            KeywordLanguage.blockKeywords(startingWith: first).contains(where: { line.hasPrefix($0 + ":") })
        {
            return .keywordAfterTags(tags: words[...start].joined(separator: " "), line: line)
        }
        // `@yamada さんに確認済み。`: a sentence, not tags.
        if let end = run.last?.last, "。．.!！?？".contains(end) {
            return .proseStartsWithTag(write: String(text.dropFirst()))
        }
        let many = run.enumerated().map { $0.offset == 0 ? String($0.element) : "@" + $0.element }
        return .tagWithSpace(
            written: run.joined(separator: " "), one: run.joined(separator: "_"), many: many.joined(separator: " "))
    }
}
