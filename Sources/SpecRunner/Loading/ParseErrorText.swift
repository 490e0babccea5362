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
    static func describe(_ errors: [ParseError], path: String, source: SourceLines) -> [FileAdvice] {
        let found = diagnostics(errors, source: source)
        // A file in Japanese without its `# language: ja` line, or with one Gherkin did not
        // take (`＃ language: ja`), is told so in Japanese.
        let language =
            found.lazy.compactMap(\.undeclaredLanguage).first ?? source.headerProblem.flatMap(LanguageHeader.code)
            ?? source.dialect.language
        let wording = RunnerWording.of(language: language).advice
        return found.map { $0.worded(path: path, wording: wording) }
    }

    static func diagnostics(_ errors: [ParseError], source: SourceLines) -> [Diagnostic] {
        let sorted = errors.sorted {
            ($0.location.line, $0.location.column ?? 0) < ($1.location.line, $1.location.column ?? 0)
        }
        // Every error is listed (runner.md) but those that follow from one whose cause is the
        // file's language or its Feature line (a line refused while the Feature line is still
        // awaited): that one counts them. An error of another kind below (a ragged table), or
        // with a hint of its own, is listed; a file without its `# language:` line is read
        // again in the language of its keywords instead, for its other problems.
        let cascades = { (error: ParseError) in
            switch error.kind {
            case .unexpectedLine(let expected, _), .unexpectedEndOfFile(let expected):
                expected.contains("#FeatureLine")
            default: false
            }
        }
        var described: [RefusedLine] = []
        var cause: Int?
        for (index, error) in sorted.enumerated() {
            let refused = RefusedLine(error, source: source, languageHints: !(cause != nil && cascades(error)))
            described.append(refused)
            if cause == nil, refused.isLanguage, sorted[(index + 1)...].contains(where: cascades) { cause = index }
        }
        var readAgain: String?
        if let cause, source.headerProblem == nil {
            for case .languageUndeclared(_, let code, _, _) in described[cause].hints { readAgain = code }
        }
        // The errors below the cause that follow from it alone: refused while the Feature line
        // is awaited, with nothing of their own to fix (a `背景：` below a `機能：` has), or
        // found again when the file is read in its language.
        let follows = { (index: Int) in
            cause.map { index > $0 && cascades(sorted[index]) && (readAgain != nil || described[index].hints.isEmpty) }
                ?? false
        }
        // Lines: the end of the file, refused too when the Feature line never came, is none.
        let rest = sorted.indices.filter(follows).filter {
            if case .unexpectedEndOfFile = sorted[$0].kind { false } else { true }
        }.count
        // A tag line Gherkin refuses twice (`@wip ＠slow`: a tag with a space, then the line) is told once.
        let repeated = { (index: Int) in index > 0 && sorted[index - 1].location.line == sorted[index].location.line }
        var found = sorted.indices.filter { !follows($0) && !repeated($0) }.map { index in
            let (location, refused) = (sorted[index].location, described[index])
            // The end of the file has no column of its own; editors still want one.
            return Diagnostic(
                line: location.line, column: location.column ?? 1,
                message: .parseError(
                    refused.problem, hints: refused.hints, unclosedDocString: refused.unclosed,
                    sameCause: index == cause ? rest : 0))
        }
        if let readAgain { found += problems(of: source, readIn: readAgain) }
        return found.sorted { ($0.line ?? 0, $0.column) < ($1.line ?? 0, $1.column) }
    }

    /// The problems a file without a `# language:` line has when read in `language`, the
    /// one its keywords are in: found in the same run as the missing line.
    private static func problems(of source: SourceLines, readIn language: String) -> [Diagnostic] {
        var lines = source.lines.map(String.init)
        // A byte-order mark opens the file, which Gherkin skips there; below the added
        // `# language:` line it would open the Feature line.
        if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0].removeFirst() }
        let errors = ParseRecovery.errors(of: lines, under: ["# language: \(language)"], from: 1) {
            parseFeatureFile(bytes: $0, uri: "")
        }
        return diagnostics(errors, source: SourceLines(assuming: language) { lines.joined(separator: "\n") })
    }

    /// `#StepLine, #TableRow, #EOF` as the words for them; nil when a name is not one the
    /// parser uses (the message is then left as it is). Comments and blank lines are
    /// allowed everywhere, so they are not listed.
    static func words(for expected: [String], dialect: GherkinDialect) -> [Diagnostic.ExpectedWord]? {
        // English lists `Example` before `Scenario`: its usual words are named instead.
        // Other languages name every word they have (`'フィーチャ:'/'機能:'`).
        let keyword = { (words: [String], english: String) -> Diagnostic.ExpectedWord in
            .keyword(
                words: dialect.language == "en" ? [] : words.map { String($0.trimming(" \t\r")) }, english: english)
        }
        let known: [String: Diagnostic.ExpectedWord] = [
            "#FeatureLine": keyword(dialect.feature, "Feature"), "#RuleLine": keyword(dialect.rule, "Rule"),
            "#BackgroundLine": keyword(dialect.background, "Background"),
            "#ScenarioLine": keyword(dialect.scenario, "Scenario"),
            "#ExamplesLine": keyword(dialect.examples, "Examples"), "#EOF": .endOfFile, "#TagLine": .tag,
            "#StepLine": .step, "#DocStringSeparator": .docString, "#TableRow": .tableRow,
        ]
        var words: [Diagnostic.ExpectedWord] = []
        for name in expected where !["#Comment", "#Empty", "#Language", "#Other"].contains(name) {
            guard let word = known[name] else { return nil }
            words.append(word)
        }
        return words.isEmpty ? nil : words
    }
}
