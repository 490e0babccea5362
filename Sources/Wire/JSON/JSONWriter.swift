/// Builds compact JSON text directly into one UTF-8 buffer, so a response carrying the whole
/// state costs one pass and no intermediate values or strings.
///
/// Member names are literals (`StaticString`): the encoders name every field in code, so a
/// name is copied as it is, never scanned for characters to escape. The small writes are
/// inlinable: the simulator's encoders call them thousands of times per run.
public struct JSONWriter: ~Copyable {
    @usableFromInline var buffer: UTF8Buffer

    public init(capacity: Int = 2048) {
        buffer = UTF8Buffer(capacity: capacity)
    }

    /// The JSON written so far.
    public var text: String { buffer.text }

    /// The UTF-8 of everything written so far (to splice into another writer with
    /// `raw(bytes:)`).
    public var bytes: [UInt8] { buffer.bytes }

    /// Writes the comma a new value or member needs. In compact JSON a value follows a
    /// comma unless it opens the text, a line, an object or an array, or follows a member
    /// name, so the last byte written says it all and no nesting stack is needed.
    @inlinable @inline(__always) mutating func separate() {
        guard let last = buffer.last else { return }
        switch last {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ":"), UInt8(ascii: "\n"): return
        default: buffer.append(UInt8(ascii: ","))
        }
    }

    @inlinable public mutating func beginObject() {
        separate()
        buffer.append(UInt8(ascii: "{"))
    }

    @inlinable public mutating func endObject() {
        buffer.append(UInt8(ascii: "}"))
    }

    @inlinable public mutating func beginArray() {
        separate()
        buffer.append(UInt8(ascii: "["))
    }

    @inlinable public mutating func endArray() {
        buffer.append(UInt8(ascii: "]"))
    }

    /// Writes a member name (a literal with nothing to escape); the next value written is
    /// its value.
    @inlinable public mutating func key(_ name: StaticString) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(name)
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
    }

    /// Writes a member name that comes from data (escaped like any string).
    public mutating func key(escaping name: String) {
        separate()
        appendQuoted(name)
        buffer.append(UInt8(ascii: ":"))
    }

    @inlinable public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    /// Writes a string whose UTF-8 `write` appends and that needs no escaping (digits,
    /// times, amounts), straight into the buffer.
    public mutating func string(unescaped write: (inout UTF8Buffer) -> Void) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        write(&buffer)
        buffer.append(UInt8(ascii: "\""))
    }

    @inlinable public mutating func int(_ value: Int) {
        separate()
        DecimalDigits.append(value, to: &buffer)
    }

    /// Writes a finite number: a whole value an `Int` holds as an integer (`1200`, never
    /// `9e+15`), others in Swift's shortest round-tripping form, so layout values are
    /// exact; null for a value that is not finite, which JSON cannot say.
    public mutating func double(_ value: Double) {
        separate()
        guard value.isFinite else {
            buffer.append("null")
            return
        }
        if value.rounded() == value, let whole = Int(exactly: value) {
            DecimalDigits.append(whole, to: &buffer)
        } else {
            buffer.append(contentsOf: String(value))
        }
    }

    @inlinable public mutating func bool(_ value: Bool) {
        separate()
        buffer.append(value ? "true" : "false")
    }

    @inlinable public mutating func null() {
        separate()
        buffer.append("null")
    }

    /// Splices one already-encoded JSON value, as UTF-8, in as one value.
    public mutating func raw(bytes json: [UInt8]) {
        separate()
        buffer.append(contentsOf: json)
    }

    @inlinable public mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        appendQuoted(value)
    }

    @inlinable public mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        DecimalDigits.append(value, to: &buffer)
    }

    @inlinable public mutating func member(_ name: StaticString, _ value: Double) {
        key(name)
        double(value)
    }

    @inlinable public mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        buffer.append(value ? "true" : "false")
    }

    @inlinable public mutating func member(_ name: StaticString, optional value: String?) {
        key(name)
        if let value { appendQuoted(value) } else { buffer.append("null") }
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\b`, `\t`, `\n`,
    /// `\f`, `\r` or `\u00XX` (as JavaScript's and Python's JSON writers do); everything else
    /// (including non-ASCII UTF-8) copied byte for byte, in runs between the bytes that need
    /// escaping.
    @usableFromInline mutating func appendQuoted(_ value: String) {
        buffer.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { appendEscaping($0) }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Copies `text` with its special bytes escaped, straight into the buffer (room for the
    /// longest result is made first, so no byte is checked for room). Most text has few:
    /// it is read eight bytes at a time, a word with none (`mayNeedEscaping`) is copied
    /// whole, and only a word that may hold one is looked at byte by byte.
    private mutating func appendEscaping(_ text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress else { return }
        let count = text.count
        buffer.reserve(count * 6)  // `\u00XX`: at most six bytes for each
        var out = buffer.base + buffer.length
        var index = 0
        while count - index >= 8 {
            let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
            if !Self.mayNeedEscaping(word) {
                UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
                out += 8
                index += 8
                continue
            }
            for offset in 0..<8 { out = Self.escape(source[index + offset], to: out) }
            index += 8
        }
        while index < count {
            out = Self.escape(source[index], to: out)
            index += 1
        }
        buffer.length = out - buffer.base
    }

    /// Whether one of the eight bytes in `word` may be below 0x20, `"` or `\` (never false
    /// when one is; sometimes true when none is, which only costs a closer look).
    @inline(__always) private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte below n sets its high bit in (word - n) while its own high bit is clear.
        func hasByteBelow(_ n: UInt64, _ word: UInt64) -> UInt64 { (word &- ones &* n) & ~word & highBits }
        let control = hasByteBelow(0x20, word)
        let quote = hasByteBelow(1, word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        let backslash = hasByteBelow(1, word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        return control | quote | backslash != 0
    }

    private static let hexDigits: StaticString = "0123456789abcdef"
    /// The letter after the backslash for each control character (`u`: written `\u00XX`).
    private static let controlEscapes: StaticString = "uuuuuuuubtnufruuuuuuuuuuuuuuuuuu"

    /// Writes `byte` at `out`, escaped if it must be; returns where the next byte goes.
    @inline(__always) private static func escape(
        _ byte: UInt8, to out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            out.pointee = byte
            return out + 1
        }
        out[0] = UInt8(ascii: "\\")
        guard byte < 0x20 else {
            out[1] = byte  // `"` or `\`
            return out + 2
        }
        let letter = controlEscapes.withUTF8Buffer { $0[Int(byte)] }
        out[1] = letter
        guard letter == UInt8(ascii: "u") else { return out + 2 }
        out[2] = UInt8(ascii: "0")
        out[3] = UInt8(ascii: "0")
        hexDigits.withUTF8Buffer { digits in
            out[4] = digits[Int(byte >> 4)]
            out[5] = digits[Int(byte & 0xF)]
        }
        return out + 6
    }
}
