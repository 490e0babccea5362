import Wire

/// Typed access to a request object's fields; a missing or mistyped required field throws
/// `badParameter` naming it (with its path, e.g. `products[1].price`).
///
/// A field that is `null` counts as absent. Fields nobody asks for are ignored.
struct RequestFields {
    /// Where an object sits in its parent: item `index` of the parent's array `field`.
    struct Position {
        var parentPath: String
        var field: String
        var index: Int

        var path: String {
            "\(parentPath.isEmpty ? field : "\(parentPath).\(field)")[\(index)]"
        }
    }

    let members: JSONObject
    /// Where this object sits in the request (nil: it is the request); its path is spelled
    /// out only for an error message.
    let position: Position?

    init(_ members: JSONObject, position: Position? = nil) {
        self.members = members
        self.position = position
    }

    /// The path of this object inside the request, prefixed to field names in errors.
    var path: String { position?.path ?? "" }

    func name(_ field: String) -> String {
        let path = path
        return path.isEmpty ? field : "\(path).\(field)"
    }

    private func present(_ field: String) -> JSONValue? {
        guard let value = members[field], !value.isNull else { return nil }
        return value
    }

    func has(_ field: String) -> Bool { present(field) != nil }

    func optionalString(_ field: String) throws(ProtocolError) -> String? {
        guard let value = present(field) else { return nil }
        guard let text = value.stringValue else { throw .mistyped(name(field), expected: "a string", got: value) }
        return text
    }

    func string(_ field: String) throws(ProtocolError) -> String {
        guard let text = try optionalString(field) else { throw .missing(name(field)) }
        return text
    }

    /// A whole number beyond `Int`'s range (`9223372036854775808`, or `Int.max` sent as a
    /// double, which rounds up to 2^63) is taken as `Int.max` or `Int.min`: too large for
    /// any rule, so the rule refuses it with its own code (`invalidQuantity`, `invalidDiscount`),
    /// not `badParameter`: the value is well formed, only too large.
    func optionalInt(_ field: String) throws(ProtocolError) -> Int? {
        guard let value = present(field) else { return nil }
        guard let number = value.intValue else {
            if let double = value.doubleValue, double.rounded() == double {
                return double > 0 ? Int.max : Int.min
            }
            if case .number = value { throw .invalid(name(field), "must be a whole number in range.") }
            throw .mistyped(name(field), expected: "an integer", got: value)
        }
        return number
    }

    func int(_ field: String) throws(ProtocolError) -> Int {
        guard let number = try optionalInt(field) else { throw .missing(name(field)) }
        return number
    }

    func optionalDouble(_ field: String) throws(ProtocolError) -> Double? {
        guard let value = present(field) else { return nil }
        guard let number = value.doubleValue else {
            if case .number = value { throw .invalid(name(field), "must be a finite number.") }
            throw .mistyped(name(field), expected: "a number", got: value)
        }
        return number
    }

    func double(_ field: String) throws(ProtocolError) -> Double {
        guard let number = try optionalDouble(field) else { throw .missing(name(field)) }
        return number
    }

    /// An array of objects, each handed over as fields with an indexed path.
    func optionalObjects(_ field: String) throws(ProtocolError) -> [RequestFields]? {
        guard let value = present(field) else { return nil }
        guard let items = value.arrayValue else {
            throw .mistyped(name(field), expected: "an array of objects", got: value)
        }
        var result: [RequestFields] = []
        result.reserveCapacity(items.count)
        let path = path
        for (index, item) in items.enumerated() {
            let position = Position(parentPath: path, field: field, index: index)
            guard let object = item.objectValue else {
                throw .mistyped(position.path, expected: "an object", got: item)
            }
            result.append(RequestFields(object, position: position))
        }
        return result
    }

    func objects(_ field: String) throws(ProtocolError) -> [RequestFields] {
        guard let items = try optionalObjects(field) else { throw .missing(name(field)) }
        return items
    }

    /// A string that must be one of `choices`.
    func choice<T>(_ field: String, _ choices: [String: T]) throws(ProtocolError) -> T {
        let text = try string(field)
        guard let chosen = choices[text] else {
            throw .invalid(
                name(field), "must be one of \(choices.keys.sorted().joined(separator: ", ")) (got \"\(text)\").")
        }
        return chosen
    }
}
