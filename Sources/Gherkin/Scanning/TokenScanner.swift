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
        lineNumber += 1
        let end = bytes.endIndex
        guard position < end else {
            return Token(line: nil, lineNumber: lineNumber)
        }
        let index = bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress, let found = memchr(base + position, 0x0A, end - position) else {
                return end
            }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        let line = GherkinLine(bytes, start: position, end: index, number: lineNumber)
        position = index < end ? index + 1 : end
        return Token(line: line, lineNumber: lineNumber)
    }
}
