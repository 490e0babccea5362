import Synchronization

/// A dialect's keywords as UTF-8 bytes, in the order the matcher tries them.
///
/// A class (immutable, shared): as a struct it made `TokenMatcher` a few hundred bytes,
/// copied whole into every call of one of its non-mutating methods.
final class DialectKeywords: Sendable {
    /// A title keyword (`Feature`, `Scenario Outline`, …); `bytes` ends with the `:`.
    struct TitleKeyword: Sendable {
        var text: String
        var bytes: [UInt8]
    }

    /// A step keyword (`Given `, `前提`, `* `) and its type.
    struct StepKeyword: Sendable {
        var text: String
        var bytes: [UInt8]
        var type: StepKeywordType
    }

    let language: String
    let feature: [TitleKeyword]
    let rule: [TitleKeyword]
    let background: [TitleKeyword]
    /// Scenario keywords first, then the outline keywords, as the reference tries them.
    let scenario: [TitleKeyword]
    let examples: [TitleKeyword]
    /// Longest first (in scalars), so `Soit ` does not shadow a longer keyword.
    let steps: [StepKeyword]
    /// `steps` grouped by their first byte (same order within a group), so a line only
    /// meets candidates: the group of byte `b` is `groupedSteps[stepGroups[b]]`. One flat
    /// array, read in place (an array per byte would be retained on every step line).
    let groupedSteps: [StepKeyword]
    let stepGroups: [Range<Int>]
    /// The bytes some title keyword starts with, per kind, so most lines skip the loop.
    let featureStarts: ByteSet
    let ruleStarts: ByteSet
    let backgroundStarts: ByteSet
    let scenarioStarts: ByteSet
    let examplesStarts: ByteSet
    let stepStarts: ByteSet
    /// For each first byte, the title and step token types (`TokenType.bit`) whose
    /// keywords start with it.
    let keywordTypesByFirstByte: [UInt32]

    init(_ dialect: GherkinDialect) {
        func titles(_ keywords: [String]) -> [TitleKeyword] {
            keywords.map { TitleKeyword(text: $0, bytes: Array(($0 + ":").utf8)) }
        }
        language = dialect.language
        feature = titles(dialect.feature)
        rule = titles(dialect.rule)
        background = titles(dialect.background)
        scenario = titles(dialect.scenario + dialect.scenarioOutline)
        examples = titles(dialect.examples)
        featureStarts = ByteSet(firstBytesOf: feature.map(\.bytes))
        ruleStarts = ByteSet(firstBytesOf: rule.map(\.bytes))
        backgroundStarts = ByteSet(firstBytesOf: background.map(\.bytes))
        scenarioStarts = ByteSet(firstBytesOf: scenario.map(\.bytes))
        examplesStarts = ByteSet(firstBytesOf: examples.map(\.bytes))

        let typed: [(String, StepKeywordType)] =
            dialect.given.map { ($0, .context) } + dialect.when.map { ($0, .action) }
            + dialect.then.map { ($0, .outcome) } + (dialect.and + dialect.but).map { ($0, .conjunction) }
        var typesByKeyword: [String: [StepKeywordType]] = [:]
        for (keyword, type) in typed { typesByKeyword[keyword, default: []].append(type) }
        let ordered = typed.enumerated().sorted { lhs, rhs in
            let lhsLength = lhs.element.0.unicodeScalars.count
            let rhsLength = rhs.element.0.unicodeScalars.count
            return lhsLength != rhsLength ? lhsLength > rhsLength : lhs.offset < rhs.offset
        }
        var seen: Set<String> = []
        var steps: [StepKeyword] = []
        for (_, (keyword, _)) in ordered where seen.insert(keyword).inserted {
            let types = typesByKeyword[keyword] ?? []
            steps.append(
                StepKeyword(text: keyword, bytes: Array(keyword.utf8), type: types.count == 1 ? types[0] : .unknown)
            )
        }
        self.steps = steps
        var grouped: [StepKeyword] = []
        var groups = [Range<Int>](repeating: 0..<0, count: 256)
        for byte in 0...255 {
            let start = grouped.count
            grouped += steps.filter { $0.bytes.first == UInt8(byte) }
            groups[byte] = start..<grouped.count
        }
        groupedSteps = grouped
        stepGroups = groups
        stepStarts = ByteSet(firstBytesOf: steps.map(\.bytes))
        var types = [UInt32](repeating: 0, count: 256)
        let starts: [(ByteSet, TokenType)] = [
            (featureStarts, .featureLine), (ruleStarts, .ruleLine), (backgroundStarts, .backgroundLine),
            (scenarioStarts, .scenarioLine), (examplesStarts, .examplesLine), (stepStarts, .stepLine),
        ]
        for byte in 0...255 {
            for (set, type) in starts where set.contains(UInt8(byte)) { types[byte] |= type.bit }
        }
        keywordTypesByFirstByte = types
    }

    /// English, compiled once.
    static let english = DialectKeywords(GherkinDialect.english)

    private static let compiled = Mutex<[String: DialectKeywords]>([:])

    /// The compiled keywords of `language` (compiled once), or nil when it is unknown.
    static func named(_ language: String) -> DialectKeywords? {
        if language == "en" { return english }
        if let cached = compiled.withLock({ $0[language] }) { return cached }
        guard let dialect = GherkinDialect.named(language) else { return nil }
        let keywords = DialectKeywords(dialect)
        compiled.withLock { $0[language] = keywords }
        return keywords
    }
}
