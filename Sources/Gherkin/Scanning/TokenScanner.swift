#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits a feature file into lines and hands them out one token at a time.
struct TokenScanner {
    private let bytes: [UInt8]
    private var position: Int
    private var lineNumber = 0
    private var finished = false

    /// `bytes` must be valid UTF-8; a leading byte order mark is skipped.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        var start = 0
        if UTF8Text.hasPrefix(bytes, at: start, [0xEF, 0xBB, 0xBF]) { start += 3 }
        position = start
    }

    /// The next line as a token, then an EOF token (and EOF again if asked further).
    mutating func read() -> Token {
        var token = Token(line: nil, lineNumber: 0)
        read(into: &token)
        return token
    }

    /// Makes `token` the next line (or the end of the file), as `read()` would return it.
    mutating func read(into token: inout Token) {
        let line = nextLine()
        token.reset(line: line, lineNumber: lineNumber)
    }

    /// The next line, or nil at the end of the file.
    private mutating func nextLine() -> GherkinLine? {
        lineNumber += 1
        let end = bytes.endIndex
        guard position < end else { return nil }
        let start = position
        // The line's end and its leading spaces, found while the bytes are held once.
        let (index, spacesEnd) = bytes.withUnsafeBufferPointer { buffer -> (Int, Int) in
            var lineEnd = end
            if let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, end - start) {
                lineEnd = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var spaces = start
            // Eight bytes at a time while they are all spaces (indents are spaces).
            if let base = buffer.baseAddress {
                let raw = UnsafeRawPointer(base)
                while spaces + 8 <= lineEnd {
                    let loaded = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: spaces, as: UInt64.self))
                    let word = loaded ^ 0x2020_2020_2020_2020
                    if word != 0 {
                        spaces += word.trailingZeroBitCount / 8
                        return (lineEnd, spaces)
                    }
                    spaces += 8
                }
            }
            while spaces < lineEnd, buffer[spaces] == UInt8(ascii: " ") { spaces += 1 }
            return (lineEnd, spaces)
        }
        position = index < end ? index + 1 : end
        return GherkinLine(bytes, start: start, end: index, number: lineNumber, spacesEnd: spacesEnd)
    }
}
