#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `<name>` → value substitutions of one Examples row, prepared as UTF-8 once per row.
///
/// Names and values are kept in one flat byte buffer (with their ranges), so filling a
/// step does not retain and release a nested array per variable. One value is reused for
/// every Examples of a file (`load(header:)`, `load(_:)`), so its buffers are allocated once.
struct Placeholders {
    /// An Examples header's names as `<name>` patterns, then the current row's values.
    struct Names {
        /// The `<name>` patterns, then (once a row is loaded) the row's values.
        fileprivate var bytes: [UInt8] = []
        /// The patterns' ranges in `bytes`, then the values' ranges.
        fileprivate var ranges: [Range<Int>] = []
        /// How many of `ranges` and `bytes` are the names'.
        fileprivate var nameCount = 0
        fileprivate var nameBytes = 0
        /// Whether some name holds `<` or `>` (then only the general algorithm is exact).
        fileprivate var haveAngleBrackets = false

        /// Makes `header`'s cells the names, reusing the buffers (one set per file, not
        /// one per Examples).
        mutating func load(_ header: [TableCell]) {
            bytes.removeAll(keepingCapacity: true)
            ranges.removeAll(keepingCapacity: true)
            haveAngleBrackets = false
            var total = 0
            for cell in header { total += cell.value.utf8.count + 2 }
            bytes.reserveCapacity(total)
            ranges.reserveCapacity(header.count)
            for cell in header {
                let start = bytes.count
                bytes.append(UInt8(ascii: "<"))
                var name = cell.value
                name.withUTF8 { bytes.append(contentsOf: $0) }
                bytes.append(UInt8(ascii: ">"))
                ranges.append(start..<bytes.count)
                if Placeholders.hasAngleBracket(bytes[(start + 1)..<(bytes.count - 1)]) { haveAngleBrackets = true }
            }
            nameCount = ranges.count
            nameBytes = bytes.count
        }

        /// No names: nothing is ever filled.
        init() {}
    }

    /// The names and the current row's values, in one pair of buffers: filling a text
    /// reads them in place, and each buffer read so is retained and released.
    private var names: Names
    private var valuesHaveAngleBrackets = false
    /// The current row's line, for a table row whose cells it fills (`PickleTableRow.valuesLine`).
    var rowLine: Int?
    /// The longest value's length in bytes (bounds the length of a filled text).
    private var longestValue = 0
    /// How many variables have both a name and a value.
    private var variableCount: Int { min(names.nameCount, names.ranges.count - names.nameCount) }

    /// Placeholders with no values yet; `load(_:)` sets a row.
    init(names: Names) {
        self.names = names
    }

    /// Makes `header`'s cells the names, with no row yet (the buffers are reused).
    mutating func load(header: [TableCell]) {
        names.load(header)
        valuesHaveAngleBrackets = false
        longestValue = 0
    }

    /// Makes `values` (a row's cells, in the order of the header's names) the current row.
    mutating func load(_ values: [TableCell]) {
        names.bytes.removeLast(names.bytes.count - names.nameBytes)
        names.ranges.removeLast(names.ranges.count - names.nameCount)
        names.ranges.reserveCapacity(names.nameCount + values.count)
        longestValue = 0
        for value in values {
            let start = names.bytes.count
            // Appending the bytes in one copy (`+= utf8` goes through the generic path).
            if value.value.utf8.withContiguousStorageIfAvailable({ names.bytes.append(contentsOf: $0) }) == nil {
                names.bytes.append(contentsOf: value.value.utf8)
            }
            names.ranges.append(start..<names.bytes.count)
            longestValue = max(longestValue, names.bytes.count - start)
        }
        valuesHaveAngleBrackets = Self.hasAngleBracket(names.bytes[names.nameBytes...])
    }

    /// Replaces each `<name>` with its value, one name after the other (so a value may
    /// itself contain a later placeholder, as in the reference). Names are literal text.
    func fill(_ text: String) -> String {
        guard names.nameCount > 0 else { return text }
        // Read in place (native strings are contiguous); a copy would be retained and released.
        let result =
            text.utf8.withContiguousStorageIfAvailable { source -> OnePassResult in
                guard Self.firstIndex(of: UInt8(ascii: "<"), in: source, from: 0) != nil else { return .unchanged }
                guard !names.haveAngleBrackets && !valuesHaveAngleBrackets else { return .notApplicable }
                return fillInOnePass(source)
            } ?? .notApplicable
        switch result {
        case .unchanged: return text
        case .filled(let filled): return filled
        case .notApplicable: return fillOneNameAfterTheOther(text)
        }
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
        let variables = variableCount
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
        names.bytes.withUnsafeBufferPointer { bytes in
            names.ranges.withUnsafeBufferPointer { ranges in
                let nameCount = min(names.nameCount, ranges.count)
                let tables = Tables(
                    patterns: bytes, patternRanges: UnsafeBufferPointer(rebasing: ranges[0..<nameCount]), values: bytes,
                    valueRanges: UnsafeBufferPointer(rebasing: ranges[nameCount...]),
                    variables: min(variables, nameCount, ranges.count - nameCount))
                return Self.substitute(source, tables, into: output)
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
        // Bounds checked here, then one memcpy.
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= source.count, start >= 0,
            start + range.count <= output.count, let from = source.baseAddress, let to = output.baseAddress
        else { return }
        (to + start).initialize(from: from + range.lowerBound, count: range.count)
    }

    /// The reference's algorithm: every occurrence of the first name, then of the second, …
    private func fillOneNameAfterTheOther(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var changed = false
        for variable in 0..<variableCount {
            let pattern = names.ranges[variable]
            var index = 0
            while let found = Self.firstIndex(of: names.bytes[pattern], in: bytes, from: index) {
                let value = names.ranges[names.nameCount + variable]
                bytes.replaceSubrange(found..<(found + pattern.count), with: names.bytes[value])
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
