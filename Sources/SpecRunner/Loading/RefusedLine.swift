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
            let found = Self.hint(for: Substring(text), line: error.location.line, expected: expected, source: source)
            if let found {
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
            if let hint = StructureAdvice.tagHint(line: error.location.line, source: source) { hints.append(hint) }
        case .unknownLanguage(let written):
            if let meant = LanguageHeader.meaning(of: written) {
                hints.append(.languageMeant(code: meant, name: GherkinDialect.named(meant)?.name ?? meant))
            } else {
                hints.append(.languageCodes)
            }
        case .inconsistentCells(let cells, let firstRow):
            problem = .raggedTable
            hints.append(.raggedRow(cells: cells.count, firstRow: firstRow))
            if let unended = TableRowEnd.hint(forRowAt: error.location.line, source: source) { hints.append(unended) }
        case .unreadableSource:
            break
        }
    }

    /// The message without its `(line:column): ` prefix.
    private static func messageText(_ message: String) -> String {
        var text = Substring(message)
        if text.hasPrefix("("), let close = text.firstIndex(of: ")") {
            let after = text[text.index(after: close)...]
            if after.hasPrefix(": ") { text = after.dropFirst(2) }
        }
        return String(text)
    }

    /// What a refused line was meant to be, whether the hint stands for the errors below it
    /// (where the parser wanted the Feature line), and whether it is said once
    /// for them all (a line typed wrong is told on every line it is true of).
    private static func hint(
        for refused: Substring, line: Int, expected: [String], source: SourceLines
    ) -> (hint: Diagnostic.Hint, explainsBelow: Bool, once: Bool)? {
        let dialect = source.dialect
        let feature = expected.contains("#FeatureLine")
        let declared = source.isDeclared
        if let hint = KeywordLanguage.hint(
            for: refused, dialect: dialect, declared: declared, header: source.headerProblem)
        {
            // Undeclared, every keyword line below is also refused; declared, only where
            // the Feature line should stand (a line of its own otherwise).
            return (hint, !declared || feature, true)
        }
        // How the line itself is typed (`背景：`, `｜`): said on every line it is true of.
        let colon =
            KeywordColon.fullWidth(in: refused).map { Diagnostic.Hint.fullWidthColon(keyword: $0) }
            ?? KeywordColon.missing(in: refused).map { .colonMissing(keyword: $0) }
        if let hint = colon ?? layoutHint(for: refused, dialect: dialect) {
            return (hint, feature, false)
        }
        // Where only a Feature line could stand, every keyword line below the refused
        // one is also refused: its hint stands for theirs.
        if let hint = StructureAdvice.hint(for: refused, line: line, expected: expected, source: source) {
            return (hint, feature, true)
        }
        if let hint = KeywordTypoCheck.lengthenedScenarioHint(for: refused, dialect: dialect) {
            return (hint, false, false)
        }
        if let keyword = KeywordTypoCheck.suspect(refused, dialect: dialect, steps: true, shortWords: true) {
            let word = refused.withoutIndent.prefix { $0 != " " && $0 != ":" }
            return (.misspelt(word: String(word), keyword: keyword), false, false)
        }
        if let typo = KeywordTypoCheck.japaneseStepTypo(refused, dialect: dialect) {
            return (.misspelt(word: typo.word, keyword: typo.keyword), false, false)
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
}
