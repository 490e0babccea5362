/// A tag expression that does not parse, with the reference implementation's message.
struct TagExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    let expression: String
    /// The part after `syntax error: ` (`Expected operand.`, `Unmatched (.`).
    let reason: String

    var description: String {
        "Tag expression \"\(expression)\" could not be parsed because of syntax error: \(reason)"
    }
}
