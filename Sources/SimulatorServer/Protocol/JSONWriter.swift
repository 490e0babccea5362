/// Builds compact JSON text directly into one string, so a response carrying the whole state
/// costs one pass and no intermediate values.
struct JSONWriter {
    private(set) var text = ""
    private var needsComma = [false]

    init() {
        text.reserveCapacity(1024)
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { text.append(",") }
        needsComma[needsComma.count - 1] = true
    }

    mutating func beginObject() {
        separate()
        text.append("{")
        needsComma.append(false)
    }

    mutating func endObject() {
        needsComma.removeLast()
        text.append("}")
    }

    mutating func beginArray() {
        separate()
        text.append("[")
        needsComma.append(false)
    }

    mutating func endArray() {
        needsComma.removeLast()
        text.append("]")
    }

    /// Writes a member name; the next value written is its value.
    mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &text)
        text.append(":")
        needsComma[needsComma.count - 1] = false
    }

    mutating func string(_ value: String) {
        separate()
        Self.appendQuoted(value, to: &text)
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func int(_ value: Int) {
        separate()
        text.append(String(value))
    }

    /// Writes a finite number; whole values without a fraction (`1200`), others in Swift's
    /// shortest round-tripping form, so layout values are exact.
    mutating func double(_ value: Double) {
        separate()
        guard value.isFinite else {
            text.append("null")
            return
        }
        if value.rounded() == value && abs(value) < 1.0e15 {
            text.append(String(Int(value)))
        } else {
            text.append(String(value))
        }
    }

    mutating func bool(_ value: Bool) {
        separate()
        text.append(value ? "true" : "false")
    }

    mutating func null() {
        separate()
        text.append("null")
    }

    /// Splices already-encoded JSON in as one value.
    mutating func raw(_ json: String) {
        separate()
        text.append(json)
    }

    mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    mutating func member(_ name: String, _ value: Int) {
        key(name)
        int(value)
    }

    mutating func member(_ name: String, _ value: Double) {
        key(name)
        double(value)
    }

    mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    mutating func member(_ name: String, optional value: String?) {
        key(name)
        optionalString(value)
    }

    static func appendQuoted(_ value: String, to text: inout String) {
        text.append("\"")
        var needsEscaping = false
        for byte in value.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            needsEscaping = true
            break
        }
        guard needsEscaping else {
            text.append(value)
            text.append("\"")
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text.append("\\\"")
            case "\\": text.append("\\\\")
            case "\n": text.append("\\n")
            case "\r": text.append("\\r")
            case "\t": text.append("\\t")
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                text.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text.append("\"")
    }
}
