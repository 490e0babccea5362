// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// Proposes expressions for an undefined step's text (`I pay 300 yen` →
/// `I pay {int} yen`), for snippets.
///
/// As the reference: from left to right, the leftmost (then longest) value that one of the
/// types marked `useForSnippets` matches as a whole word becomes a parameter; when several
/// types match it equally, each gives a candidate (preferential types first, then by
/// name), and the candidates are all combinations, at most 256.
public struct CucumberExpressionGenerator: Sendable {
    public let registry: ParameterTypeRegistry
    private let finder: ParameterValueFinder

    public init(registry: ParameterTypeRegistry) {
        self.registry = registry
        finder = ParameterValueFinder(types: registry.sortedTypes.filter(\.useForSnippets))
    }

    /// Candidates, best first; each carries the parameter types it used, in order.
    public func generate(_ text: String) -> [GeneratedExpression] {
        let units = Array(text.utf16)
        var literals: [String] = []
        var choices: [[ParameterType]] = []
        var position = 0
        for value in finder.occurrences(in: text, utf16: units) {
            choices.append(value.types.sorted(by: ParameterType.precedes))
            literals.append(Self.escape(units[position..<value.start]))
            position = value.start + value.length
        }
        literals.append(Self.escape(units[position...]))
        return ExpressionCombinations.expand(literals: literals, choices: choices)
    }

    /// The text made literal in a Cucumber Expression: `(`, `{`, `/` and `\` escaped.
    private static func escape(_ units: ArraySlice<UInt16>) -> String {
        var escaped = ""
        for character in String(decoding: units, as: UTF16.self) {
            if "({/\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
