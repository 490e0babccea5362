// Part of the interface between the runner and step libraries (docs/architecture.md).
import CucumberExpressions

/// One step written more than one way: its expression (`the display shows {field} {yen}`,
/// what the catalogue, "did you mean" and the reports name) and the other wordings QA
/// write for the same step (`the customer display shows the {field} {yen}`). A text is
/// the step when it matches any of them, the expression first; the arguments are those
/// of the wording it matched, in that wording's order.
///
/// One definition, so that a text two of its wordings match is not ambiguous; two
/// definitions whose wordings both match a text still are.
public struct StepWordings: StepExpression {
    public let primary: CucumberExpression
    public let alternatives: [CucumberExpression]

    public var source: String { primary.source }

    public func match(_ text: String) -> [ExpressionArgument]? {
        primary.match(text) ?? alternatives.lazy.compactMap { $0.match(text) }.first
    }
}

extension StepExpression {
    /// The expressions a text may match this by: its wordings, or itself.
    package var wordings: [any StepExpression] {
        (self as? StepWordings).map { [$0.primary] + $0.alternatives } ?? [self]
    }
}
