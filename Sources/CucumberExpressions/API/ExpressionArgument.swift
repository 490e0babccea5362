// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// One matched parameter.
public struct ExpressionArgument: Sendable {
    /// The matched text of the parameter (nil for an optional group that did not take part).
    public let text: String?
    /// Offset of the match in the step text, in Unicode scalars from the start (nil when absent).
    public let start: Int?
    /// The parameter type's name (`int`, `string`, `yen`, `` for anonymous).
    public let parameterTypeName: String
    private let groups: [String?]
    private let transform: @Sendable ([String?]) throws -> any Sendable

    public init(
        text: String?, start: Int?, parameterTypeName: String, groups: [String?],
        transform: @escaping @Sendable ([String?]) throws -> any Sendable
    ) {
        self.text = text
        self.start = start
        self.parameterTypeName = parameterTypeName
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
