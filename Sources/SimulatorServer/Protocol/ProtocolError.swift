import Wire

/// A request the codec could not turn into an action: `badRequest`, `unknownAction` or
/// `badParameter` (naming the field).
struct ProtocolError: Error, Equatable {
    var code: String
    var message: String
    /// The offending parameter, for `badParameter` (`"quantity"`, `"products[1].price"`).
    var field: String?

    static func badRequest(_ message: String) -> ProtocolError {
        ProtocolError(code: RequestErrorCode.badRequest.rawValue, message: message)
    }

    static func unknownAction(_ action: String, endpoint: String, known: [String]) -> ProtocolError {
        ProtocolError(
            code: RequestErrorCode.unknownAction.rawValue,
            message: "Unknown action \"\(action)\" on /\(endpoint) (known: \(known.joined(separator: ", "))).")
    }

    static func missing(_ field: String) -> ProtocolError {
        ProtocolError(
            code: RequestErrorCode.badParameter.rawValue, message: "Missing parameter \"\(field)\".", field: field)
    }

    static func mistyped(_ field: String, expected: String, got value: JSONValue) -> ProtocolError {
        ProtocolError(
            code: RequestErrorCode.badParameter.rawValue,
            message: "Parameter \"\(field)\" must be \(expected) (got \(value.typeName)).",
            field: field)
    }

    static func invalid(_ field: String, _ message: String) -> ProtocolError {
        ProtocolError(
            code: RequestErrorCode.badParameter.rawValue, message: "Parameter \"\(field)\" \(message)", field: field)
    }
}
