import CucumberExpressions
import Glibc
import Synchronization

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
    private let cache: Mutex<[StepText: StepMatch]>

    init(definitions: [StepDefinition], expectedTexts: Int = 0) {
        expressions = definitions.map(\.expression)
        let wordings = expressions.enumerated().flatMap { position, expression in
            expression.wordings.map { (position, $0) }
        }
        owners = wordings.map(\.0)
        index = StepExpressionIndex(wordings.map(\.1))
        cache = Mutex(Dictionary(minimumCapacity: expectedTexts))
    }

    /// The definitions the index leaves in for `text`, each once, ascending (the wordings
    /// are indexed in definition order, so a definition's come together).
    private func candidates(for text: String) -> [Int] {
        var found: [Int] = []
        for wording in index.candidates(for: text) where found.last != owners[wording] {
            found.append(owners[wording])
        }
        return found
    }

    /// Every definition that may match is tried, so that ambiguity is found, not just the
    /// first match; the index leaves out only those whose literal prefix the text lacks.
    func match(_ text: String) -> StepMatch {
        let key = StepText(text)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        var found: [(Int, [ExpressionArgument])] = []
        for candidate in candidates(for: text) {
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

/// A step text as a dictionary key, hashed and compared by its UTF-8 bytes. `String`
/// hashes its Unicode normal form, which for texts with `¥` or Japanese costs more than
/// the match it saves; texts that differ only in normal form are matched apart, as the
/// regular expressions would treat them anyway.
struct StepText: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (left: StepText, right: StepText) -> Bool {
        guard left.text.utf8.count == right.text.utf8.count else { return false }
        // Compared with `memcmp`: `UTF8View.elementsEqual` walks both strings an index at a
        // time, about 30 instructions a byte, and every cache hit compares once.
        let equal = left.text.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.text.utf8.withContiguousStorageIfAvailable { rightBytes in
                guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else {
                    return leftBytes.isEmpty && rightBytes.isEmpty
                }
                return memcmp(leftStart, rightStart, leftBytes.count) == 0
            }
        }
        return (equal ?? nil) ?? left.text.utf8.elementsEqual(right.text.utf8)
    }
}
