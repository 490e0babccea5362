import Transport
import Wire

/// The register under test, reached over the protocol at a base URL (`ws://HOST:PORT`):
/// one `/register`, one `/calendar` connection, and a `/display` connection opened anew
/// for each episode, as a scenario's is.
final class TargetRegister {
    struct Unreachable: Error, CustomStringConvertible {
        var description: String
    }

    let base: String
    let timeout = Duration.seconds(5)
    private var register: WebSocketClient?
    private var calendar: WebSocketClient?
    private var display: WebSocketClient?

    init(base: String) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
    }

    /// Starts an episode: both resets, and a freshly connected display; returns the
    /// snapshot that display received on connecting.
    func begin() async throws -> String {
        if register == nil { register = try await WebSocketClient.connect(to: base + "/register", timeout: timeout) }
        if calendar == nil { calendar = try await WebSocketClient.connect(to: base + "/calendar", timeout: timeout) }
        for reset in [ProtocolAction.register(.reset), .calendar(.reset)] {
            _ = try await exchange(reset.request(id: 0), on: reset.endpoint)
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
        let snapshots = try display?.receiveAvailable().compactMap(\.text) ?? []
        var observation = Observation(response: Observation.parse(response), snapshots: snapshots)
        if !observation.ok {
            let getState = ProtocolAction.getState(on: action.endpoint)
            let state = try await exchange(getState.request(id: id), on: getState.endpoint)
            observation.stateAfterRefusal = Observation.parse(state)["state"]?.objectValue
            observation.snapshots += try display?.receiveAvailable().compactMap(\.text) ?? []
        }
        return observation
    }

    func close() async {
        for client in [register, calendar, display].compactMap(\.self) {
            await client.close(timeout: .milliseconds(200))
        }
        (register, calendar, display) = (nil, nil, nil)
    }

    private func exchange(_ request: String, on endpoint: Endpoint) async throws -> String {
        guard let client = endpoint == .register ? register : calendar else {
            throw Unreachable(description: "not connected to \(base)/\(endpoint.rawValue)")
        }
        try client.send(text: request)
        guard let reply = try await client.receive(timeout: timeout) else {
            throw Unreachable(description: "no answer from \(base)/\(endpoint.rawValue) within \(timeout)")
        }
        guard let text = reply.text else {
            throw Unreachable(description: "\(base)/\(endpoint.rawValue) answered with a binary frame")
        }
        return text
    }
}
