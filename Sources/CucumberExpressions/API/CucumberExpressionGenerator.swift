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
    private let matchers: [SnippetMatcher]

    public init(registry: ParameterTypeRegistry) {
        self.registry = registry
        matchers = registry.sortedTypes.filter(\.useForSnippets).flatMap { type in
            type.regexps.compactMap { SnippetMatcher(type: type, regexp: $0) }
        }
    }

    /// Candidates, best first; each carries the parameter types it used, in order.
    public func generate(_ text: String) -> [GeneratedExpression] {
        let units = Array(text.utf16)
        var literals: [String] = []
        var choices: [[ParameterType]] = []
        var position = 0
        while position < units.count {
            let occurrences = matchers.compactMap { $0.firstOccurrence(in: text, utf16: units, from: position) }
            guard let best = occurrences.min() else { break }
            var types: [ParameterType] = []
            for occurrence in occurrences where occurrence == best {
                if !types.contains(where: { $0.name == occurrence.type.name }) { types.append(occurrence.type) }
            }
            choices.append(types.sorted(by: ParameterType.precedes))
            literals.append(Self.escape(units[position..<best.start]))
            position = best.start + best.length
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
