import CucumberExpressions

/// Matches step texts against the definitions, once per distinct text: a run sees the
/// same few thousand texts in tens of thousands of steps.
struct StepMatcher {
    private let expressions: [any StepExpression]
    private var cache: [String: StepMatch] = [:]

    init(definitions: [StepDefinition]) {
        expressions = definitions.map(\.expression)
    }

    /// Every definition is tried so that ambiguity is found, not just the first match.
    mutating func match(_ text: String) -> StepMatch {
        if let cached = cache[text] { return cached }
        var found: [(Int, [ExpressionArgument])] = []
        for (index, expression) in expressions.enumerated() {
            if let arguments = expression.match(text) { found.append((index, arguments)) }
        }
        let result: StepMatch
        switch found.count {
        case 0: result = .undefined
        case 1: result = .matched(definition: found[0].0, arguments: found[0].1)
        default: result = .ambiguous(definitions: found.map(\.0))
        }
        cache[text] = result
        return result
    }
}
