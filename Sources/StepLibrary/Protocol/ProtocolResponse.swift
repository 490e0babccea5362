/// One response of `/register` or `/calendar`, read as the protocol defines it (`ok`,
/// `error.code`, `error.message`, `state`, …).
///
/// Every response carries the endpoint's whole state, but most steps only need `ok` and
/// the error: the top-level members are kept as text and parsed when a step asks.
public struct ProtocolResponse: Sendable {
    /// The response's UTF-8 bytes.
    private let bytes: [UInt8]
    /// Where the raw JSON of each top-level member lies in `bytes`.
    private let members: [String: Range<Int>]

    /// Reads the top level of a response object.
    public init(text: String) throws(JSONParser.Failure) {
        (bytes, members) = try JSONParser.topLevelMemberRanges(text)
    }

    /// The top-level member `key`, parsed; nil when absent (or not JSON).
    public func member(_ key: String) -> JSONValue? {
        members[key].flatMap { try? JSONParser.parse(bytes[$0]) }
    }

    /// The response's `id` when it is a whole number.
    public var id: Int? { raw("id").flatMap { Int($0) } }

    public var isOK: Bool { raw("ok") == "true" }

    /// The raw JSON text of the top-level member `key`.
    private func raw(_ key: String) -> String? {
        members[key].map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    /// The error code of a rejection (`emptyCart`), nil on success.
    public var errorCode: String? {
        isOK ? nil : (member("error")?["code"]?.stringValue ?? "unknownError")
    }
    public var errorMessage: String { member("error")?["message"]?.stringValue ?? "" }
    /// The endpoint's whole state, sent with every successful response.
    public var state: JSONValue { member("state") ?? .null }

    /// What a rejected action becomes: the step's outcome.
    public var outcome: ActionOutcome {
        guard let code = errorCode else { return .succeeded }
        return .rejected(code: code, message: errorMessage)
    }
}

/// How an action went: the simulator accepted it, or rejected it with a code and a message.
public enum ActionOutcome: Sendable, Equatable {
    case succeeded
    case rejected(code: String, message: String)

    /// `rejected with "emptyCart" (The cart is empty.)`, or `succeeded`.
    public var summary: String {
        switch self {
        case .succeeded: return "succeeded"
        case .rejected(let code, let message):
            return message.isEmpty ? "rejected with \"\(code)\"" : "rejected with \"\(code)\" (\(message))"
        }
    }
}
