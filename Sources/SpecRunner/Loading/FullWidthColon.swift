import Gherkin

/// A keyword followed by a full-width colon (`シナリオ：`), as a Japanese input method types
/// it: Gherkin knows only `:`, so the line is no keyword line (a parse error, or quietly
/// description text). Found so the message can say what to type instead.
enum FullWidthColon {
    /// The keyword when `line` (leading blanks allowed) is a block keyword of any Gherkin
    /// language directly followed by `：`.
    static func keyword(in line: Substring) -> String? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard let colon = text.firstIndex(of: "："), !text[..<colon].contains(":") else { return nil }
        let word = String(text[..<colon])
        return blockKeywords.contains(word) ? word : nil
    }

    /// `the colon after 'シナリオ' is the full-width '：'; write 'シナリオ:'`, or nil.
    static func advice(for line: Substring) -> String? {
        keyword(in: line).map { "the colon after '\($0)' is the full-width '：'; write '\($0):'" }
    }

    /// Every language's Feature, Rule, Background, Scenario (Outline) and Examples words.
    private static let blockKeywords: Set<String> = {
        var words: Set<String> = []
        for language in GherkinDialect.languages {
            guard let dialect = GherkinDialect.named(language) else { continue }
            for list in [dialect.feature, dialect.rule, dialect.background, dialect.scenario] {
                words.formUnion(list)
            }
            words.formUnion(dialect.scenarioOutline)
            words.formUnion(dialect.examples)
        }
        return words
    }()
}
