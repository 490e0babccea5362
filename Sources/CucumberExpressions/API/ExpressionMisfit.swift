// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// A value written where a parameter stands that its type does not accept.
public struct ExpressionMisfit: Sendable {
    public let type: ParameterType
    public let value: String
    /// Whether the value without its spaces is the type's (`合計 ¥1,200` against
    /// `…に{field}{yen}が…`, or `520 円`: the space is the mistake, not the amount).
    public let fitsWithoutSpaces: Bool

    public init(type: ParameterType, value: String, fitsWithoutSpaces: Bool = false) {
        self.type = type
        self.value = value
        self.fitsWithoutSpaces = fitsWithoutSpaces
    }

    /// `"basket" is not a {screen} (one of welcome, cart, …)`; for a value that only has a
    /// space too many, `" ¥1,200" has a space the step does not: without it, it is a {yen}`.
    public var description: String {
        if fitsWithoutSpaces {
            return "\"\(value)\" has a space the step does not: without it, it is a {\(type.name)}"
        }
        let hint = type.valueHint.map { " (\($0))" } ?? ""
        return "\"\(value)\" is not a {\(type.name)}\(hint)"
    }
}
