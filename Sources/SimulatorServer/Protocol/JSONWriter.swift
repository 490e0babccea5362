/// Builds compact JSON text directly into one UTF-8 buffer, so a response carrying the whole
/// state costs one pass and no intermediate values or strings.
struct JSONWriter {
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(2048)
    }

    /// The JSON written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes the comma a new value or member needs. In compact JSON a value follows a
    /// comma unless it opens the text, an object or an array, or follows a member name, so
    /// the last byte written says it all and no nesting stack is needed.
    private mutating func separate() {
        guard let last = bytes.last else { return }
        switch last {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ":"): return
        default: bytes.append(UInt8(ascii: ","))
        }
    }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes a member name; the next value written is its value.
    mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func int(_ value: Int) {
        separate()
        appendDigits(value)
    }

    /// Writes a finite number; whole values without a fraction (`1200`), others in Swift's
    /// shortest round-tripping form, so layout values are exact.
    mutating func double(_ value: Double) {
        separate()
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        if value.rounded() == value && abs(value) < 1.0e15 {
            appendDigits(Int(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    mutating func bool(_ value: Bool) {
        separate()
        appendASCII(value ? "true" : "false")
    }

    mutating func null() {
        separate()
        appendASCII("null")
    }

    /// The UTF-8 of everything written so far (to splice into another writer with
    /// `raw(bytes:)`).
    var utf8: [UInt8] { bytes }

    /// Splices one already-encoded JSON value, as UTF-8, in as one value.
    mutating func raw(bytes json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
    }

    /// Splices already-encoded JSON in as one value.
    mutating func raw(_ json: String) {
        separate()
        bytes.append(contentsOf: json.utf8)
    }

    mutating func member(_ name: String, _ value: String) {
        key(name)
        appendQuoted(value)
    }

    mutating func member(_ name: String, _ value: Int) {
        key(name)
        appendDigits(value)
    }

    mutating func member(_ name: String, _ value: Double) {
        key(name)
        double(value)
    }

    mutating func member(_ name: String, _ value: Bool) {
        key(name)
        appendASCII(value ? "true" : "false")
    }

    mutating func member(_ name: String, optional value: String?) {
        key(name)
        optionalString(value)
    }

    private mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A whole number in decimal, without going through a `String`.
    private mutating func appendDigits(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        guard magnitude >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        let start = bytes.count
        while magnitude > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        bytes[start...].reverse()
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\r`, `\t`
    /// or `\u00XX`; everything else (including non-ASCII UTF-8) copied byte for byte.
    private mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = value.utf8
        let copied =
            utf8.withContiguousStorageIfAvailable { buffer -> Bool in
                guard !buffer.contains(where: Self.needsEscaping) else { return false }
                bytes.append(contentsOf: buffer)
                return true
            } ?? false
        if !copied {
            for byte in utf8 { appendEscaped(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): appendASCII("\\\"")
        case UInt8(ascii: "\\"): appendASCII("\\\\")
        case UInt8(ascii: "\n"): appendASCII("\\n")
        case UInt8(ascii: "\r"): appendASCII("\\r")
        case UInt8(ascii: "\t"): appendASCII("\\t")
        case 0..<0x20:
            appendASCII("\\u00")
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        default: bytes.append(byte)
        }
    }
}
