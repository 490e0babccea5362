// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// An expression that cannot be compiled: `message` is a multi-line text with the
/// expression, a caret under the column and a hint, as the reference implementation
/// prints it.
public struct CucumberExpressionError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// The name of the parameter type the expression uses and the registry lacks, when
    /// that is the problem (a runner may then leave the step undefined and go on, as
    /// Cucumber does).
    public let undefinedParameterType: String?
    public init(message: String, undefinedParameterType: String? = nil) {
        self.message = message
        self.undefinedParameterType = undefinedParameterType
    }
    public var description: String { message }
}
