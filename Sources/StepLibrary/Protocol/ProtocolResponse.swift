import Wire

/// One response of `/register` or `/calendar`, read as the protocol defines it (`ok`,
/// `error.code`, `error.message`, `state`, …).
///
/// Every response carries the endpoint's whole state, but most steps only need `ok` and
/// the error: the top-level members are located (`JSONMembers`) and parsed when a step asks.
struct ProtocolResponse: Sendable {
    private let members: JSONMembers

    init(text: String) throws(JSONParser.Failure) {
        members = try JSONMembers(text)
    }

    /// The top-level member `key`, parsed; nil when absent (or not JSON).
    func member(_ key: String) -> JSONValue? { members.value(key) }

    /// The response's `id` when it is a whole number.
    var id: Int? { members.integer("id") }

    /// The number of the display snapshot the simulator had sent when it answered, from a
    /// connection opened for numbered snapshots (docs/protocol.md, "Numbered snapshots").
    var snapshotNumber: Int? { members.integer(NumberedSnapshots.member) }

    /// The `id` as the response wrote it (`5`, `"5"`, `null`), its first 200 bytes as
    /// `excerpt` cuts them; nil when it has none.
    var idText: String? { members.text("id").map { Self.start(of: $0.utf8) } }

    var isOK: Bool { members.isTrue("ok") }

    /// The error code of a rejection (`emptyCart`), nil on success.
    var errorCode: String? { isOK ? nil : member("error")?["code"]?.stringValue }
    var errorMessage: String { member("error")?["message"]?.stringValue ?? "" }

    /// What the answer lacks of protocol.md's shape, nil when it is a success or a refusal:
    /// `"ok"` as `true` or `false` (a server that echoes requests, or speaks another
    /// protocol, answers without it), a success's `"state"` object (protocol.md: every
    /// successful response carries the endpoint's whole state; `null` is none), and a
    /// refusal's `"error.code"`, the code steps are written with
    /// (`ProtocolClient.Failure.notProtocol`).
    var missingMember: String? {
        if isOK {
            return members.range(of: "state").flatMap { members.bytes[$0].first } == UInt8(ascii: "{") ? nil : "state"
        }
        guard members.text("ok") == "false" else { return "ok" }
        return errorCode != nil ? nil : "error.code"
    }

    /// The answer's first 200 bytes, as text.
    var excerpt: String { Self.start(of: members.bytes) }

    /// The first 200 bytes of `bytes`, as text, with `…` when there are more: what a
    /// failure quotes of a register's answer, whatever its size.
    private static func start(of bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes.prefix(200), as: UTF8.self) + (bytes.count > 200 ? "…" : "")
    }
    /// The endpoint's whole state, sent with every successful response.
    var state: JSONValue { member("state") ?? .null }

    /// What a rejected action becomes: the step's outcome.
    var outcome: ActionOutcome {
        isOK ? .succeeded : .rejected(code: errorCode ?? "", message: errorMessage)
    }
}

/// How an action went: the simulator accepted it, or rejected it with a code and a message.
enum ActionOutcome: Sendable, Equatable {
    case succeeded
    case rejected(code: String, message: String)

    /// `rejected with "emptyCart": Cannot start checkout: the cart is empty.`, or
    /// `succeeded`. The message follows a colon: it often has parentheses of its own.
    var summary: String {
        switch self {
        case .succeeded: return "succeeded"
        case .rejected(let code, let message):
            return message.isEmpty ? "rejected with \"\(code)\"" : "rejected with \"\(code)\": \(message)"
        }
    }
}
