/// A JSON value as the protocol exchanges it, in requests and in responses.
///
/// A number keeps its literal text, so an integer stays exact and a request's `id` is
/// echoed as it was written; an object keeps its members in order (`JSONObject`).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The number `value`.
    public init(_ value: Int) {
        self = .number(String(value))
    }

    /// The number `value` as `JSONWriter.double` writes it (whole values as integers);
    /// null when it is not finite, which JSON cannot say.
    public init(_ value: Double) {
        var writer = JSONWriter(capacity: 32)
        writer.double(value)
        self = value.isFinite ? .number(writer.text) : .null
    }

    /// The value as an `Int` when it is a whole number in range (`2` or `2.0`), else nil.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let exact = Int(text) { return exact }
        guard let double = Double(text), double.rounded() == double else { return nil }
        return Int(exactly: double)
    }

    /// The value as a finite `Double`, else nil.
    public var doubleValue: Double? {
        guard case .number(let text) = self, let double = Double(text), double.isFinite else { return nil }
        return double
    }

    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    public var objectValue: JSONObject? {
        if case .object(let members) = self { members } else { nil }
    }

    /// The member `name` of an object (its last value, should the name repeat), else nil.
    public subscript(name: String) -> JSONValue? {
        objectValue?[name]
    }

    /// The JSON type's name for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Compact JSON text, object members in the order they are held.
    public var serialized: String {
        var writer = JSONWriter(capacity: 128)
        writer.value(self)
        return writer.text
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self.init(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONWriter {
    /// Writes a value: a number as its literal, an object's members in the order held, or,
    /// with `sortingMembers`, in its canonical form (`JSONObject.sortedMembers`: one
    /// member per name, sorted).
    public mutating func value(_ value: JSONValue, sortingMembers: Bool = false) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let literal):
            separate()
            buffer.append(contentsOf: literal)
        case .string(let text): string(text)
        case .array(let items): array(items) { $0.value($1, sortingMembers: sortingMembers) }
        case .object(let object):
            beginObject()
            for member in sortingMembers ? object.sortedMembers : object.members {
                key(escaping: member.name)
                self.value(member.value, sortingMembers: sortingMembers)
            }
            endObject()
        }
    }
}
