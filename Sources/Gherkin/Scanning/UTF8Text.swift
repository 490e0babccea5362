/// Byte-level helpers over UTF-8 text, so the scanner never builds `Character`s.
///
/// Whitespace is what Python's `str.isspace()` accepts, because the reference strips
/// lines with it; columns count Unicode scalars, as the reference's locations do.
enum UTF8Text {
    /// The byte length of the whitespace scalar starting at `index`, or 0 when there is none.
    @inline(__always)
    static func whitespaceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 {
            return (byte >= 0x09 && byte <= 0x0D) || (byte >= 0x1C && byte <= 0x20) ? 1 : 0
        }
        let end = bytes.endIndex
        switch byte {
        case 0xC2:
            guard index + 1 < end else { return 0 }
            let second = bytes[index + 1]
            return second == 0x85 || second == 0xA0 ? 2 : 0
        case 0xE1:
            guard index + 2 < end else { return 0 }
            return bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80 ? 3 : 0
        case 0xE2:
            guard index + 2 < end else { return 0 }
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            if second == 0x80 {
                return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0
            }
            return second == 0x81 && third == 0x9F ? 3 : 0
        case 0xE3:
            guard index + 2 < end else { return 0 }
            return bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }

    /// The byte length of the whitespace scalar that ends just before `end`, or 0.
    @inline(__always)
    static func whitespaceLength(_ bytes: [UInt8], endingAt end: Int, from start: Int) -> Int {
        guard end > start else { return 0 }
        let last = bytes[end - 1]
        if last < 0x80 {
            return (last >= 0x09 && last <= 0x0D) || (last >= 0x1C && last <= 0x20) ? 1 : 0
        }
        if end - 2 >= start, bytes[end - 2] == 0xC2 {
            return whitespaceLength(bytes, at: end - 2) == 2 ? 2 : 0
        }
        if end - 3 >= start, bytes[end - 3] >= 0xE0 {
            return whitespaceLength(bytes, at: end - 3) == 3 ? 3 : 0
        }
        return 0
    }

    /// The index of the first non-whitespace byte at or after `start`.
    @inline(__always)
    static func skipWhitespace(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var index = start
        while index < end {
            let length = whitespaceLength(bytes, at: index)
            if length == 0 { break }
            index += length
        }
        return min(index, end)
    }

    /// The end index once trailing whitespace is removed from `start..<end`.
    @inline(__always)
    static func trimEnd(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var index = end
        while index > start {
            let length = whitespaceLength(bytes, endingAt: index, from: start)
            if length == 0 { break }
            index -= length
        }
        return index
    }

    /// How many Unicode scalars `start..<end` holds (UTF-8 continuation bytes do not count).
    @inline(__always)
    static func scalarCount(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// The byte index reached after skipping `scalars` scalars from `start`.
    @inline(__always)
    static func index(_ bytes: [UInt8], from start: Int, advancedByScalars scalars: Int, limit end: Int) -> Int {
        var index = start
        var remaining = scalars
        while remaining > 0, index < end {
            index += 1
            while index < end, bytes[index] & 0xC0 == 0x80 { index += 1 }
            remaining -= 1
        }
        return index
    }

    /// Whether `bytes[at...]` starts with `prefix`.
    @inline(__always)
    static func hasPrefix(_ bytes: [UInt8], at start: Int, _ prefix: [UInt8]) -> Bool {
        guard bytes.count - start >= prefix.count else { return false }
        var offset = 0
        for byte in prefix {
            if bytes[start + offset] != byte { return false }
            offset += 1
        }
        return true
    }

    /// A `String` of the bytes `start..<end`, which are valid UTF-8 by construction.
    @inline(__always)
    static func string(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
        guard start < end else { return "" }
        if let small = SmallString.utf8(bytes, from: start, to: end) { return small }
        return bytes.withUnsafeBufferPointer { buffer in
            guard start >= 0, end <= buffer.count else { return String(decoding: bytes[start..<end], as: UTF8.self) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }
}
