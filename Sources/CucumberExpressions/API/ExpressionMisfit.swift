// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// A value written where a parameter stands that its type does not accept.
public struct ExpressionMisfit: Sendable {
    public let type: ParameterType
    public let value: String

    /// `"basket" is not a {screen} (one of welcome, cart, …)`.
    public var description: String {
        let hint = type.valueHint.map { " (\($0))" } ?? ""
        return "\"\(value)\" is not a {\(type.name)}\(hint)"
    }
}
