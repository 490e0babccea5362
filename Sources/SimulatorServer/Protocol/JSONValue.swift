/// A parsed JSON value; numbers keep their literal text so integers stay exact.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value as an `Int` when it is a whole number in range (`2` or `2.0`), else nil.
    var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let exact = Int(text) { return exact }
        guard let double = Double(text), double.rounded() == double else { return nil }
        return Int(exactly: double)
    }

    /// The value as a finite `Double`, else nil.
    var doubleValue: Double? {
        guard case .number(let text) = self, let double = Double(text), double.isFinite else { return nil }
        return double
    }

    var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    var boolValue: Bool? {
        guard case .bool(let flag) = self else { return nil }
        return flag
    }

    var arrayValue: [JSONValue]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    var objectValue: JSONObject? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// The JSON type's name for error messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
