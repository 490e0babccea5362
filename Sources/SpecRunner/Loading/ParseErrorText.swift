import Gherkin

/// A file's parse errors as the runner prints and reports them: `file:line:column:
/// message`, in words a QA engineer can act on, from the parser's structured errors
/// (`ParseError.Kind`). Token names (`#StepLine`, `#TableRow`) become what to write
/// (`a step`, `a table row`), and a refused line gets a hint when it looks like a keyword
/// typed wrong (`Whn`, `シナリオ：`, `Examples` without its colon). A file in Japanese
/// (`# language: ja`) has them in Japanese (the file's author reads them; the run's
/// headings stay English, as one run may mix languages).
enum ParseErrorText {
    /// A file's errors in line order. A keyword of another language is refused again on
    /// every keyword line below it; the first error says why, and stands for the rest.
    static func describe(_ errors: [ParseError], path: String, source: SourceLines) -> [String] {
        diagnostics(errors, source: source).map {
            $0.rendered(path: path, wording: adviceWording(language: source.dialect.language))
        }
    }

    static func diagnostics(_ errors: [ParseError], source: SourceLines) -> [Diagnostic] {
        let sorted = errors.sorted {
            ($0.location.line, $0.location.column ?? 0) < ($1.location.line, $1.location.column ?? 0)
        }
        // Every error is listed (runner.md); after one whose cause is the file's language or
        // its Feature line, the reader is told that those below it that follow from it (a line
        // refused while the Feature line is still awaited) do, and those get no hint of that
        // kind again. An error of another kind below (a ragged table) keeps its own.
        let cascades = { (error: ParseError) in
            switch error.kind {
            case .unexpectedLine(let expected, _), .unexpectedEndOfFile(let expected):
                expected.contains("#FeatureLine")
            default: false
            }
        }
        var described: [(problem: Diagnostic.ParseProblem, hints: [Diagnostic.Hint], unclosed: Int?)] = []
        var cause: Int?
        for (index, error) in sorted.enumerated() {
            let refused = RefusedLine.describe(error, source: source, languageHints: !(cause != nil && cascades(error)))
            described.append((refused.problem, refused.hints, refused.unclosed))
            if cause == nil, refused.isLanguage, sorted[(index + 1)...].contains(where: cascades) { cause = index }
        }
        // The errors below the cause that follow from it alone: refused while the Feature line
        // is awaited, with nothing of their own to fix (a `背景：` below a `機能：` has).
        let rest = cause.map { cause in
            sorted.indices.filter { $0 > cause && cascades(sorted[$0]) && described[$0].hints.isEmpty }.count
        }
        return zip(sorted, described).enumerated().map { index, pair in
            let (error, refused) = pair
            // The end of the file has no column of its own; editors still want one.
            return Diagnostic(
                line: error.location.line, column: error.location.column ?? 1,
                message: .parseError(
                    refused.problem, hints: refused.hints, unclosedDocString: refused.unclosed,
                    sameCause: index == cause ? rest ?? 0 : 0))
        }
    }

    /// `#StepLine, #TableRow, #EOF` as the words for them; nil when a name is not one the
    /// parser uses (the message is then left as it is). Comments and blank lines are
    /// allowed everywhere, so they are not listed.
    static func words(for expected: [String], dialect: GherkinDialect) -> [Diagnostic.ExpectedWord]? {
        var words: [Diagnostic.ExpectedWord] = []
        // English lists `Example` before `Scenario`: its usual words are named instead.
        // Other languages name every word they have (`'フィーチャ:'/'機能:'`).
        let keyword = { (list: [String], english: String) -> Diagnostic.ExpectedWord in
            guard dialect.language != "en" else { return .keyword(words: [], english: english) }
            return .keyword(words: list.map { String($0.trimmingCharacters(in: " \t\r")) }, english: english)
        }
        for name in expected {
            switch name {
            case "#Comment", "#Empty", "#Language", "#Other": continue
            case "#EOF": words.append(.endOfFile)
            case "#TagLine": words.append(.tag)
            case "#FeatureLine": words.append(keyword(dialect.feature, "Feature"))
            case "#RuleLine": words.append(keyword(dialect.rule, "Rule"))
            case "#BackgroundLine": words.append(keyword(dialect.background, "Background"))
            case "#ScenarioLine": words.append(keyword(dialect.scenario, "Scenario"))
            case "#ExamplesLine": words.append(keyword(dialect.examples, "Examples"))
            case "#StepLine": words.append(.step)
            case "#DocStringSeparator": words.append(.docString)
            case "#TableRow": words.append(.tableRow)
            default: return nil
            }
        }
        return words.isEmpty ? nil : words
    }
}
