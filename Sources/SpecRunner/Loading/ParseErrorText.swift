import Gherkin

/// A parse error as the runner prints and reports it: `file:line:column: message`, in
/// words a QA engineer can act on. The parser's token names (`#StepLine`, `#TableRow`)
/// become what to write (`a step`, `a table row`), and a refused line gets advice when it
/// looks like a keyword typed wrong (`Whn`, `シナリオ：`, `Examples` without its colon).
enum ParseErrorText {
    /// `path:line:column: message (advice)`.
    static func describe(_ error: ParseError, path: String, dialect: GherkinDialect) -> String {
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
            if let words = words(for: expected, dialect: dialect) { text = "expected \(words), got '\(refused)'" }
            if let hint = KeywordColon.parseErrorAdvice(for: refused) {
                advice.append(hint)
            } else if let keyword = KeywordTypoCheck.suspect(refused, dialect: dialect, steps: true, shortWords: true) {
                let word = refused.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != ":" }
                advice.append("'\(word)' looks like the keyword '\(keyword)' misspelt")
            }
        } else if let range = message.firstRange(of: "unexpected end of file, expected: "),
            let words = words(for: message[range.upperBound...], dialect: dialect)
        {
            text = "unexpected end of file, expected \(words)"
        }
        if let detail = error.detail { advice.append(detail) }
        let column = error.location.column.map { ":\($0)" } ?? ""
        let suffix = advice.isEmpty ? "" : " (\(advice.joined(separator: "; ")))"
        return "\(path):\(error.location.line)\(column): \(text)\(suffix)"
    }

    /// `#StepLine, #TableRow, #EOF` as `a step, a table row or the end of the file`; nil
    /// when a name is not one the parser uses (the message is then left as it is).
    /// Comments and blank lines are allowed everywhere, so they are not listed.
    static func words(for expected: Substring, dialect: GherkinDialect) -> String? {
        var words: [String] = []
        for name in expected.split(separator: ", ") {
            // English lists `Example` before `Scenario`: its usual words are named instead.
            let keyword = { (list: [String], english: String) in
                "'\(dialect.language == "en" ? english : String((list.first ?? english).trimmingCharacters(in: " \t\r"))):'"
            }
            switch name {
            case "#Comment", "#Empty", "#Language", "#Other": continue
            case "#EOF": words.append("the end of the file")
            case "#TagLine": words.append("a tag")
            case "#FeatureLine": words.append(keyword(dialect.feature, "Feature"))
            case "#RuleLine": words.append(keyword(dialect.rule, "Rule"))
            case "#BackgroundLine": words.append(keyword(dialect.background, "Background"))
            case "#ScenarioLine": words.append(keyword(dialect.scenario, "Scenario"))
            case "#ExamplesLine": words.append(keyword(dialect.examples, "Examples"))
            case "#StepLine": words.append("a step")
            case "#DocStringSeparator": words.append("a doc string")
            case "#TableRow": words.append("a table row")
            default: return nil
            }
        }
        guard let last = words.popLast() else { return nil }
        return words.isEmpty ? last : words.joined(separator: ", ") + " or " + last
    }

    /// The language a file declares in its `# language:` header, or English.
    static func dialect(of source: String?) -> GherkinDialect {
        for line in (source ?? "").split(separator: "\n", maxSplits: 50) {
            let text = line.trimmingCharacters(in: " \t\r")
            if text.isEmpty { continue }
            guard text.hasPrefix("#") else { break }
            let comment = text.dropFirst().trimmingCharacters(in: " \t\r")
            guard comment.hasPrefix("language"), let colon = comment.firstIndex(of: ":") else { continue }
            let code = String(comment[comment.index(after: colon)...].trimmingCharacters(in: " \t\r"))
            return GherkinDialect.named(code) ?? .english
        }
        return .english
    }
}
