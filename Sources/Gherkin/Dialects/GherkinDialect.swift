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

    // Only reachable if the generated table lost English; keeps `english` non-optional.
    private static let emptyEnglish = GherkinDialect(
        language: "en", name: "English", native: "English", feature: [], rule: [], background: [],
        scenario: [], scenarioOutline: [], examples: [], given: [], when: [], then: [], and: [], but: []
    )
}
