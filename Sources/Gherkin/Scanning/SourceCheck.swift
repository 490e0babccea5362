#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rejects input the scanner must not see: bytes that are not UTF-8, and binary data.
enum SourceCheck {
    struct Problem {
        var message: String
        var location: Location
        var isEncodingError: Bool
    }

    /// Whether `bytes` holds a NUL byte (memchr: `Sequence.contains` walks a byte at a
    /// time, which costs as much as parsing a small file).
    static func containsNUL(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
            return memchr(base, 0, buffer.count) != nil
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
                        message: "binary data: NUL byte, a feature file must be UTF-8 text",
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
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                let hex = String(byte, radix: 16, uppercase: true)
                return Problem(
                    message:
                        "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)), a feature file must be UTF-8 text",
                    location: Location(line: line, column: column), isEncodingError: true
                )
            }
            index += length
            column += 1
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629), or 0.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let remaining = bytes.count - index
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
