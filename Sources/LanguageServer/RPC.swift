import Wire

/// JSON-RPC 2.0's error responses and the codes LSP uses.
enum RPC {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602

    struct Failure: Error {
        var code: Int
        var message: String
    }

    static func error(id: JSONValue, code: Int, message: String) -> JSONValue {
        .object([
            "jsonrpc": "2.0", "id": id,
            "error": .object(["code": JSONValue(code), "message": .string(message)]),
        ])
    }
}
