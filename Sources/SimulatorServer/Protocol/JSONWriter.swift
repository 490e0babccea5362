import Simulator

/// Builds compact JSON text directly into one UTF-8 buffer, so a response carrying the whole
/// state costs one pass and no intermediate values or strings.
///
/// Member names are literals (`StaticString`): the encoders name every field in code, so a
/// name is copied as it is, never scanned for characters to escape.
struct JSONWriter: ~Copyable {
    private var buffer: UTF8Buffer

    init(capacity: Int = 2048) {
        buffer = UTF8Buffer(capacity: capacity)
    }

    /// The JSON written so far.
    var text: String { buffer.text }

    /// The UTF-8 of everything written so far (to splice into another writer with
    /// `raw(bytes:)`).
    var bytes: [UInt8] { buffer.bytes }

    /// Writes the comma a new value or member needs. In compact JSON a value follows a
    /// comma unless it opens the text, an object or an array, or follows a member name, so
    /// the last byte written says it all and no nesting stack is needed.
    @inline(__always) private mutating func separate() {
        guard let last = buffer.last else { return }
        switch last {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ":"): return
        default: buffer.append(UInt8(ascii: ","))
        }
    }

    mutating func beginObject() {
        separate()
        buffer.append(UInt8(ascii: "{"))
    }

    mutating func endObject() {
        buffer.append(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        separate()
        buffer.append(UInt8(ascii: "["))
    }

    mutating func endArray() {
        buffer.append(UInt8(ascii: "]"))
    }

    /// Writes a member name (a literal with nothing to escape); the next value written is
    /// its value.
    @inline(__always) mutating func key(_ name: StaticString) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(name)
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
    }

    /// Writes a member name that comes from data (escaped like any string).
    mutating func key(escaping name: String) {
        separate()
        appendQuoted(name)
        buffer.append(UInt8(ascii: ":"))
    }

    mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    /// Writes a string whose UTF-8 `write` appends and that needs no escaping (digits,
    /// times, amounts), straight into the buffer.
    mutating func string(unescaped write: (inout UTF8Buffer) -> Void) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        write(&buffer)
        buffer.append(UInt8(ascii: "\""))
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func int(_ value: Int) {
        separate()
        DecimalDigits.append(value, to: &buffer)
    }

    /// Writes a finite number; whole values without a fraction (`1200`), others in Swift's
    /// shortest round-tripping form, so layout values are exact.
    mutating func double(_ value: Double) {
        separate()
        guard value.isFinite else {
            buffer.append("null")
            return
        }
        if value.rounded() == value && abs(value) < 1.0e15 {
            DecimalDigits.append(Int(value), to: &buffer)
        } else {
            buffer.append(contentsOf: String(value))
        }
    }

    mutating func bool(_ value: Bool) {
        separate()
        buffer.append(value ? "true" : "false")
    }

    mutating func null() {
        separate()
        buffer.append("null")
    }

    /// Splices one already-encoded JSON value, as UTF-8, in as one value.
    mutating func raw(bytes json: [UInt8]) {
        separate()
        buffer.append(contentsOf: json)
    }

    /// Splices already-encoded JSON in as one value.
    mutating func raw(_ json: String) {
        separate()
        buffer.append(contentsOf: json)
    }

    @inline(__always) mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        appendQuoted(value)
    }

    @inline(__always) mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        DecimalDigits.append(value, to: &buffer)
    }

    @inline(__always) mutating func member(_ name: StaticString, _ value: Double) {
        key(name)
        double(value)
    }

    @inline(__always) mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        buffer.append(value ? "true" : "false")
    }

    @inline(__always) mutating func member(_ name: StaticString, optional value: String?) {
        key(name)
        optionalString(value)
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\r`, `\t`
    /// or `\u00XX`; everything else (including non-ASCII UTF-8) copied byte for byte, in
    /// runs between the bytes that need escaping.
    private mutating func appendQuoted(_ value: String) {
        buffer.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { text in
            var runStart = 0
            for index in text.indices where Self.needsEscaping(text[index]) {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
                appendEscaped(text[index])
                runStart = index + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): buffer.append("\\\"")
        case UInt8(ascii: "\\"): buffer.append("\\\\")
        case UInt8(ascii: "\n"): buffer.append("\\n")
        case UInt8(ascii: "\r"): buffer.append("\\r")
        case UInt8(ascii: "\t"): buffer.append("\\t")
        default:
            buffer.append("\\u00")
            Self.hexDigits.withUTF8Buffer { digits in
                buffer.append(digits[Int(byte >> 4)])
                buffer.append(digits[Int(byte & 0xF)])
            }
        }
    }
}
