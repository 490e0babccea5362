/// A cheap test that rejects most step texts before the regular expression runs.
///
/// The top-level text of an expression is matched literally, scalar for scalar (the
/// compiled regex neither folds case nor normalises), so a text can only match when it
/// starts with the literal text before the first parameter, optional or alternation,
/// ends with the literal text after the last one, and contains the literal runs in
/// between, in order. The comparison is on UTF-8 bytes, which are equal exactly when the
/// scalars are.
///
/// A runner asks every definition about every step, so the common rejection must cost a
/// few nanoseconds: the length and the first and last eight bytes are checked as two
/// machine words before any array is touched.
struct LiteralFilter: Sendable {
    let prefix: [UInt8]
    private let suffix: [UInt8]
    /// The literal runs between the first and the last non-literal node, in order.
    private let middle: [[UInt8]]
    /// Whether the expression is nothing but literal text (then `prefix` is all of it).
    private let isLiteral: Bool
    private let minimumLength: Int
    private let head: MaskedWord
    /// The last (up to) eight bytes of `suffix`.
    private let tail: MaskedWord
    private let tailLength: Int

    /// Up to eight bytes of a literal, packed little-endian, and which bytes count.
    private struct MaskedWord {
        let value: UInt64
        let mask: UInt64

        init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            var value: UInt64 = 0
            var mask: UInt64 = 0
            for (index, byte) in bytes.prefix(8).enumerated() {
                value |= UInt64(byte) << (8 * index)
                mask |= 0xFF << (8 * index)
            }
            self.value = value
            self.mask = mask
        }
    }

    /// The filter for a parsed expression (its top-level nodes).
    init(expression: Node) {
        var runs: [[UInt8]] = [[]]
        for node in expression.nodes {
            if node.kind == .text {
                runs[runs.count - 1] += Array(node.text.utf8)
            } else {
                runs.append([])
            }
        }
        isLiteral = runs.count == 1
        prefix = runs[0]
        suffix = isLiteral ? [] : runs[runs.count - 1]
        middle = isLiteral ? [] : runs[1..<(runs.count - 1)].filter { !$0.isEmpty }
        minimumLength = prefix.count + suffix.count + middle.reduce(0) { $0 + $1.count }
        head = MaskedWord(prefix)
        tail = MaskedWord(suffix.suffix(8))
        tailLength = min(suffix.count, 8)
    }

    /// Whether `text` may match; false only when it certainly cannot.
    func admits(_ text: String) -> Bool {
        let length = text.utf8.count
        if length < minimumLength || (isLiteral && length != minimumLength) { return false }
        if let verdict = text.utf8.withContiguousStorageIfAvailable({ admits(bytes: $0) }) {
            return verdict
        }
        return Array(text.utf8).withUnsafeBufferPointer { admits(bytes: $0) }
    }

    private func admits(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Self.word(bytes, from: 0) & head.mask == head.value else { return false }
        let suffixStart = bytes.count - suffix.count
        guard Self.word(bytes, from: bytes.count - tailLength) & tail.mask == tail.value else { return false }
        guard Self.equal(bytes, at: 0, prefix), Self.equal(bytes, at: suffixStart, suffix) else { return false }
        var position = prefix.count
        for run in middle {
            guard let found = Self.find(run, in: bytes, from: position, before: suffixStart) else { return false }
            position = found + run.count
        }
        return true
    }

    /// Up to eight bytes from `start`, packed as `MaskedWord` packs them.
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64 {
        var value: UInt64 = 0
        var index = 0
        while index < 8 && start + index < bytes.count {
            value |= UInt64(bytes[start + index]) << (8 * index)
            index += 1
        }
        return value
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ literal: [UInt8]) -> Bool {
        var index = 0
        while index < literal.count {
            if bytes[offset + index] != literal[index] { return false }
            index += 1
        }
        return true
    }

    private static func find(
        _ literal: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int
    ) -> Int? {
        guard let first = literal.first else { return start }
        var offset = start
        while offset + literal.count <= limit {
            if bytes[offset] == first && equal(bytes, at: offset, literal) { return offset }
            offset += 1
        }
        return nil
    }
}
