// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// One expression proposed for an undefined step, with its parameters.
public struct GeneratedExpression: Sendable {
    /// The expression text with `{int}`, `{string}`… in place of the values.
    public let source: String
    /// The parameter types in order of appearance (`int`, `string`, …).
    public let parameterTypeNames: [String]
    /// Suggested argument names for a snippet (`int`, `string`, `string2`…): the type's
    /// name, numbered from its second use on, as the reference does.
    public let parameterNames: [String]

    public init(source: String, parameterTypeNames: [String], parameterNames: [String]) {
        self.source = source
        self.parameterTypeNames = parameterTypeNames
        self.parameterNames = parameterNames
    }
}
