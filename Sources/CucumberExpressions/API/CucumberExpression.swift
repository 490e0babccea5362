// CONTRACT (the expressions helper implements behind these signatures; keep them).

/// `I add {int} {string} to the cart`, compiled to an anchored regular expression.
public struct CucumberExpression: StepExpression {
    public let source: String

    public init(_ source: String, registry: ParameterTypeRegistry) throws {
        self.source = source
    }

    public func match(_ text: String) -> [ExpressionArgument]? { nil }
}

/// `^I have (\d+) cukes$`, with groups typed by parameter types that claim the group.
public struct RegularExpression: StepExpression {
    public let source: String

    public init(_ pattern: String, registry: ParameterTypeRegistry) throws {
        self.source = pattern
    }

    public func match(_ text: String) -> [ExpressionArgument]? { nil }
}

/// Proposes expressions for an undefined step's text (`I pay 300 yen` →
/// `I pay {int} yen`), for snippets.
public struct CucumberExpressionGenerator: Sendable {
    public let registry: ParameterTypeRegistry
    public init(registry: ParameterTypeRegistry) { self.registry = registry }

    /// Candidates, best first; each carries the parameter types it used, in order.
    public func generate(_ text: String) -> [GeneratedExpression] { [] }
}

public struct GeneratedExpression: Sendable {
    /// The expression text with `{int}`, `{string}`… in place of the values.
    public let source: String
    /// The parameter types in order of appearance (`int`, `string`, …).
    public let parameterTypeNames: [String]
    /// Suggested argument names for a snippet (`int1`, `string`, `string2`…).
    public let parameterNames: [String]

    public init(source: String, parameterTypeNames: [String], parameterNames: [String]) {
        self.source = source
        self.parameterTypeNames = parameterTypeNames
        self.parameterNames = parameterNames
    }
}
