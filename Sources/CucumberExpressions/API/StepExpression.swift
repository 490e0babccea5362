// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// Anything a step definition can be written as: a Cucumber Expression or a regular
/// expression. Matching is anchored at both ends of the step text.
public protocol StepExpression: Sendable {
    /// The expression as the author wrote it (shown in "did you mean" and ambiguity errors).
    var source: String { get }
    /// The arguments when `text` matches as a whole, else nil.
    func match(_ text: String) -> [ExpressionArgument]?
}
