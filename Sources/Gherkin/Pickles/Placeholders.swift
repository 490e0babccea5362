#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `<name>` → value substitutions of one Examples row, prepared as UTF-8 once per row.
///
/// Names and values are kept in two flat byte buffers (with their ranges), so filling a
/// step does not retain and release a nested array per variable. One value is reused for
/// every row of an Examples (`load(_:)`), so its buffers are allocated once.
struct Placeholders {
    /// The `<name>` patterns of an Examples header, built once per Examples.
    struct Names {
        fileprivate var bytes: [UInt8] = []
        fileprivate var ranges: [Range<Int>] = []
        /// Whether some name holds `<` or `>` (then only the general algorithm is exact).
        fileprivate var haveAngleBrackets = false

        init(_ names: [String]) {
            ranges.reserveCapacity(names.count)
            for name in names {
                let start = bytes.count
                bytes.append(UInt8(ascii: "<"))
                var name = name
                name.withUTF8 { bytes.append(contentsOf: $0) }
                bytes.append(UInt8(ascii: ">"))
                ranges.append(start..<bytes.count)
                if Placeholders.hasAngleBracket(bytes[(start + 1)..<(bytes.count - 1)]) { haveAngleBrackets = true }
            }
        }
    }

    private let names: Names
    private var valueBytes: [UInt8] = []
    private var valueRanges: [Range<Int>] = []
    private var valuesHaveAngleBrackets = false
    /// The longest value's length in bytes (bounds the length of a filled text).
    private var longestValue = 0
    private var patternBytes: [UInt8] { names.bytes }
    private var patternRanges: [Range<Int>] { names.ranges }

    /// Placeholders with no values yet; `load(_:)` sets a row.
    init(names: Names) {
        self.names = names
    }

    /// `values` are the row's cells, in the order of the header's `names`.
    init(names: Names, values: [TableCell]) {
        self.names = names
        load(values)
    }

    /// Makes `values` (a row's cells, in the order of the header's names) the current row.
    mutating func load(_ values: [TableCell]) {
        valueBytes.removeAll(keepingCapacity: true)
        valueRanges.removeAll(keepingCapacity: true)
        valueRanges.reserveCapacity(values.count)
        longestValue = 0
        for value in values {
            let start = valueBytes.count
            var text = value.value
            // Appending the bytes in one copy (`+= utf8` goes through the generic path).
            text.withUTF8 { valueBytes.append(contentsOf: $0) }
            valueRanges.append(start..<valueBytes.count)
            longestValue = max(longestValue, valueBytes.count - start)
        }
        valuesHaveAngleBrackets = Self.hasAngleBracket(valueBytes[...])
    }

    /// Replaces each `<name>` with its value, one name after the other (so a value may
    /// itself contain a later placeholder, as in the reference). Names are literal text.
    func fill(_ text: String) -> String {
        guard !patternRanges.isEmpty else { return text }
        var text = text
        guard text.withUTF8({ $0.contains(UInt8(ascii: "<")) }) else { return text }
        if !names.haveAngleBrackets && !valuesHaveAngleBrackets {
            switch text.withUTF8({ fillInOnePass($0) }) {
            case .unchanged: return text
            case .filled(let filled): return filled
            case .notApplicable: break
            }
        }
        return fillOneNameAfterTheOther(text)
    }

    private enum OnePassResult {
        case unchanged
        case filled(String)
        case notApplicable
    }

    /// When no name or value holds `<` or `>`, and every `<` of the text meets a `>` before
    /// another `<`, each `<…>` of the text is replaced by the value of the first name equal
    /// to its content: the same result as replacing name after name, in one scan.
    private func fillInOnePass(_ source: UnsafeBufferPointer<UInt8>) -> OnePassResult {
        let variables = min(patternRanges.count, valueRanges.count)
        // Each `<…>` is at least 2 bytes: a bound on the filled length. When it is small, the
        // text is filled once into scratch space (not measured first, then filled).
        let bound = source.count + (source.count / 2 + 1) * longestValue
        if bound <= Self.scratchLimit {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { scratch in
                guard let length = substitute(source, variables: variables, into: scratch) else {
                    return .notApplicable
                }
                guard length >= 0 else { return .unchanged }
                return .filled(String(decoding: UnsafeBufferPointer(rebasing: scratch[0..<length]), as: UTF8.self))
            }
        }
        guard let length = substitute(source, variables: variables, into: nil) else { return .notApplicable }
        guard length >= 0 else { return .unchanged }
        return .filled(
            String(unsafeUninitializedCapacity: length) { buffer in
                substitute(source, variables: variables, into: buffer) ?? 0
            })
    }

    /// Up to this many bytes, a text is filled in one scan into a temporary buffer.
    private static let scratchLimit = 2048

    /// The filled length, writing the result into `output` when given; -1 when no
    /// placeholder matched, nil when the text is not of the one-pass shape.
    private func substitute(
        _ source: UnsafeBufferPointer<UInt8>, variables: Int, into output: UnsafeMutableBufferPointer<UInt8>?
    ) -> Int? {
        names.bytes.withUnsafeBufferPointer { patterns in
            names.ranges.withUnsafeBufferPointer { patternRanges in
                valueBytes.withUnsafeBufferPointer { values in
                    valueRanges.withUnsafeBufferPointer { valueRanges in
                        let tables = Tables(
                            patterns: patterns, patternRanges: patternRanges, values: values,
                            valueRanges: valueRanges, variables: min(variables, patternRanges.count, valueRanges.count))
                        return Self.substitute(source, tables, into: output)
                    }
                }
            }
        }
    }

    /// The names and values, read in place while one text is filled.
    private struct Tables {
        var patterns: UnsafeBufferPointer<UInt8>
        var patternRanges: UnsafeBufferPointer<Range<Int>>
        var values: UnsafeBufferPointer<UInt8>
        var valueRanges: UnsafeBufferPointer<Range<Int>>
        var variables: Int

        /// The first variable whose name is `source[start..<end]`.
        func variable(named source: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
            let length = end - start
            for variable in 0..<variables {
                let pattern = patternRanges[variable]
                guard pattern.count - 2 == length else { continue }
                var offset = 0
                while offset < length, source[start + offset] == patterns[pattern.lowerBound + 1 + offset] {
                    offset += 1
                }
                if offset == length { return variable }
            }
            return nil
        }
    }

    private static func substitute(
        _ source: UnsafeBufferPointer<UInt8>, _ tables: Tables, into output: UnsafeMutableBufferPointer<UInt8>?
    ) -> Int? {
        var written = 0
        var copiedUpTo = 0
        var matched = false
        var index = 0
        let count = source.count
        while index < count {
            guard let open = firstIndex(of: UInt8(ascii: "<"), in: source, from: index) else { break }
            index = open
            var close = index + 1
            while close < count, source[close] != UInt8(ascii: ">") {
                if source[close] == UInt8(ascii: "<") { return nil }
                close += 1
            }
            guard close < count else { break }
            guard let variable = tables.variable(named: source, index + 1, close) else {
                index = close + 1
                continue
            }
            matched = true
            let value = tables.valueRanges[variable]
            if let output {
                copy(source, copiedUpTo..<index, to: output, at: written)
                written += index - copiedUpTo
                copy(tables.values, value, to: output, at: written)
            } else {
                written += index - copiedUpTo
            }
            written += value.count
            index = close + 1
            copiedUpTo = index
        }
        guard matched else { return -1 }
        if let output { copy(source, copiedUpTo..<count, to: output, at: written) }
        return written + count - copiedUpTo
    }

    /// Where `byte` next occurs in `source` at or after `start` (memchr: texts are scanned
    /// once per row and step).
    @inline(__always)
    private static func firstIndex(of byte: UInt8, in source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < source.count, let base = source.baseAddress,
            let found = memchr(base + start, Int32(byte), source.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    @inline(__always)
    private static func copy(
        _ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to output: UnsafeMutableBufferPointer<UInt8>,
        at start: Int
    ) {
        guard !range.isEmpty else { return }
        let target = UnsafeMutableBufferPointer(rebasing: output[start..<(start + range.count)])
        _ = target.initialize(from: UnsafeBufferPointer(rebasing: source[range]))
    }

    /// The reference's algorithm: every occurrence of the first name, then of the second, …
    private func fillOneNameAfterTheOther(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var changed = false
        for variable in 0..<min(patternRanges.count, valueRanges.count) {
            let pattern = patternRanges[variable]
            var index = 0
            while let found = Self.firstIndex(of: patternBytes[pattern], in: bytes, from: index) {
                let value = valueRanges[variable]
                bytes.replaceSubrange(found..<(found + pattern.count), with: valueBytes[value])
                index = found + value.count
                changed = true
            }
        }
        guard changed else { return text }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }

    /// Whether `bytes` holds `<` or `>` (memchr: checked for every row's values).
    private static func hasAngleBracket(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
            return memchr(base, Int32(UInt8(ascii: "<")), buffer.count) != nil
                || memchr(base, Int32(UInt8(ascii: ">")), buffer.count) != nil
        }
    }

    /// Where `pattern` (which starts with `<`) next occurs in `bytes` at or after `start`.
    private static func firstIndex(of pattern: ArraySlice<UInt8>, in bytes: [UInt8], from start: Int) -> Int? {
        pattern.withUnsafeBufferPointer { pattern in
            bytes.withUnsafeBufferPointer { bytes in
                let length = pattern.count
                guard length > 0, bytes.count >= length else { return nil }
                var index = start
                while index <= bytes.count - length {
                    if bytes[index] == UInt8(ascii: "<") {
                        var offset = 1
                        while offset < length, bytes[index + offset] == pattern[offset] { offset += 1 }
                        if offset == length { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }
}
