/// Every way of filling an expression template's parameters from their candidate types,
/// in order, best first.
enum ExpressionCombinations {
    /// As the reference: enough for anybody, and bounded whatever the text.
    static let limit = 256

    /// `literals` surround the parameters (one more literal than parameters); `choices`
    /// are each parameter's candidate types, best first.
    static func expand(literals: [String], choices: [[ParameterType]]) -> [GeneratedExpression] {
        var results: [GeneratedExpression] = []
        var chosen: [ParameterType] = []
        expand(literals: literals, choices: choices, chosen: &chosen, into: &results)
        return results
    }

    private static func expand(
        literals: [String], choices: [[ParameterType]], chosen: inout [ParameterType],
        into results: inout [GeneratedExpression]
    ) {
        guard results.count < limit else { return }
        guard chosen.count < choices.count else {
            results.append(expression(literals: literals, types: chosen))
            return
        }
        for type in choices[chosen.count] {
            guard results.count < limit else { return }
            chosen.append(type)
            expand(literals: literals, choices: choices, chosen: &chosen, into: &results)
            chosen.removeLast()
        }
    }

    private static func expression(literals: [String], types: [ParameterType]) -> GeneratedExpression {
        var source = literals[0]
        for (index, type) in types.enumerated() {
            source += "{\(type.name)}" + literals[index + 1]
        }
        return GeneratedExpression(
            source: source, parameterTypeNames: types.map(\.name), parameterNames: parameterNames(types))
    }

    /// `int`, `string`, `string2`, …: a type's name, numbered from its second use.
    private static func parameterNames(_ types: [ParameterType]) -> [String] {
        var uses: [String: Int] = [:]
        return types.map { type in
            let count = uses[type.name, default: 0] + 1
            uses[type.name] = count
            return count == 1 ? type.name : "\(type.name)\(count)"
        }
    }
}
