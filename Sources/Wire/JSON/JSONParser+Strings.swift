extension JSONParser {
    /// The string starting at the current `"`, decoded; the index moves past its end.
    mutating func parseString() throws(Failure) -> String {
        index += 1
        // The string's bytes with its escapes decoded, gathered as bytes: appending to a
        // String scalar by scalar copies it each time, which would make a long text with
        // many escapes (an editor's document of many lines) quadratic.
        var unescaped: [UInt8] = []
        var runStart = index
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                // Most strings have no escape: then the run is the whole string.
                guard !unescaped.isEmpty else { return text(from: runStart) }
                unescaped.append(contentsOf: bytes[runStart..<index])
                return String(decoding: unescaped, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                unescaped.append(contentsOf: bytes[runStart..<index])
                index += 1
                let scalar = try parseEscape()
                UTF8.encode(scalar) { unescaped.append($0) }
                runStart = index
            } else {
                index += 1
            }
        }
    }

    /// The contents of the string starting at the current `"` when it has no escape and
    /// no control character (nearly every string of the protocol): its bytes are then
    /// its text. The index does not move.
    func plainStringRange() -> Range<Int>? {
        var end = index + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { return (index + 1)..<end }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    private mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw failure("unterminated escape") }
        index += 1
        if let simple = Self.simpleEscapes.firstIndex(of: byte) { return Self.escapedScalars[simple] }
        guard byte == UInt8(ascii: "u") else { throw failure("invalid escape") }
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard current == UInt8(ascii: "\\") else { throw failure("unpaired surrogate in \\u escape") }
            index += 1
            guard current == UInt8(ascii: "u") else { throw failure("unpaired surrogate in \\u escape") }
            index += 1
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else { throw failure("invalid surrogate pair in \\u escape") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw failure("unpaired surrogate in \\u escape") }
        return scalar
    }

    /// The letters after a backslash that stand for one character, and those characters.
    private static let simpleEscapes = Array(#""\/bfnrt"#.utf8)
    private static let escapedScalars: [Unicode.Scalar] = ["\"", "\\", "/", "\u{08}", "\u{0C}", "\n", "\r", "\t"]

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("truncated \\u escape") }
            // Below 0x80 only ASCII hex digits have a hex value.
            guard byte < 0x80, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw failure("invalid hex digit in \\u escape")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}
