// CONTRACT (the expressions helper implements behind these signatures; keep them).

/// The parameter types expressions may use: the built-ins (`int`, `float`, `word`,
/// `string`, the anonymous `{}`, and the other standard ones) plus custom ones.
public struct ParameterTypeRegistry: Sendable {
    public private(set) var types: [String: ParameterType] = [:]

    /// A registry holding the built-in parameter types.
    public init() {}

    /// Adds a custom type; rejects a duplicate name or a name with reserved characters.
    public mutating func define(_ type: ParameterType) throws {
        types[type.name] = type
    }

    public func lookup(name: String) -> ParameterType? { types[name] }
}
