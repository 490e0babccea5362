// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// A named kind of step parameter: `{int}`, `{string}`, or a custom one such as `{yen}`.
public struct ParameterType: Sendable {
    public let name: String
    /// Alternative regular expressions a value matches (without anchors).
    public let regexps: [String]
    /// Whether snippets may propose this type for text that matches it.
    public let useForSnippets: Bool
    /// Whether a regular-expression step whose group equals one of `regexps` uses this type.
    public let preferForRegexpMatch: Bool
    /// Turns the captured groups of one match (the parameter's own capture groups, or the
    /// whole match when the regexp has none) into a value.
    ///
    /// "Own capture groups" are all capturing groups inside `regexps`, nested ones
    /// included, in the order of their opening parenthesis, across all the alternatives
    /// (a group of an alternative that did not match is nil).
    public let transform: @Sendable ([String?]) throws -> any Sendable
    /// What a value looks like, for an author whose value was not one ("one of cash,
    /// card, qr"); nil when the name says enough.
    public let valueHint: String?
    /// `valueHint` in other languages, by Gherkin language code (`"ja"`), for authors who
    /// write their features in that language.
    public let localizedValueHints: [String: String]
    /// The Swift type `transform` returns (`"Int"`), for the snippets of undefined steps;
    /// nil when it is not worth naming.
    public let valueTypeName: String?
    /// The top-level capturing groups of each of `regexps`, numbered from 1: read once
    /// here, since every expression that names the type places them (`renumbered`).
    let regexpGroups: [[CaptureGroup]]

    public init(
        name: String,
        regexps: [String],
        useForSnippets: Bool = true,
        preferForRegexpMatch: Bool = false,
        valueHint: String? = nil,
        localizedValueHints: [String: String] = [:],
        valueTypeName: String? = nil,
        transform: @escaping @Sendable ([String?]) throws -> any Sendable
    ) {
        self.name = name
        self.regexps = regexps
        self.useForSnippets = useForSnippets
        self.preferForRegexpMatch = preferForRegexpMatch
        self.valueHint = valueHint
        self.localizedValueHints = localizedValueHints
        self.valueTypeName = valueTypeName
        self.transform = transform
        regexpGroups = regexps.map { CaptureGroup.topLevelGroups(of: $0) }
    }

    /// How many capturing groups `regexps` hold together, nested ones included.
    var groupCount: Int { regexpGroups.joined().reduce(0) { $0 + 1 + $1.descendantNumbers.count } }

    /// The hint in `language` where there is one, else the English one.
    public func valueHint(language: String) -> String? { localizedValueHints[language] ?? valueHint }

    /// The reference's order: preferential types first, then by name.
    static func precedes(_ left: ParameterType, _ right: ParameterType) -> Bool {
        if left.preferForRegexpMatch != right.preferForRegexpMatch { return left.preferForRegexpMatch }
        return left.name < right.name
    }
}
