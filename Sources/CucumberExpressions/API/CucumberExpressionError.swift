// CONTRACT (the expressions helper implements behind these signatures; keep them).

/// An expression that cannot be compiled: `message` is a multi-line text with the
/// expression, a caret under the column and a hint, as the reference implementation
/// prints it.
public struct CucumberExpressionError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
