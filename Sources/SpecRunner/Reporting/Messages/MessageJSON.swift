import Foundation

/// Appends the run's Cucumber Messages envelopes as compact JSON to a byte buffer, one
/// envelope a line. Gherkin's writer (`MessageEncoder`) writes the source, document and
/// pickle envelopes; this one writes the rest, which also needs booleans and seconds.
struct MessageJSON {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// One envelope: `{"name":{…}}` and a newline.
    mutating func envelope(_ name: StaticString, _ body: (inout MessageJSON) -> Void) {
        object { json in
            json.key(name)
            json.object(body)
        }
        bytes.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    /// Appends lines already written (Gherkin's envelopes).
    mutating func append(lines: [UInt8]) {
        bytes.append(contentsOf: lines)
        needsComma = false
    }

    /// Fields written by another writer (`"a":1,"b":2`), appended as they are.
    mutating func append(fields: [UInt8]) {
        separate()
        bytes.append(contentsOf: fields)
        needsComma = true
    }

    mutating func object(_ body: (inout MessageJSON) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func object(_ name: StaticString, _ body: (inout MessageJSON) -> Void) {
        key(name)
        object(body)
    }

    mutating func array<Element>(
        _ name: StaticString, _ elements: [Element], _ body: (inout MessageJSON, Element) -> Void
    ) {
        key(name)
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for element in elements { body(&self, element) }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        if let value { field(name, value) }
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        appendDigits(value)
        needsComma = true
    }

    /// The decimal digits of `value`, without making a string of them.
    private mutating func appendDigits(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var count = 1
        var rest = magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        // Room for the digits, then filled in from the last.
        let end = bytes.count + count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var remaining = magnitude
        for index in stride(from: end - 1, through: end - count, by: -1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// `{"seconds":…,"nanos":…}` since 1970 (a Timestamp).
    mutating func timestamp(_ name: StaticString, _ date: Date) {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        object(name) { json in
            json.field("seconds", Int(seconds))
            json.field("nanos", min(999_999_999, Int((interval - seconds) * 1e9)))
        }
    }

    /// `{"seconds":…,"nanos":…}` (a Duration).
    mutating func duration(_ name: StaticString, _ duration: Duration) {
        let nanos = duration.components.attoseconds / 1_000_000_000
        object(name) { json in
            json.field("seconds", Int(duration.components.seconds))
            json.field("nanos", Int(nanos))
        }
    }

    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Runs of plain bytes are copied whole; only what needs escaping is looked at.
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                appendEscaped(byte)
                runStart = index + 1
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            hex.withUTF8Buffer { hex in
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}
