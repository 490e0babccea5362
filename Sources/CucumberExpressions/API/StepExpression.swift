// CONTRACT (the expressions helper implements behind these signatures; keep them).

/// Anything a step definition can be written as: a Cucumber Expression or a regular
/// expression. Matching is anchored at both ends of the step text.
public protocol StepExpression: Sendable {
    /// The expression as the author wrote it (shown in "did you mean" and ambiguity errors).
    var source: String { get }
    /// The arguments when `text` matches as a whole, else nil.
    func match(_ text: String) -> [ExpressionArgument]?
}

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
    public func value() throws -> any Sendable { try transform(groups) }
}

/// An expression that cannot be compiled: `message` is a multi-line text with the
/// expression, a caret under the column and a hint, as the reference implementation
/// prints it.
public struct CucumberExpressionError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
