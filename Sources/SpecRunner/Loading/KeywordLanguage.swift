import Gherkin

/// A keyword of another language than the file's: `機能:` in a file without
/// `# language: ja`, or `Feature:` and `Given` in a Japanese one. Gherkin knows only the
/// file's own keywords, so such a line is refused (and every keyword line after it), and
/// the parser's message alone never says why. Found so the message can say which header
/// to write, or which word the file's language uses instead.
enum KeywordLanguage {
    /// What a keyword is for: block keywords end in a colon, step keywords do not.
    private enum Kind: CaseIterable {
        case feature, rule, background, scenario, scenarioOutline, examples, given, when, then, and, but

        var isBlock: Bool {
            switch self {
            case .feature, .rule, .background, .scenario, .scenarioOutline, .examples: true
            case .given, .when, .then, .and, .but: false
            }
        }

        func words(in dialect: GherkinDialect) -> [String] {
            switch self {
            case .feature: dialect.feature
            case .rule: dialect.rule
            case .background: dialect.background
            case .scenario: dialect.scenario
            case .scenarioOutline: dialect.scenarioOutline
            case .examples: dialect.examples
            case .given: dialect.given
            case .when: dialect.when
            case .then: dialect.then
            case .and: dialect.and
            case .but: dialect.but
            }
        }
    }

    /// Advice for a refused `line` that starts with another language's keyword, or nil.
    /// `declared` is whether the file has a `# language:` header.
    /// `productLanguagesOnly` looks for English and Japanese keywords alone: for a line
    /// read as description, where another language's word may well start prose.
    /// `header` is what is wrong with a `# language:` line the file has but Gherkin did
    /// not take (`LanguageHeader`), said instead of "this file has no '# language:' line".
    static func advice(
        for line: Substring, dialect: GherkinDialect, declared: Bool, productLanguagesOnly: Bool = false,
        header: LanguageHeader.Problem? = nil, japanese: Bool = false
    ) -> String? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        let candidates = productLanguagesOnly ? Array(preferredOrder.prefix(2)) : preferredOrder
        guard let (keyword, kind, languages) = foreignKeyword(at: text, dialect: dialect, among: candidates) else {
            return nil
        }
        let shown = kind.isBlock ? keyword : String(keyword.trimmingCharacters(in: " "))
        if let code = languages.first, !declared, dialect.language == "en" {
            let owner = GherkinDialect.named(code) ?? .english
            let others = languages.count > 1 ? " (and in \(languages.count - 1) other languages)" : ""
            let missing = header.map(LanguageHeader.describe) ?? "this file has no '# language:' line"
            return "'\(shown)' is a keyword in \(owner.name)\(others), and \(missing):"
                + " a file written in \(owner.name) starts with the line '# language: \(code)'"
        }
        let ownWords = kind.words(in: dialect).map { $0.trimmingCharacters(in: " ") }.filter { $0 != "*" }
        if japanese, dialect.language == "ja" {
            let owner = languages.first.map { japaneseName(of: $0) } ?? "ほかの言語"
            let written = ownWords.map { kind.isBlock ? "「\($0):」" : "「\($0)」" }
            let header = declared ? "（# language: ja）" : ""
            return "「\(shown)」は\(owner)のキーワードですが、このファイルは日本語\(header)です。"
                + "\(written.joined(separator: "か"))と書きます"
        }
        let written = ownWords.map { kind.isBlock ? "'\($0):'" : "'\($0)'" }
        let owner = languages.first.flatMap(GherkinDialect.named)?.name ?? "another language"
        let header = declared ? " (# language: \(dialect.language))" : ""
        return "'\(shown)' is a keyword in \(owner), but this file is in \(dialect.name)\(header):"
            + " write \(written.joined(separator: " or "))"
    }

    /// For a file that names its language: the other language's keyword `line` starts
    /// with, that language's name, and the file's own words for it (`Given`, `English`,
    /// `['前提']`); nil when the line starts with none. For words in the reader's language.
    static func foreignWord(
        at line: Substring, dialect: GherkinDialect
    ) -> (shown: String, language: String, write: [String])? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard let (keyword, kind, languages) = foreignKeyword(at: text, dialect: dialect, among: preferredOrder)
        else { return nil }
        let shown = kind.isBlock ? keyword : String(keyword.trimmingCharacters(in: " "))
        let own = kind.words(in: dialect).map { $0.trimmingCharacters(in: " ") }.filter { $0 != "*" }
        let language = languages.first.flatMap(GherkinDialect.named)?.name ?? "another language"
        return (shown, language, own.map { kind.isBlock ? "\($0):" : String($0) })
    }

    /// The keyword `text` starts with, what it is, and the languages it belongs to (the
    /// most likely first); nil when it is a keyword of `dialect` or of no language.
    private static func foreignKeyword(
        at text: Substring, dialect: GherkinDialect, among candidates: [String]
    ) -> (String, Kind, [String])? {
        var best: (keyword: String, kind: Kind)?
        var languages: [String] = []
        for code in candidates {
            guard code != dialect.language, let other = GherkinDialect.named(code) else { continue }
            for kind in Kind.allCases {
                for word in kind.words(in: other) where matches(word, kind: kind, text: text) {
                    if best == nil || word.count > (best?.keyword.count ?? 0) {
                        best = (word, kind)
                        languages = [code]
                    } else if word == best?.keyword, languages.last != code {
                        languages.append(code)
                    }
                }
            }
        }
        guard let best else { return nil }
        // A word the file's own language also has is no language mistake.
        let own = Kind.allCases.flatMap { $0.words(in: dialect) }
        if own.contains(where: { $0.trimmingCharacters(in: " ") == best.keyword.trimmingCharacters(in: " ") }) {
            return nil
        }
        return (best.keyword, best.kind, languages)
    }

    /// A block keyword followed by its colon; a step keyword long enough not to be the
    /// start of some other word (two letters of Latin script are too likely a word).
    private static func matches(_ word: String, kind: Kind, text: Substring) -> Bool {
        if kind.isBlock { return text.hasPrefix(word + ":") }
        let bare = word.trimmingCharacters(in: " ")
        guard bare != "*", bare.count >= 4 || bare.unicodeScalars.contains(where: { $0.value >= 0x3000 }) else {
            return false
        }
        return text.hasPrefix(word)
    }

    /// A language's name for a Japanese reader: the two this product's QA write by name,
    /// the others by Gherkin's name for them.
    static func japaneseName(of code: String) -> String {
        switch code {
        case "en": return "英語"
        case "ja": return "日本語"
        default: return GherkinDialect.named(code)?.name ?? code
        }
    }

    /// Japanese and English first (the languages this product's QA write), then the rest.
    private static let preferredOrder: [String] =
        ["ja", "en"] + GherkinDialect.languages.filter { $0 != "ja" && $0 != "en" }
}
