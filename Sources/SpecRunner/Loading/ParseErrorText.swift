import Gherkin

/// A parse error as the runner prints and reports it: `file:line:column: message`, in
/// words a QA engineer can act on. The parser's token names (`#StepLine`, `#TableRow`)
/// become what to write (`a step`, `a table row`), and a refused line gets advice when it
/// looks like a keyword typed wrong (`Whn`, `シナリオ：`, `Examples` without its colon).
/// A file in Japanese (`# language: ja`) has them in Japanese (the file's author reads them;
/// the run's headings stay English, as one run may mix languages).
enum ParseErrorText {
    /// A file's errors in line order. A keyword of another language is refused again on
    /// every keyword line below it; the first error says why, and stands for the rest.
    static func describe(_ errors: [ParseError], path: String, source: String?) -> [String] {
        let declared = declaredLanguage(of: source).flatMap(GherkinDialect.named)
        let dialect = declared ?? .english
        let header = declared == nil ? LanguageHeader.problem(in: source) : nil
        let sourceLines = (source ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        let japanese = dialect.language == "ja"
        let sorted = errors.sorted {
            ($0.location.line, $0.location.column ?? 0) < ($1.location.line, $1.location.column ?? 0)
        }
        // Every error is listed (runner.md); after one whose cause is the file's language or
        // its Feature line, the reader is told that those below it that follow from it (a line
        // refused while the Feature line is still awaited) do, and those get no advice of that
        // kind again. An error of another kind below (a ragged table) keeps its own.
        let cascades = { (error: ParseError) in error.message.contains("#FeatureLine") }
        var described: [(text: String, advised: Bool)] = []
        var cause: Int?
        for (index, error) in sorted.enumerated() {
            var (text, isLanguage, advised) = describe(
                error, path: path, dialect: dialect, declared: declared != nil,
                languageAdvice: !(cause != nil && cascades(error)), header: header, lines: sourceLines)
            // The end of the file inside a doc string: the reader wants the line that opened it.
            if error.message.contains("unexpected end of file"), error.message.contains("#DocStringSeparator"),
                let opened = unclosedDocString(in: source)
            {
                text +=
                    japanese
                    ? "（\(opened)行目で始まった \"\"\" が閉じられていません）"
                    : " (the doc string opened at line \(opened) is never closed)"
            }
            described.append((text, advised))
            if cause == nil, isLanguage, sorted[(index + 1)...].contains(where: cascades) { cause = index }
        }
        var lines = described.map(\.text)
        // The errors below the cause that follow from it alone: refused while the Feature line
        // is awaited, with nothing of their own to fix (a `背景：` below a `機能：` has).
        if let cause {
            let rest = sorted.indices.filter { $0 > cause && cascades(sorted[$0]) && !described[$0].advised }.count
            if rest > 0 {
                let below = rest == 1 ? "the error below it comes" : "the \(rest) errors below it come"
                lines[cause] += japanese ? " — 以下の\(rest)件のエラーも同じ原因です" : " — \(below) from the same cause"
            }
        }
        return lines
    }

    /// The line of a doc string's opening delimiter that no line closes, if any.
    static func unclosedDocString(in source: String?) -> Int? {
        var open: (delimiter: Substring, line: Int)?
        for (index, line) in (source ?? "").split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: " \t\r")
            if let current = open {
                if text == current.delimiter { open = nil }
            } else if text.hasPrefix("\"\"\"") || text.hasPrefix("```") {
                open = (text.prefix(3), index + 1)
            }
        }
        return open?.line
    }

    /// `path:line:column: message (advice)`.
    static func describe(_ error: ParseError, path: String, dialect: GherkinDialect) -> String {
        describe(error, path: path, dialect: dialect, declared: true).text
    }

    /// The message, and whether its advice explains the errors below it too: a keyword of
    /// another language, or what is wrong where only a Feature line could stand.
    /// `declared` is whether the file names its language (`# language: ja`).
    /// `languageAdvice` false leaves such advice out (an earlier error gave it).
    private static func describe(
        _ error: ParseError, path: String, dialect: GherkinDialect, declared: Bool, languageAdvice: Bool = true,
        header: LanguageHeader.Problem? = nil, lines: [Substring] = []
    ) -> (text: String, isLanguage: Bool, advised: Bool) {
        var isLanguage = false
        let japanese = dialect.language == "ja"
        var message = Substring(error.message)
        if message.hasPrefix("("), let close = message.firstIndex(of: ")") {
            let after = message[message.index(after: close)...]
            if after.hasPrefix(": ") { message = after.dropFirst(2) }
        }
        var text = String(message)
        var advice: [String] = []
        if message.hasPrefix("expected: "), let got = message.firstRange(of: ", got '") {
            let refused = message[got.upperBound...].dropLast()
            let expected = message[message.index(message.startIndex, offsetBy: 10)..<got.lowerBound]
            if let words = words(for: expected, dialect: dialect) {
                text =
                    japanese
                    ? "ここに書けるのは\(words)です。「\(refused.drop { $0 == " " || $0 == "\t" })」は書けません"
                    : "expected \(words), got '\(refused)'"
            }
            if let hint = KeywordLanguage.advice(
                for: refused, dialect: dialect, declared: declared, header: header, japanese: japanese)
            {
                if languageAdvice { advice.append(hint) }
                // Undeclared, every keyword line below is also refused; declared, only where
                // the Feature line should stand (a line of its own otherwise).
                isLanguage = !declared || expected.contains("#FeatureLine")
            } else if let hint = KeywordColon.parseErrorAdvice(for: refused, japanese: japanese)
                ?? layoutAdvice(for: refused, dialect: dialect)
            {
                // How the line itself is typed (`背景：`, `｜`): said on every line it is true of.
                advice.append(hint)
                isLanguage = expected.contains("#FeatureLine")
            } else if let hint = StructureAdvice.advice(
                for: refused, line: error.location.line, expected: expected, lines: lines, dialect: dialect)
            {
                // Where only a Feature line could stand, every keyword line below the refused
                // one is also refused: its advice stands for theirs.
                if languageAdvice { advice.append(hint) }
                isLanguage = expected.contains("#FeatureLine")
            } else if let hint = KeywordTypoCheck.lengthenedScenarioAdvice(
                for: refused, dialect: dialect, japanese: japanese)
            {
                advice.append(hint)
            } else if let keyword = KeywordTypoCheck.suspect(refused, dialect: dialect, steps: true, shortWords: true) {
                let word = refused.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != ":" }
                advice.append(KeywordTypoCheck.misspelt(word, keyword, japanese: japanese))
            } else if let typo = KeywordTypoCheck.japaneseStepTypo(refused, dialect: dialect) {
                advice.append(KeywordTypoCheck.misspelt(typo.word, typo.keyword, japanese: japanese))
            }
        } else if message == "A tag may not contain whitespace" {
            if japanese { text = "タグに空白は入れられません" }
            if let hint = StructureAdvice.tagAdvice(line: error.location.line, lines: lines, japanese: japanese) {
                advice.append(hint)
            }
        } else if message.hasPrefix("Language not supported: ") {
            let written = String(message.dropFirst("Language not supported: ".count))
            if let meant = LanguageHeader.meaning(of: written) {
                let name = GherkinDialect.named(meant)?.name ?? meant
                advice.append("did you mean '\(meant)'? A file written in \(name) starts with '# language: \(meant)'")
            } else {
                advice.append("the codes are Gherkin's, such as 'en' and 'ja'")
            }
        } else if let range = message.firstRange(of: "unexpected end of file, expected: "),
            let words = words(for: message[range.upperBound...], dialect: dialect)
        {
            text =
                japanese
                ? "ファイルが途中で終わっています。続きに書けるのは\(words)です" : "unexpected end of file, expected \(words)"
        }
        if message == "inconsistent cell count within the table" {
            if japanese {
                text = "表の列の数がそろっていません"
                // `this row has 1 cell, the table's first row has 2`
                let counts = (error.detail ?? "").split { !$0.isNumber }.compactMap { Int($0) }
                if counts.count == 2 { advice.append("この行は\(counts[0])列、表の最初の行は\(counts[1])列") }
            } else if let detail = error.detail {
                advice.append(detail)
            }
            if let unended = TableRowEnd.advice(forRowAt: error.location.line, lines: lines, japanese: japanese) {
                advice.append(unended)
            }
        } else if let detail = error.detail {
            advice.append(detail)
        }
        // The end of the file has no column of its own; editors still want one.
        let column = ":\(error.location.column ?? 1)"
        let suffix =
            advice.isEmpty
            ? "" : japanese ? "（\(advice.joined(separator: "。"))）" : " (\(advice.joined(separator: "; ")))"
        return ("\(path):\(error.location.line)\(column): \(text)\(suffix)", isLanguage, !advice.isEmpty)
    }

    /// `#StepLine, #TableRow, #EOF` as `a step, a table row or the end of the file`; nil
    /// when a name is not one the parser uses (the message is then left as it is).
    /// Comments and blank lines are allowed everywhere, so they are not listed.
    static func words(for expected: Substring, dialect: GherkinDialect) -> String? {
        let japanese = dialect.language == "ja"
        var words: [String] = []
        // English lists `Example` before `Scenario`: its usual words are named instead.
        // Other languages name every word they have (`'フィーチャ:'/'機能:'`).
        let keyword = { (list: [String], english: String) in
            guard dialect.language != "en", !list.isEmpty else { return "'\(english):'" }
            return list.map { word in
                let bare = word.trimmingCharacters(in: " \t\r")
                return japanese ? "「\(bare):」" : "'\(bare):'"
            }.joined(separator: "/")
        }
        for name in expected.split(separator: ", ") {
            switch name {
            case "#Comment", "#Empty", "#Language", "#Other": continue
            case "#EOF": words.append(japanese ? "ファイルの終わり" : "the end of the file")
            case "#TagLine": words.append(japanese ? "タグ" : "a tag")
            case "#FeatureLine": words.append(keyword(dialect.feature, "Feature"))
            case "#RuleLine": words.append(keyword(dialect.rule, "Rule"))
            case "#BackgroundLine": words.append(keyword(dialect.background, "Background"))
            case "#ScenarioLine": words.append(keyword(dialect.scenario, "Scenario"))
            case "#ExamplesLine": words.append(keyword(dialect.examples, "Examples"))
            case "#StepLine": words.append(japanese ? "ステップ" : "a step")
            case "#DocStringSeparator": words.append(japanese ? "\"\"\" で囲んだテキスト" : "a doc string (\"\"\")")
            case "#TableRow": words.append(japanese ? "表の行" : "a table row")
            default: return nil
            }
        }
        guard let last = words.popLast() else { return nil }
        guard !words.isEmpty else { return last }
        return japanese ? words.joined(separator: "、") + "または" + last : words.joined(separator: ", ") + " or " + last
    }

    /// Advice for a line that is written almost right: a table typed with full-width bars
    /// (`｜ name ｜`), or a Background where none may stand (after tags, or after a scenario).
    static func layoutAdvice(for line: Substring, dialect: GherkinDialect) -> String? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        let japanese = dialect.language == "ja"
        if text.hasPrefix("｜") {
            return japanese ? "表の区切りが全角の「｜」です。「|」と書きます" : "the table's bars are the full-width '｜'; write '|'"
        }
        if let sign = FullWidthSign.advice(for: text, japanese: japanese) { return sign }
        if let spacing = KeywordSpacing.reading(of: text, dialect: dialect) {
            return spacing.advice(japanese: japanese)
        }
        // `ラテ | 450 |`: a row of a table without its first bar.
        if !text.hasPrefix("|"), text.hasSuffix("|"), text.filter({ $0 == "|" }).count >= 2 {
            return japanese
                ? "表の行は「|」で始めます。「| \(text)」と書きます" : "a table row starts with '|' as well: write '| \(text)'"
        }
        if dialect.background.contains(where: { text.hasPrefix($0 + ":") }) {
            return japanese
                ? "背景にはタグを付けられず、機能かルールの最初のシナリオより前に1回だけ書けます"
                : "a Background has no tags and stands once, before the first Scenario of its Feature or Rule"
        }
        return nil
    }

    /// The language a file declares in its `# language:` header, or English.
    static func dialect(of source: String?) -> GherkinDialect {
        declaredLanguage(of: source).flatMap(GherkinDialect.named) ?? .english
    }

    /// The code in the file's `# language:` header, or nil when it has none.
    static func declaredLanguage(of source: String?) -> String? {
        for line in (source ?? "").split(separator: "\n", maxSplits: 50) {
            let text = line.trimmingCharacters(in: " \t\r")
            if text.isEmpty { continue }
            guard text.hasPrefix("#") else { break }
            let comment = text.dropFirst().trimmingCharacters(in: " \t\r")
            guard comment.hasPrefix("language"), let colon = comment.firstIndex(of: ":") else { continue }
            return String(comment[comment.index(after: colon)...].trimmingCharacters(in: " \t\r"))
        }
        return nil
    }
}
