extension JSONParser {
    /// Moves past one value without building it. Only its extent is checked (strings end,
    /// brackets balance); `parse` checks the rest when the value is asked for.
    mutating func skipValue() throws(Failure) {
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "\""):
            let end = Self.endOfString(bytes, from: index &+ 1)
            index = end.index
            if !end.terminated { throw failure("unterminated string") }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let (end, problem) = Self.endOfContainer(bytes, from: index)
            index = end
            if let problem { throw failure(problem) }
        default:
            let start = index
            while let byte = current, Self.isDigit(byte) || Self.isNumberOrWordByte(byte) { index += 1 }
            guard index > start else { throw failure("unexpected character") }
        }
    }

    /// Signs, points and exponents of numbers, and the lowercase letters of `true`,
    /// `false` and `null`.
    private static func isNumberOrWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    /// Where the object or array starting at `start` ends (just past its bracket), counting
    /// brackets outside strings; or where it is found unterminated, and why.
    ///
    /// Every response's state (most of its bytes) is skipped this way, so the loop reads
    /// raw bytes and tells brackets apart with one mask: `[` and `{` differ only in bit 5,
    /// as do `]` and `}`.
    private static func endOfContainer(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> (end: Int, problem: String?) {
        let count = bytes.count
        var index = start
        var depth = 0
        // Indices stay below `count` + 2, so the additions cannot overflow.
        while index < count {
            let byte = bytes[index]
            index &+= 1
            if byte == UInt8(ascii: "\"") {
                let end = endOfString(bytes, from: index)
                index = end.index
                guard end.terminated else { return (index, "unterminated string") }
            } else if (byte & 0xDF) == UInt8(ascii: "[") {
                depth &+= 1
            } else if (byte & 0xDF) == UInt8(ascii: "]") {
                depth &-= 1
                if depth == 0 { return (index, nil) }
            }
        }
        return (index, "unexpected end of input")
    }

    /// Where the string whose text starts at `start` ends: just past its next quote not
    /// escaped by a backslash, or where it is found unterminated.
    private static func endOfString(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> (index: Int, terminated: Bool) {
        var index = start
        while true {
            index = firstQuoteOrBackslash(bytes, from: index)
            guard index < bytes.count else { return (index, false) }
            let inside = bytes[index]
            index &+= 1
            if inside == UInt8(ascii: "\"") { return (index, true) }
            index &+= 1  // A backslash escapes the byte after it, whatever it is.
        }
    }

    /// The index of the next `"` or `\` at or after `start` (`bytes.count` when there is
    /// none; `start` itself when it is past the end).
    ///
    /// Strings are most of a state's bytes, so it reads eight bytes at a time with the
    /// "has zero byte" trick: in `(x - 0x01…01) & ~x & 0x80…80`, where `x` is the word
    /// exclusive-or the wanted byte repeated, the lowest marked byte is the first match
    /// (a borrow can only mark bytes after it), which is all this needs.
    @inline(__always)
    private static func firstQuoteOrBackslash(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            while index &+ 8 <= bytes.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                let found =
                    ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & (ones &* 0x80)
                if found != 0 { return index &+ found.trailingZeroBitCount / 8 }
                index &+= 8
            }
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            index &+= 1
        }
        return index
    }
}
