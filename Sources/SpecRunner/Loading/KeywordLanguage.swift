import Gherkin

/// A keyword of another language than the file's: `機能:` in a file without
/// `# language: ja`, or `Feature:` and `Given` in a Japanese one. Gherkin knows only the
/// file's own keywords, so such a line is refused (and every keyword line after it), and
/// the parser's message alone never says why. Found so the message can say which header
/// to write, or which word the file's language uses instead.
enum KeywordLanguage {
    /// A kind of keyword: its words in a dialect, and whether it is a block keyword
    /// (`Feature`, ending in a colon) or a step keyword.
    private typealias Kind = (words: KeyPath<GherkinDialect, [String]>, isBlock: Bool)

    private static var kinds: [Kind] {
        [\GherkinDialect.feature, \.rule, \.background, \.scenario, \.scenarioOutline, \.examples].map { ($0, true) }
            + [\GherkinDialect.given, \.when, \.then, \.and, \.but].map { ($0, false) }
    }

    /// A hint for a `line` that starts with another language's keyword, or nil.
    /// `declared` is whether the file's language is settled (a `# language:` header, or a
    /// Feature line read in English), `written` whether a header names it (said in the hint).
    /// `productLanguagesOnly` looks for English and Japanese keywords alone: for a line
    /// read as description, where another language's word may well start prose.
    /// `header` is what is wrong with a `# language:` line the file has but Gherkin did
    /// not take (`LanguageHeader`), said instead of "this file has no '# language:' line".
    static func hint(
        for line: Substring, dialect: GherkinDialect, declared: Bool, written: Bool, productLanguagesOnly: Bool,
        header: LanguageHeader.Problem?
    ) -> Diagnostic.Hint? {
        let text = line.withoutIndent
        let candidates = productLanguagesOnly ? Array(preferredOrder.prefix(2)) : preferredOrder
        guard let found = foreignKeyword(at: text, dialect: dialect, among: candidates) else { return nil }
        if !declared, dialect.language == "en" {
            return .languageUndeclared(shown: found.shown, code: found.code, others: found.others, header: header)
        }
        return .foreignKeyword(
            shown: found.shown, code: found.code, fileLanguage: dialect.language, declared: written,
            write: found.write)
    }

    /// A keyword of another language as shown (a step keyword without its space), the
    /// most likely language it belongs to, how many others have it too, and the file's own
    /// words for it (a block keyword's with its colon).
    private struct ForeignWord: Sendable, Equatable {
        var shown: String
        var code: String
        var others: Int
        var write: [String]
    }

    /// The keyword of a language among `candidates` that `text` starts with; nil when
    /// it is a keyword of `dialect` or of no language.
    private static func foreignKeyword(
        at text: Substring, dialect: GherkinDialect, among candidates: [String]
    ) -> ForeignWord? {
        guard let first = text.first, let entries = keywordsByFirstCharacter[first] else { return nil }
        let matches = entries.filter { entry in
            entry.code != dialect.language && candidates.contains(entry.code) && text.hasPrefix(entry.start)
        }
        // The longest, the first of equals; and every other language that has it.
        guard let best = matches.max(by: { $0.word.count < $1.word.count }) else { return nil }
        var languages = [best.code]
        for entry in matches where entry.word == best.word && languages.last != entry.code {
            languages.append(entry.code)
        }
        let kind = kinds[best.kind]
        // A word the file's own language also has is no language mistake.
        let every = kinds.flatMap { dialect[keyPath: $0.words] }
        if every.contains(where: { $0.trimming(" ") == best.bare }) { return nil }
        let shown = kind.isBlock ? best.word : best.bare
        let own = dialect[keyPath: kind.words].map { $0.trimming(" ") }.filter { $0 != "*" }
        return ForeignWord(
            shown: shown, code: best.code, others: languages.count - 1,
            write: own.map { kind.isBlock ? "\($0):" : String($0) })
    }

    /// A block keyword of any language as `dialect` writes it: itself when `dialect` has it,
    /// else the dialect's usual word of the same kind (`Background` in a Japanese file is
    /// `背景`; Esperanto's `Scenaro` in an English one is `Scenario`, not `Example`).
    static func own(_ keyword: String, in dialect: GherkinDialect) -> String {
        let blocks = kinds.filter(\.isBlock)
        if blocks.contains(where: { dialect[keyPath: $0.words].contains(keyword) }) { return keyword }
        guard let first = keyword.first,
            let entry = keywordsByFirstCharacter[first]?.first(where: { $0.word == keyword && kinds[$0.kind].isBlock })
        else { return keyword }
        return dialect.usualKeyword(dialect[keyPath: kinds[entry.kind].words], english: keyword)
    }

    /// Every language's Feature, Rule, Background, Scenario (Outline) and Examples words
    /// that start with `first` (a word of several languages once for each).
    static func blockKeywords(startingWith first: Character) -> [String] {
        let kinds = Self.kinds
        return (keywordsByFirstCharacter[first] ?? []).filter { kinds[$0.kind].isBlock }.map(\.word)
    }

    /// One keyword of one language, as `foreignKeyword` looks for it.
    private struct Keyword: Sendable {
        let code: String
        let word: String
        /// The word without its spaces (`Given ` gives `Given`).
        let bare: String
        /// An index into `kinds`.
        let kind: Int
        /// What a line starts with when it is written with this keyword: a block keyword
        /// and its colon, or a step keyword.
        let start: String
    }

    /// Every language's keywords (in `preferredOrder`), by their first character: a refused
    /// line is compared only with the words it could start with. A step keyword is left out
    /// when it is short enough to be the start of some other word (two letters of Latin
    /// script, or three of a language other than English, are too likely a word).
    private static let keywordsByFirstCharacter: [Character: [Keyword]] = {
        var index: [Character: [Keyword]] = [:]
        for code in preferredOrder {
            guard let dialect = GherkinDialect.named(code) else { continue }
            for (number, kind) in kinds.enumerated() {
                for word in dialect[keyPath: kind.words] {
                    let bare = String(word.trimming(" "))
                    // English `And `, `But ` too: a product language, and followed by their space.
                    let long = bare.count >= 4 || bare.hasWideScript || (code == "en" && bare.count == 3)
                    guard let first = word.first, kind.isBlock || (bare != "*" && long) else { continue }
                    let start = kind.isBlock ? word + ":" : word
                    index[first, default: []].append(
                        Keyword(code: code, word: word, bare: bare, kind: number, start: start))
                }
            }
        }
        return index
    }()

    /// Japanese and English first (the languages this product's QA write), then the rest.
    private static let preferredOrder: [String] =
        ["ja", "en"] + GherkinDialect.languages.filter { $0 != "ja" && $0 != "en" }

    /// The dialects of the languages this product's QA write, Japanese and English: a file
    /// in one may hold the other's keywords by mistake.
    static let productDialects: [GherkinDialect] = preferredOrder.prefix(2).compactMap(GherkinDialect.named)
}
