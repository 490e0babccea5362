/// Parses JSON text into a `JSONValue`: a small recursive-descent parser over UTF-8 bytes.
///
/// Responses are parsed on every step, so this stays a single pass with no intermediate
/// `Any` values; errors name the byte offset.
public struct JSONParser {
    /// Why a text is not JSON, and where.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    let bytes: [UInt8]
    var index = 0
    private var depth = 0
    private static let maximumDepth = 256

    init(_ text: String) { bytes = Array(text.utf8) }
    private init(_ bytes: ArraySlice<UInt8>) { self.bytes = Array(bytes) }

    /// The value of `text`, which must hold exactly one JSON value.
    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        try parse(JSONParser(text))
    }

    /// The value of `bytes` (UTF-8), which must hold exactly one JSON value.
    static func parse(_ bytes: ArraySlice<UInt8>) throws(Failure) -> JSONValue {
        try parse(JSONParser(bytes))
    }

    private static func parse(_ start: JSONParser) throws(Failure) -> JSONValue {
        var parser = start
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        default: return try parseNumber()
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected \(word)")
        }
        index += expected.count
        return value
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw failure("nested too deeply") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    mutating func parseString() throws(Failure) -> String {
        if let plain = plainStringRange() {
            index = plain.upperBound + 1
            return String(decoding: bytes[plain], as: UTF8.self)
        }
        index += 1
        var buffer: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): buffer.append(contentsOf: Array(try parseUnicodeEscape().utf8))
                default: throw failure("unknown escape")
                }
            default:
                guard byte >= 0x20 else { throw failure("control character in a string") }
                buffer.append(byte)
            }
        }
        throw failure("unterminated string")
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("bad hex digit in \\u escape")
            }
            value = value * 16 + digit
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(Failure) -> String {
        let first = try parseHex4()
        var scalarValue = first
        if (0xD800...0xDBFF).contains(first), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            index += 2
            let second = try parseHex4()
            if (0xDC00...0xDFFF).contains(second) {
                scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
        }
        return Unicode.Scalar(scalarValue).map { String(Character($0)) } ?? "\u{FFFD}"
    }

    /// The contents of the string starting at `index` when it has no escape and no control
    /// character (nearly every string of the protocol): its bytes are then its text.
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

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        while index < bytes.count, JSONParser.isNumberByte(bytes[index]) { index += 1 }
        if let whole = JSONParser.wholeNumber(bytes[start..<index]) { return .number(whole) }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty, let value = Double(text) else {
            index = start
            throw failure("unexpected character")
        }
        return .number(value)
    }

    /// The value of `-?[0-9]{1,15}`, which a `Double` holds exactly, without reading the
    /// text as a general number; nil for anything else.
    static func wholeNumber(_ text: ArraySlice<UInt8>) -> Double? {
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? text.dropFirst() : text
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        var magnitude = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            magnitude = magnitude * 10 + Int(digit)
        }
        // `-0` stays negative zero, as `Double("-0")` reads it.
        return negative ? -Double(magnitude) : Double(magnitude)
    }

    static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }
}
