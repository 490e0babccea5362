import CucumberExpressions
import Synchronization
import Wire

/// Matches step texts against the definitions, once per distinct text: a run sees the
/// same few thousand texts in tens of thousands of steps.
///
/// Shared by the threads that plan files in parallel. The cache is locked only to look a
/// text up and to store its match, never while matching, so two threads may match one
/// text at the same moment; they get the same answer, and the first one stored is kept.
final class StepMatcher: Sendable {
    private let expressions: [any StepExpression]
    /// Which definitions can match a text at all, by the literal prefixes of their
    /// wordings (`StepWordings`): positions in `owners`.
    private let index: StepExpressionIndex
    /// The definition of each wording the index holds.
    private let owners: [Int]
    private let cache: Mutex<[UTF8Text: StepMatch]>

    init(definitions: [StepDefinition]) {
        expressions = definitions.map(\.expression)
        let wordings = expressions.enumerated().flatMap { position, expression in
            expression.wordings.map { (position, $0) }
        }
        owners = wordings.map(\.0)
        index = StepExpressionIndex(wordings.map(\.1))
        cache = Mutex([:])
    }

    /// Every definition that may match is tried, so that ambiguity is found, not just the
    /// first match; the index leaves out only those whose literal prefix the text lacks.
    func match(_ text: String) -> StepMatch {
        let key = UTF8Text(text)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        var found: [(Int, [ExpressionArgument])] = []
        // The wordings are indexed in definition order, so a definition's come together: each
        // definition is tried once.
        var tried: Int?
        for wording in index.candidates(for: text) where tried != owners[wording] {
            let candidate = owners[wording]
            tried = candidate
            if let arguments = expressions[candidate].match(text) { found.append((candidate, arguments)) }
        }
        let result: StepMatch
        switch found.count {
        case 0: result = .undefined
        case 1: result = .matched(definition: found[0].0, arguments: found[0].1)
        default: result = .ambiguous(definitions: found.map(\.0))
        }
        return cache.withLock { cache in
            if let stored = cache[key] { return stored }
            cache[key] = result
            return result
        }
    }
}
