import Simulator
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
    var position: Position? = nil

    /// `field` prefixed with the path of this object inside the request, as errors name it.
    private func name(_ field: String) -> String {
        position.map { "\($0.path).\(field)" } ?? field
    }

    private func present(_ field: String) -> JSONValue? {
        members[field].flatMap { $0.isNull ? nil : $0 }
    }

    func optionalString(_ field: String) throws(ProtocolError) -> String? {
        guard let value = present(field) else { return nil }
        guard let text = value.stringValue else { throw .mistyped(name(field), expected: "a string", got: value) }
        return text
    }

    func string(_ field: String) throws(ProtocolError) -> String {
        try required(field, optionalString(field))
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
        try required(field, optionalInt(field))
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
        try required(field, optionalDouble(field))
    }

    /// An array of objects, each handed over as fields with an indexed path; absent and not
    /// `required`: empty.
    func objects(_ field: String, required: Bool = true) throws(ProtocolError) -> [RequestFields] {
        guard let value = present(field) else {
            if required { throw .missing(name(field)) }
            return []
        }
        guard let items = value.arrayValue else {
            throw .mistyped(name(field), expected: "an array of objects", got: value)
        }
        let path = position?.path ?? ""
        return try items.enumerated().map { index, item throws(ProtocolError) in
            let position = Position(parentPath: path, field: field, index: index)
            guard let object = item.objectValue else {
                throw .mistyped(position.path, expected: "an object", got: item)
            }
            return RequestFields(members: object, position: position)
        }
    }

    /// `value`, read from `field`; a missing one throws `missing`.
    private func required<Value>(_ field: String, _ value: Value?) throws(ProtocolError) -> Value {
        guard let value else { throw .missing(name(field)) }
        return value
    }

    /// An array of `{"name":…,"price":…}` objects (a catalog, a menu).
    func products(_ field: String, required: Bool) throws(ProtocolError) -> [Product] {
        try objects(field, required: required).map { item throws(ProtocolError) in
            Product(name: try item.string("name"), price: try item.int("price"))
        }
    }

    func choice<T>(_ field: String, _ choices: [String: T]) throws(ProtocolError) -> T {
        let text = try string(field)
        guard let chosen = choices[text] else {
            let words = choices.keys.sorted().joined(separator: ", ")
            throw .invalid(name(field), "must be one of \(words) (got \"\(text)\").")
        }
        return chosen
    }

    /// One of `T`'s cases, named by its raw value.
    func choice<T: RawRepresentable & CaseIterable>(_ field: String, of _: T.Type) throws(ProtocolError) -> T
    where T.RawValue == String {
        try choice(field, Dictionary(uniqueKeysWithValues: T.allCases.map { ($0.rawValue, $0) }))
    }
}
