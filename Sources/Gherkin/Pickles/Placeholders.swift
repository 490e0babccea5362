/// The `<name>` → value substitutions of one Examples row, prepared as UTF-8 once per row.
///
/// Names and values are kept in two flat byte buffers (with their ranges), so filling a
/// step does not retain and release a nested array per variable.
struct Placeholders {
    /// The `<name>` patterns of an Examples header, built once per Examples.
    struct Names {
        fileprivate var bytes: [UInt8] = []
        fileprivate var ranges: [Range<Int>] = []

        init(_ names: [String]) {
            for name in names {
                let start = bytes.count
                bytes.append(UInt8(ascii: "<"))
                bytes += name.utf8
                bytes.append(UInt8(ascii: ">"))
                ranges.append(start..<bytes.count)
            }
        }
    }

    private let names: Names
    private var valueBytes: [UInt8] = []
    private var valueRanges: [Range<Int>] = []
    private var patternBytes: [UInt8] { names.bytes }
    private var patternRanges: [Range<Int>] { names.ranges }

    /// `values` are the row's cells, in the order of the header's `names`.
    init(names: Names, values: [TableCell]) {
        self.names = names
        valueRanges.reserveCapacity(values.count)
        for value in values {
            let start = valueBytes.count
            valueBytes += value.value.utf8
            valueRanges.append(start..<valueBytes.count)
        }
    }

    /// Replaces each `<name>` with its value, one name after the other (so a value may
    /// itself contain a later placeholder, as in the reference). Names are literal text.
    func fill(_ text: String) -> String {
        guard !patternRanges.isEmpty else { return text }
        var text = text
        // `withUTF8` reads a native string in place; `utf8.contains` would walk it generically.
        guard var bytes = text.withUTF8({ $0.contains(UInt8(ascii: "<")) ? Array($0) : nil }) else { return text }
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
