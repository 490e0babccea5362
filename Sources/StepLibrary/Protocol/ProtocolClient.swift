import StepInterface
import Synchronization
import Transport
import Wire

/// Request/response over one `/register` or `/calendar` connection: numbers each request
/// and waits for the response that repeats its id. Responses to requests whose step was
/// abandoned (a timed-out step) are skipped by id, so no request reads a stale answer;
/// an answer to a request answered already (twice, or out of order) fails the step.
///
/// Not an actor: its state, the next id and the last one answered, is atomic, and its
/// calls run on the caller's executor (`nonisolated(nonsending)`), so a request costs no
/// hop from the scenario's world and back. One caller at a time uses a client (a worker runs one
/// scenario at a time).
final class ProtocolClient: Sendable {
    /// Why a request got no usable response.
    enum Failure: Error, Sendable, CustomStringConvertible {
        case timedOut(action: String, after: Duration)
        case malformedResponse(String)
        /// A response whose `id` is not its request's (protocol.md: "Every request carries an
        /// `id` that its response repeats"): `got` is the id as sent, or nil when absent.
        case mismatchedID(action: String, expected: Int, got: String?)
        /// An answer without protocol.md's `ok`, or a refusal without its `error.code`
        /// (`missing`): neither a success nor a refusal; `answer` is its start.
        case notProtocol(action: String, missing: String, answer: String)
        /// A request longer than a register takes in one message (protocol.md: 1 MiB, or it
        /// closes the connection with 1009).
        case tooLarge(action: String, bytes: Int)
        /// An answer to request `id` after the answer to request `after` (protocol.md:
        /// responses come in request order, one for each).
        case answeredAgain(action: String, id: Int, after: Int)

        var description: String { text(.en) }

        /// The failure in the words of the step that met it.
        func text(_ language: StepLanguage) -> String {
            switch self {
            case .timedOut(let action, let after):
                return language.pick(
                    "no response to \"\(action)\" within \(after), the limit --timeout sets",
                    "「\(action)」への応答が\(language.wait(after))以内にありませんでした（--timeoutの上限）")
            case .malformedResponse(let detail):
                return language.pick(
                    "the register sent a response that is not JSON: \(detail)", "レジの応答がJSONではありません: \(detail)")
            case .mismatchedID(let action, let expected, let got):
                return language.pick(
                    "the response to \"\(action)\" (request id \(expected)) came with \(got.map { "id \($0)" } ?? "no id")"
                        + ": protocol.md says every response repeats its request's id",
                    "「\(action)」への応答（要求のid \(expected)）が\(got.map { "id \($0)" } ?? "idなし")で届きました。"
                        + "protocol.mdでは、応答は要求のidをそのまま返します")
            case .notProtocol(let action, let missing, let answer):
                return language.pick(
                    "the answer to \"\(action)\" is not a protocol.md response (it has no \"\(missing)\"): \(answer)",
                    "「\(action)」への応答はprotocol.mdの応答ではありません（\"\(missing)\"がありません）: \(answer)")
            case .tooLarge(let action, let bytes):
                let limit = ProtocolClient.messageLimit >> 20
                return language.pick(
                    "the \"\(action)\" request is \(bytes) bytes, over the \(limit) MiB a register takes in one message"
                        + " (protocol.md): give the step a smaller table",
                    "「\(action)」の要求は\(bytes)バイトで、レジが一度に受け取る\(limit) MiBを超えています（protocol.md）。"
                        + "ステップの表を小さくしてください")
            case .answeredAgain(let action, let id, let after):
                return language.pick(
                    "while \"\(action)\" waited, request id \(id) was answered "
                        + (id == after ? "twice" : "after request id \(after)")
                        + ": protocol.md answers each request once, in request order",
                    "「\(action)」の応答を待つ間に、要求id \(id)への応答が"
                        + (id == after ? "二度" : "要求id \(after)への応答の後に") + "届きました。"
                        + "protocol.mdでは、各要求に一度だけ、要求の順に応答します")
            }
        }
    }

    let url: String
    private let channel: any MessageChannel
    /// Whether this is an endpoint a `--target` lacks (`MissingEndpoint`).
    var isMissing: Bool { channel is MissingEndpoint }

    /// Runs `body`, a request of `endpoint` on this client, its failures told as the step's
    /// whose request met them, in its `language`, naming this client's URL: a timeout is
    /// the step's timeout, anything else an error.
    nonisolated(nonsending) func reaching<Value>(
        _ endpoint: Endpoint, language: StepLanguage, _ body: () async throws -> Value
    ) async throws -> Value {
        do {
            return try await body()
        } catch let failure as Failure {
            if case .timedOut = failure { throw StepFailure(.timeout, "\(failure.text(language)) (\(url))") }
            throw StepFailure(.error, "\(failure.text(language)) (\(url))")
        } catch let failure as StepFailure {
            throw failure
        } catch {
            throw StepFailure(
                .error,
                language.pick(
                    "the \(endpoint.rawValue) connection failed: \(error) (\(url))",
                    "\(endpoint.rawValue)の接続に失敗しました: \(error) (\(url))"))
        }
    }
    private let nextID = Atomic(1)
    /// The id of the last request answered (0 before the first).
    private let lastAnswered = Atomic(0)

    init(url: String, channel: any MessageChannel) {
        self.url = url
        self.channel = channel
    }

    /// Sends `action` without waiting for its response; returns the request's id, for
    /// `response(to:action:timeout:)`. Lets a caller put requests to two connections in
    /// flight at once without a child task for each.
    nonisolated(nonsending) func post(_ action: ProtocolAction, _ parameters: [(String, JSONValue)] = []) async throws
        -> Int
    {
        try await postAll([(action, parameters)])
    }

    /// The most bytes a register takes in one message.
    static let messageLimit = WebSocketSession.defaultMaximumMessageSize

    /// `body`, unless it is more than a register takes: refused here, with its action and
    /// size, not as a connection the register closed.
    private static func sized(_ body: String, _ action: ProtocolAction) throws(Failure) -> String {
        guard body.utf8.count <= messageLimit else { throw .tooLarge(action: action.name, bytes: body.utf8.count) }
        return body
    }

    /// Waits until `deadline` (by default `timeout` from now) for the response to the
    /// request numbered `id`, skipping those to requests numbered below `oldest` (by
    /// default `id`); `timeout` is the limit a failure names.
    nonisolated(nonsending) func response(
        to id: Int, action: ProtocolAction, timeout: Duration, by deadline: ContinuousClock.Instant? = nil,
        skippingBelow oldest: Int? = nil
    ) async throws -> ProtocolResponse {
        let (deadline, oldest) = (deadline ?? ContinuousClock.now.advanced(by: timeout), oldest ?? id)
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero, let text = try await channel.receive(timeout: remaining) else {
                throw Failure.timedOut(action: action.name, after: timeout)
            }
            let response: ProtocolResponse
            do { response = try ProtocolResponse(text: text) } catch { throw Failure.malformedResponse("\(error)") }
            if let answered = response.id, answered < oldest {
                // A late answer to an abandoned request was never answered before.
                let last = lastAnswered.load(ordering: .relaxed)
                guard answered > last else {
                    throw Failure.answeredAgain(action: action.name, id: answered, after: last)
                }
                continue
            }
            guard response.id == id else {
                throw Failure.mismatchedID(action: action.name, expected: id, got: response.idText)
            }
            if let missing = response.missingMember {
                throw Failure.notProtocol(action: action.name, missing: missing, answer: response.excerpt)
            }
            lastAnswered.store(id, ordering: .relaxed)
            return response
        }
    }

    /// Sends several requests at once (one write) and returns their responses in order:
    /// the simulator answers in request order, so a table of rows costs one round trip.
    nonisolated(nonsending) func requestAll(
        _ requests: [(action: ProtocolAction, parameters: [(String, JSONValue)])], timeout: Duration
    ) async throws -> [ProtocolResponse] {
        guard !requests.isEmpty else { return [] }
        let firstID = try await postAll(requests)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var responses: [ProtocolResponse] = []
        for (offset, request) in requests.enumerated() {
            responses.append(
                try await response(
                    to: firstID + offset, action: request.action, timeout: timeout, by: deadline,
                    skippingBelow: firstID))
        }
        return responses
    }

    /// Sends several requests at once (one write) without waiting for their responses;
    /// returns the first one's id (the others follow it one by one).
    nonisolated(nonsending) func postAll(
        _ requests: [(action: ProtocolAction, parameters: [(String, JSONValue)])]
    ) async throws -> Int {
        let firstID = nextID.add(requests.count, ordering: .relaxed).oldValue
        let bodies = try requests.enumerated().map { offset, request throws(Failure) in
            try Self.sized(request.action.request(id: firstID + offset, request.parameters), request.action)
        }
        try await channel.sendAll(bodies)
        return firstID
    }

    nonisolated(nonsending) func close() async { await channel.close() }
}

/// A `--target`'s endpoint that could not be opened (a register build without `/calendar`,
/// answering 404): the channel every calendar step then uses, failing each with why, so
/// that the register's and the display's scenarios still run against it.
struct MissingEndpoint: MessageChannel {
    /// `the register at ws://HOST:PORT has no /calendar endpoint (…)`.
    let reason: String

    nonisolated(nonsending) func send(_ text: String) async throws {
        throw StepFailure(.error, reason + ": the calendar's steps cannot run against it")
    }

    nonisolated(nonsending) func receive(timeout: Duration) async throws -> String? {
        throw StepFailure(.error, reason)
    }

    nonisolated(nonsending) func receiveAvailable() async throws -> [String] { [] }

    nonisolated(nonsending) func close() async {}
}
