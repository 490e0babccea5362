/// A JSON value as the protocol exchanges it, with object keys kept in order.
///
/// The step library builds requests and reads responses with this small value type instead
/// of `JSONSerialization`, whose `Any` results are not `Sendable`.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member `key` of an object (the first one, should a key repeat), else nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int` when it is a whole number.
    public var intValue: Int? {
        guard case .number(let value) = self, value.rounded() == value else { return nil }
        return Int(exactly: value)
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The first value named `key` anywhere below this one, depth first (for fields whose
    /// exact place in a state object the protocol leaves open, such as `hourWidth`).
    public func firstValue(named key: String) -> JSONValue? {
        switch self {
        case .object(let members):
            if let found = members.first(where: { $0.0 == key }) { return found.1 }
            for (_, value) in members {
                if let found = value.firstValue(named: key) { return found }
            }
            return nil
        case .array(let elements):
            for element in elements {
                if let found = element.firstValue(named: key) { return found }
            }
            return nil
        default:
            return nil
        }
    }

    /// Compact JSON text.
    public var serialized: String {
        // Built as UTF-8 bytes (every request is serialized): one buffer, no string appends.
        var out: [UInt8] = []
        out.reserveCapacity(128)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .number(let value):
            // Every whole number an `Int` holds is written as one: `9e+15` is no integer to a
            // reader of the protocol, which would refuse a ¥9,000,000,000,000,000 price as a
            // wrong parameter, below the register's limit of 2^53 − 1.
            if value.rounded() == value, let exact = Int(exactly: value) {
                JSONValue.writeInteger(exact, to: &out)
            } else {
                out += "\(value)".utf8
            }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.0, to: &out)
                out.append(UInt8(ascii: ":"))
                member.1.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Decimal digits, as `String(value)` writes them: counted first, then written from
    /// the last into their place (reversing a slice of the array afterwards cost more
    /// than the digits themselves).
    private static func writeInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var count = 1
        var rest = magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        out.withUnsafeMutableBufferPointer { buffer in
            var index = start + count
            rest = magnitude
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or
    /// `\u00XX`, everything else copied as UTF-8 (in runs, between the bytes escaped).
    private static func writeString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                writeEscape(byte, to: &out)
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeEscape(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out += #"\""#.utf8
        case UInt8(ascii: "\\"): out += #"\\"#.utf8
        case UInt8(ascii: "\n"): out += #"\n"#.utf8
        case UInt8(ascii: "\r"): out += #"\r"#.utf8
        case UInt8(ascii: "\t"): out += #"\t"#.utf8
        default:
            out += #"\u00"#.utf8
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
