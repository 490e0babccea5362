/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports where the text goes wrong:
/// the one both ends of the protocol read with (the simulator its requests, the step
/// library the parts of a response a step asks for, `JSONMembers`).
///
/// Nesting is bounded so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// Why a text is not JSON, with the byte offset where parsing stopped.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    public static let maximumDepth = 64

    /// The text's UTF-8, read in place: a parser lives only inside one of the static calls.
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// Parses a complete JSON text (surrounding whitespace allowed).
    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        var text = text
        return try text.withUTF8 { reading($0) { parser throws(Failure) in try parser.parseComplete() } }.get()
    }

    /// Parses a complete JSON text from its UTF-8 (surrounding whitespace allowed); offsets
    /// count from the slice's start.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { reading($0) { parser throws(Failure) in try parser.parseComplete() } }
            .get()
    }

    /// What `body` reads with a parser over `bytes` (a closure that rethrows cannot carry a
    /// typed error out of `withUTF8`, so it comes back as a `Result`).
    static func reading<Value>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout JSONParser) throws(Failure) -> Value
    ) -> Result<Value, Failure> {
        var parser = JSONParser(bytes: bytes)
        return Result { () throws(Failure) in try body(&parser) }
    }

    private mutating func parseComplete() throws(Failure) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the JSON value") }
        return value
    }

    func failure(_ reason: String) -> Failure {
        Failure(offset: index, reason: reason)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    /// Moves past `word`, the literal that writes `value`.
    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard current == expected else { throw failure("invalid literal (expected \(word))") }
            index += 1
        }
        return value
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        var members = JSONObject(capacity: 8)
        try readItems(closing: UInt8(ascii: "}"), "expected ',' or '}' in an object") { parser throws(Failure) in
            guard parser.current == UInt8(ascii: "\"") else { throw parser.failure("expected a member name in quotes") }
            let key = try parser.parseString()
            try parser.expectColon()
            members.append(key, try parser.parseValue(depth: depth + 1))
        }
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        var items: [JSONValue] = []
        try readItems(closing: UInt8(ascii: "]"), "expected ',' or ']' in an array") { parser throws(Failure) in
            items.append(try parser.parseValue(depth: depth + 1))
        }
        return .array(items)
    }

    /// Moves past the object or array that opens at the index, up to its `closing` bracket:
    /// `item` reads each member or item from its first byte; one followed by anything but
    /// `,` or `closing` fails with `problem`.
    mutating func readItems(
        closing: UInt8, _ problem: String, _ item: (inout JSONParser) throws(Failure) -> Void
    ) throws(Failure) {
        index += 1
        skipWhitespace()
        if current == closing {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try item(&self)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case closing:
                index += 1
                return
            default: throw failure(problem)
            }
        }
    }

    /// Moves past the `:` after a member name and the whitespace around it.
    mutating func expectColon() throws(Failure) {
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
        index += 1
        skipWhitespace()
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw failure("expected a digit") }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, Self.isDigit(digit) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, Self.isDigit(digit) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        return .number(text(from: start))
    }

    /// The bytes from `start` to the current index as a string.
    func text(from start: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { index += 1 }
    }
}
