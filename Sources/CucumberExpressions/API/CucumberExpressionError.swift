// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// An expression that cannot be compiled: `message` is a multi-line text with the
/// expression, a caret under the column and a hint, as the reference implementation
/// prints it.
public struct CucumberExpressionError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
