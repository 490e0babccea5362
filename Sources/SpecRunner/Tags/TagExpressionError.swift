/// A tag expression that does not parse, with the reference implementation's message.
public struct TagExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    public let expression: String
    /// The part after `syntax error: ` (`Expected operand.`, `Unmatched (.`).
    public let reason: String

    public init(expression: String, reason: String) {
        self.expression = expression
        self.reason = reason
    }

    public var description: String {
        "Tag expression \"\(expression)\" could not be parsed because of syntax error: \(reason)"
    }
}
