/// The keywords of one natural language, as listed in Cucumber's `gherkin-languages.json`.
public struct GherkinDialect: Hashable, Sendable {
    public let language: String
    public let name: String
    public let native: String
    public let feature: [String]
    public let rule: [String]
    public let background: [String]
    public let scenario: [String]
    public let scenarioOutline: [String]
    public let examples: [String]
    public let given: [String]
    public let when: [String]
    public let then: [String]
    public let and: [String]
    public let but: [String]

    /// The dialect for a language code such as `"en"` or `"ja"`, or nil when unknown.
    public static func named(_ language: String) -> GherkinDialect? {
        all[language]
    }

    /// English, the dialect a file uses until a `# language:` header says otherwise.
    public static let english: GherkinDialect = all["en"] ?? GherkinDialect.emptyEnglish

    /// Every language code the parser knows, sorted.
    public static var languages: [String] { all.keys.sorted() }

    /// The step keywords, as written in the table (`"Given "`, `"前提"`, `"* "`): Given,
    /// When, Then, And and But, in that order.
    public var stepKeywords: [String] { given + when + then + and + but }

    /// The words that head a block, in this order: Feature, Rule, Background, Scenario,
    /// Scenario Outline, Examples.
    public var blockKeywords: [String] { feature + rule + background + scenario + scenarioOutline + examples }

    // Only reachable if the generated table lost English; keeps `english` non-optional.
    private static let emptyEnglish = GherkinDialect(
        language: "en", name: "English", native: "English", feature: [], rule: [], background: [],
        scenario: [], scenarioOutline: [], examples: [], given: [], when: [], then: [], and: [], but: []
    )
}

extension GherkinDialect {
    /// Every dialect of the generated `table`, keyed by language code.
    ///
    /// The table is split on its UTF-8 bytes: its separators (newline, tab, `|`) are ASCII,
    /// which no byte of a longer character's encoding is, and splitting by `Character`
    /// would look for grapheme breaks through every keyword of 80 languages at start-up.
    static let all: [String: GherkinDialect] = Dictionary(
        table.utf8.split(separator: UInt8(ascii: "\n")).compactMap(GherkinDialect.init(tableLine:))
            .map { ($0.language, $0) },
        uniquingKeysWith: { first, _ in first }
    )

    /// One line of the generated table: the code, eleven keyword fields, the name and the
    /// native name; nil for a line of another shape, which the generator never writes.
    private init?(tableLine: Substring.UTF8View) {
        let text = tableLine.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(Self.string)
        guard text.count == 14 else { return nil }
        let keywords = text[1...11].map { $0.utf8.split(separator: UInt8(ascii: "|")).map(Self.string) }
        self.init(
            language: text[0], name: text[12], native: text[13],
            feature: keywords[0], rule: keywords[1], background: keywords[2], scenario: keywords[3],
            scenarioOutline: keywords[4], examples: keywords[5], given: keywords[6], when: keywords[7],
            then: keywords[8], and: keywords[9], but: keywords[10]
        )
    }

    private static func string(_ bytes: Substring.UTF8View) -> String { String(decoding: bytes, as: UTF8.self) }
}
