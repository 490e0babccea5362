/// Rejects input the scanner must not see: bytes that are not UTF-8, and binary data.
enum SourceCheck {
    struct Problem {
        var message: String
        var location: Location
        var isEncodingError: Bool
    }

    /// Whether `bytes` is well-formed UTF-8 without a NUL byte: the scanner's input.
    ///
    /// Eight ASCII bytes are checked at a time (the standard library's validation costs
    /// about eight instructions a byte here, as most files hold a few non-ASCII scalars);
    /// other sequences are checked one by one, as `problem(in:)` does.
    static func isClean(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            let count = buffer.count
            let high: UInt64 = 0x8080_8080_8080_8080
            let ones: UInt64 = 0x0101_0101_0101_0101
            var index = 0
            while index < count {
                // Sixteen bytes at a time: no byte with its high bit set, no zero byte.
                while index + 16 <= count {
                    let first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let second = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                    let zeros = ((first &- ones) & ~first) | ((second &- ones) & ~second)
                    guard (first | second | zeros) & high == 0 else { break }
                    index += 16
                }
                guard index < count else { break }
                // Byte by byte to the end of this window: retrying the word test at every
                // byte of mixed text (Japanese with ASCII spaces and digits) costs more.
                let windowEnd = min(index + 16, count)
                while index < windowEnd {
                    let byte = buffer[index]
                    if byte < 0x80 {
                        if byte == 0 { return false }
                        index += 1
                        continue
                    }
                    // Most non-ASCII text (kana, kanji) is three-byte sequences led by E1...EF
                    // (not ED, whose second byte is restricted): checked inline.
                    if byte >= 0xE1, byte <= 0xEF, byte != 0xED, index + 2 < count,
                        buffer[index + 1] & 0xC0 == 0x80, buffer[index + 2] & 0xC0 == 0x80
                    {
                        index += 3
                        continue
                    }
                    let length = sequenceLength(buffer, at: index, limit: count)
                    if length == 0 { return false }
                    index += length
                }
            }
            return true
        }
    }

    /// The first problem in `bytes`, located by line and column (in scalars), or nil.
    static func problem(in bytes: [UInt8]) -> Problem? {
        var line = 1
        var column = 1
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0 {
                    return Problem(
                        message: EncodingGuess.name(of: bytes) == "UTF-16"
                            ? "NUL byte: \(EncodingGuess.advice(for: bytes))"
                            : "binary data: NUL byte, a feature file must be UTF-8 text",
                        location: Location(line: line, column: column), isEncodingError: false
                    )
                }
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                index += 1
                continue
            }
            let length = bytes.withUnsafeBufferPointer { sequenceLength($0, at: index, limit: count) }
            guard length > 0 else {
                let hex = String(byte, radix: 16, uppercase: true)
                return Problem(
                    message:
                        "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)): \(EncodingGuess.advice(for: bytes))",
                    location: Location(line: line, column: column), isEncodingError: true
                )
            }
            index += length
            column += 1
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629) that ends by
    /// `limit`, or 0.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, limit: Int) -> Int {
        let first = bytes[index]
        let remaining = min(limit, bytes.count) - index
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            offset < remaining && range.contains(bytes[index + offset])
        }
        switch first {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }
}
