/// Narrows down the step definitions that may match a step text, so that a runner need
/// not ask every definition about every step.
///
/// A Cucumber Expression matches only texts that start with its literal prefix (the text
/// before its first parameter, optional or alternation), so the prefixes go into a trie
/// of UTF-8 bytes; walking a text down the trie collects the expressions whose prefix it
/// starts with. Expressions without a prefix, and regular expressions, are always
/// candidates. Matching stays the expressions' own: `candidates(for:)` only skips those
/// that certainly do not match.
public struct StepExpressionIndex: Sendable {
    /// Trie edges, keyed by `node << 8 | byte`.
    private let edges: [Int: Int]
    /// For each trie node, the positions of the expressions whose prefix ends there.
    private let endingAt: [[Int]]

    /// An index of `expressions`; candidates are reported as positions in this array.
    public init(_ expressions: [any StepExpression]) {
        var edges: [Int: Int] = [:]
        var endingAt: [[Int]] = [[]]
        for (position, expression) in expressions.enumerated() {
            var node = 0
            for byte in (expression as? CucumberExpression)?.literalPrefix ?? [] {
                let key = node << 8 | Int(byte)
                if let next = edges[key] {
                    node = next
                } else {
                    endingAt.append([])
                    node = endingAt.count - 1
                    edges[key] = node
                }
            }
            endingAt[node].append(position)
        }
        self.edges = edges
        self.endingAt = endingAt
    }

    /// Positions of the expressions that may match `text`, ascending; every expression
    /// that matches `text` is among them.
    public func candidates(for text: String) -> [Int] {
        var found = endingAt[0]
        var node = 0
        for byte in text.utf8 {
            guard let next = edges[node << 8 | Int(byte)] else { break }
            node = next
            found += endingAt[node]
        }
        return found.sorted()
    }
}
