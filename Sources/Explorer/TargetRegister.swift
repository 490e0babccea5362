import Transport
import Wire

/// The register under test, reached over the protocol at a base URL (`ws://HOST:PORT`):
/// one `/register`, one `/calendar` connection, and a `/display` connection opened anew
/// for each episode, as a scenario's is.
final class TargetRegister {
    struct Unreachable: Error, CustomStringConvertible {
        var description: String
    }

    /// A request of an episode that got no JSON answer: none within `timeout`, the
    /// connection closed, a binary frame, or text that is not a JSON object. The register
    /// broke a rule of protocol.md, and the episode shows it.
    struct NoAnswer: Error, CustomStringConvertible {
        var description: String
    }

    let base: String
    let timeout = Duration.seconds(5)
    private var register: WebSocketClient?
    private var calendar: WebSocketClient?
    private var display: WebSocketClient?

    init(base: String) {
        self.base = Endpoint.base(of: base)
    }

    /// Starts an episode: both resets, and a freshly connected display; returns the
    /// snapshot that display received on connecting.
    func begin() async throws -> String {
        if register == nil { register = try await WebSocketClient.connect(to: base + "/register", timeout: timeout) }
        if calendar == nil { calendar = try await WebSocketClient.connect(to: base + "/calendar", timeout: timeout) }
        for reset in [ProtocolAction.register(.reset), .calendar(.reset)] {
            do { _ = try await exchange(reset.request(id: 0), on: reset.endpoint) } catch let problem as NoAnswer {
                throw Unreachable(description: "reset: \(problem)")
            }
        }
        await display.take()?.close(timeout: .milliseconds(200))
        let fresh = try await WebSocketClient.connect(to: base + "/display", timeout: timeout)
        display = fresh
        guard let first = try await fresh.receive(timeout: timeout)?.text else {
            throw Unreachable(description: "the display at \(base)/display sent no snapshot on connecting")
        }
        return first
    }

    /// Sends `action` as request `id` and observes what it did.
    func apply(_ action: ExploreAction, id: Int) async throws -> Observation {
        let response = try await exchange(action.request(id: id), on: action.endpoint)
        let answer: JSONObject
        do {
            guard let object = try JSONParser.parse(response).objectValue else {
                throw NoAnswer(description: "the answer is not a JSON object: \(Self.opening(response))")
            }
            answer = object
        } catch let error as JSONParser.Failure {
            throw NoAnswer(description: "the answer is not JSON (\(error)): \(Self.opening(response))")
        }
        var observation = Observation(response: answer, snapshots: try displaySnapshots())
        if !observation.ok {
            let getState = ProtocolAction.getState(on: action.endpoint)
            let state = try await exchange(getState.request(id: id), on: getState.endpoint)
            observation.stateAfterRefusal = Observation.parse(state)["state"]?.objectValue
            observation.snapshots += try displaySnapshots()
        }
        return observation
    }

    /// The snapshots the display has been sent since it was last read.
    private func displaySnapshots() throws -> [String] {
        do { return try display?.receiveAvailable().compactMap(\.text) ?? [] } catch {
            throw NoAnswer(description: "\(base)/display: \(error)")
        }
    }

    func close() async {
        for client in [register, calendar, display].compactMap(\.self) {
            await client.close(timeout: .milliseconds(200))
        }
        (register, calendar, display) = (nil, nil, nil)
    }

    /// Sends `request` and waits for its answer. A register that does not answer it is
    /// `NoAnswer`; a reset's (`begin`) is `Unreachable`, as no episode can start.
    private func exchange(_ request: String, on endpoint: Endpoint) async throws -> String {
        guard let client = endpoint == .register ? register : calendar else {
            throw Unreachable(description: "not connected to \(base)/\(endpoint.rawValue)")
        }
        let reply: WebSocketMessage?
        do {
            try client.send(text: request)
            reply = try await client.receive(timeout: timeout)
        } catch {
            throw NoAnswer(description: "\(base)/\(endpoint.rawValue): \(error)")
        }
        guard let reply else {
            throw NoAnswer(description: "no answer from \(base)/\(endpoint.rawValue) within \(timeout)")
        }
        guard let text = reply.text else {
            throw NoAnswer(description: "\(base)/\(endpoint.rawValue) answered with a binary frame")
        }
        return text
    }

    /// The start of an answer, for a message about it.
    private static func opening(_ text: String) -> String {
        text.count <= 80 ? "'\(text)'" : "'\(text.prefix(80))…'"
    }
}
