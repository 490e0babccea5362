import CucumberExpressions

/// Matches step texts against the definitions, once per distinct text: a run sees the
/// same few thousand texts in tens of thousands of steps.
struct StepMatcher {
    private let expressions: [any StepExpression]
    /// Which definitions can match a text at all, by their literal prefixes.
    private let index: StepExpressionIndex
    private var cache: [String: StepMatch] = [:]

    init(definitions: [StepDefinition], expectedTexts: Int = 0) {
        expressions = definitions.map(\.expression)
        index = StepExpressionIndex(expressions)
        cache.reserveCapacity(expectedTexts)
    }

    /// Every definition that may match is tried, so that ambiguity is found, not just the
    /// first match; the index leaves out only those whose literal prefix the text lacks.
    mutating func match(_ text: String) -> StepMatch {
        if let cached = cache[text] { return cached }
        var found: [(Int, [ExpressionArgument])] = []
        for candidate in index.candidates(for: text) {
            if let arguments = expressions[candidate].match(text) { found.append((candidate, arguments)) }
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
