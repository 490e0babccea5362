// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// One matched parameter.
public struct ExpressionArgument: Sendable {
    /// The matched text of the parameter (nil for an optional group that did not take part).
    public let text: String?
    /// Offset of the match in the step text, in Unicode scalars from the start (nil when absent).
    public let start: Int?
    /// The parameter type's name (`int`, `string`, `yen`, `` for anonymous).
    public let parameterTypeName: String
    /// The capturing groups inside the parameter's regular expressions, as matched.
    public let children: [MatchedGroup]
    private let groups: [String?]
    private let transform: @Sendable ([String?]) throws -> any Sendable

    public init(
        text: String?, start: Int?, parameterTypeName: String, groups: [String?], children: [MatchedGroup] = [],
        transform: @escaping @Sendable ([String?]) throws -> any Sendable
    ) {
        self.text = text
        self.start = start
        self.parameterTypeName = parameterTypeName
        self.children = children
        self.groups = groups
        self.transform = transform
    }

    /// The transformed value (`Int` for `{int}`, `Double` for `{float}`, `String` for
    /// `{string}` without its quotes, …); throws what the transform throws.
    ///
    /// Built-in types give `Int` (`int`, `byte`, `short`, `long`), `Double` (`float`,
    /// `double`), `String` (`word`, `string`, `{}`, and the digits of `bigdecimal` and
    /// `biginteger`), or a nil optional of that type when the group took no part.
    public func value() throws -> any Sendable { try transform(groups) }
}

/// A capturing group of a match and the groups inside it (Cucumber Messages' `Group`):
/// where it starts in Unicode scalars and its text, both nil when it took no part.
public struct MatchedGroup: Sendable, Equatable {
    public let start: Int?
    public let value: String?
    public let children: [MatchedGroup]
}
