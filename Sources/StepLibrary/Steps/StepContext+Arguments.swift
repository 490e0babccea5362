import StepInterface
import Wire

extension StepContext {
    /// Argument `index` as a `Double`, whether the expression gave a `{float}` or an `{int}`.
    func number(_ index: Int) throws -> Double {
        if let value = arguments.indices.contains(index) ? arguments[index] : nil {
            if let double = value as? Double { return double }
            if let integer = value as? any BinaryInteger { return Double(integer) }
        }
        return try argument(index, as: Double.self)
    }

    /// Argument `index` as an `Int` (an `{int}` or a whole `{float}`).
    func integer(_ index: Int) throws -> Int {
        if arguments.indices.contains(index) {
            // `{int}` and `{yen}` give an `Int`: a cast to it is much cheaper than to a protocol.
            if Swift.type(of: arguments[index]) == Int.self, let value = arguments[index] as? Int { return value }
            if let integer = arguments[index] as? any BinaryInteger, let value = Int(exactly: integer) { return value }
        }
        let value = try number(index)
        guard value.rounded() == value, let exact = Int(exactly: value) else {
            throw StepFailure(.error, "argument #\(index + 1) (\(value)) is not a whole number")
        }
        return exact
    }

    /// The first argument of type `T`, wherever the language put it (English and Japanese
    /// order a step's parameters differently; within one step their types differ).
    func first<T>(_ type: T.Type) throws -> T {
        // Between the library's own types a cast can only succeed when the metatypes are
        // the same, which is a comparison; a failed cast from an existential costs hundreds
        // of instructions. Any other pair is left to the cast.
        let wantsLibraryType = StepContext.isLibraryType(T.self)
        for argument in arguments {
            let argumentType = Swift.type(of: argument)
            if argumentType != T.self, wantsLibraryType, StepContext.isLibraryType(argumentType) { continue }
            if let value = argument as? T { return value }
        }
        throw StepFailure(.error, "the step definition expects a \(T.self) argument, but the step has none")
    }

    /// The first whole-number argument (an `{int}` or a `{yen}`).
    func firstInteger() throws -> Int {
        guard let index = arguments.firstIndex(where: StepContext.isWholeNumber) else {
            throw StepFailure(.error, "the step definition expects a whole-number argument, but the step has none")
        }
        return try integer(index)
    }

    /// Whether an argument is a whole number. The library's own argument types are told
    /// apart by their metatypes: a cast, above all to a protocol, costs far more.
    private static func isWholeNumber(_ argument: Any) -> Bool {
        let type = Swift.type(of: argument)
        if type == Int.self { return true }
        if isLibraryType(type) { return false }
        return argument is any BinaryInteger
    }

    /// Whether `type` is one of the concrete types the library's parameters give: `Int`,
    /// `String`, `Double` and the library's enums. A value of one casts to no other.
    private static func isLibraryType(_ type: Any.Type) -> Bool {
        type == Int.self || type == String.self || type == Double.self || type == DisplayField.self
            || type == DisplayScreen.self || type == PaymentMethod.self || type == WrittenTime.self
    }
}
