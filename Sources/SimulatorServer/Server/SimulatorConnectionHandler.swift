import Synchronization
import Transport
import Wire

/// The simulator's side of the server: routes requests, runs every register and
/// calendar request through the one engine, and keeps every display up to date.
///
/// The server calls it on a single thread, which already serialises requests; the
/// `Mutex` is what makes the state `Sendable`, and is never contended.
final class SimulatorConnectionHandler: WebSocketServerHandler {
    private struct State {
        /// Its `displaySnapshotUTF8` is the snapshot the displays have last been sent, and
        /// its `displayRevision` that snapshot's number (`NumberedSnapshots`): the server
        /// sends every new snapshot, so the two counts are one.
        var engine = SimulatorEngine()
        /// Open display connections, in the order they connected.
        var displays: [WebSocketConnectionID] = []
        /// Open `/register` and `/calendar` connections, and whether each asked for numbered
        /// snapshots.
        var endpoints: [WebSocketConnectionID: (endpoint: Endpoint, numbered: Bool)] = [:]
    }

    private let state = Mutex(State())
    /// What the register page takes from outside; nil: `/record` is not served.
    private let registerPage: RegisterPageSupport?
    /// The open `/record` connections and the recordings they wait for, written off the
    /// server's thread.
    private let recordings = RecordingQueue()
    private let registerPageHTML: [UInt8]

    init(registerPage: RegisterPageSupport?) {
        self.registerPage = registerPage
        registerPageHTML = Array(RegisterPage.html(for: registerPage).utf8)
    }

    /// The endpoints of protocol.md: the customer-display page `/`, the register page, the
    /// WebSockets `/display`, `/register`, `/calendar` and `/record` (the register page's
    /// recorder: 404 when nothing records); anything else is 404, a non-GET 405.
    func route(_ request: HTTPRequest) -> WebSocketServerRoute {
        // A traversal attempt is a path we do not serve, however it is spelled.
        if Self.mayTraverse(request.path) { return .respond(Self.refusal(.notFound)) }
        guard request.method == "GET" else { return .respond(Self.refusal(.methodNotAllowed)) }
        switch request.path {
        case "/":
            return .respond(Self.html(Array(DisplayPage.html.utf8)))
        case "/register-page":
            return .respond(Self.html(registerPageHTML))
        case "/record" where registerPage != nil, "/register", "/calendar":
            return .upgrade
        case "/health":
            return .respond(.text(.ok, "ok"))
        case "/display":
            guard NumberedSnapshots.isAsked(byTarget: request.target) else { return .upgrade }
            // Called in the turn that then opens the connection and sends it this snapshot.
            let number = state.withLock { $0.engine.displayRevision }
            return .upgradeAdding(HTTPHeaders([(NumberedSnapshots.headerName, String(number))]))
        default:
            return .respond(Self.refusal(.notFound))
        }
    }

    func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext) {
        state.withLock { state in
            switch request.path {
            case "/display":
                state.displays.append(connection)
                server.send(utf8Text: state.engine.displaySnapshotUTF8, to: connection)
            case "/record":
                recordings.opened(connection)
            case "/register", "/calendar":
                state.endpoints[connection] = (
                    request.path == "/register" ? .register : .calendar,
                    NumberedSnapshots.isAsked(byTarget: request.target)
                )
            default:
                break
            }
        }
    }

    /// Whether `path` has `..` or a percent-encoded dot (`%2e`, `%2E`). Read as bytes: every
    /// display's upgrade passes here, and a `String` search goes through Foundation.
    private static func mayTraverse(_ path: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return true }
            if byte | 0x20 == UInt8(ascii: "e"), previous == UInt8(ascii: "2"), beforePrevious == UInt8(ascii: "%") {
                return true
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    private static func refusal(_ status: HTTPStatus) -> HTTPResponse {
        var response = HTTPResponse.text(status, "\(status.code) \(status.reason)\n")
        if status == .methodNotAllowed { response.headers.add("Allow", "GET") }
        return response
    }

    private static func html(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: .ok,
            headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]),
            body: body)
    }

    func received(_ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext) {
        if let registerPage, recordings.isRecorder(connection) {
            // Even a refusal waits its turn: answers keep the order of the messages.
            let refusal = recordings.submit(from: connection, outbox: server.outbox) {
                guard case .text(let text) = message else {
                    return #"{"ok":false,"error":"The recording is a JSON text frame."}"#
                }
                return registerPage.record(text)
            }
            if let refusal {
                // Its waiting recordings are not written, and what it sends meanwhile is dropped.
                recordings.closed(connection)
                server.close(connection, code: .policyViolation, reason: refusal)
            }
            return
        }
        state.withLock { state in
            // Displays only listen; anything they send is ignored.
            guard let (endpoint, numbered) = state.endpoints[connection] else { return }
            guard case .text(let text) = message else {
                server.send(
                    text:
                        #"{"id":null,"ok":false,"error":{"code":"badRequest","message":"Requests are JSON text frames."}}"#,
                    to: connection)
                return
            }
            let revision = state.engine.displayRevision
            var response = state.engine.handleUTF8(text, on: endpoint)
            if state.engine.displayRevision != revision {
                // Handed to every display before the response is queued (protocol.md).
                server.broadcast(utf8Text: state.engine.displaySnapshotUTF8, to: state.displays)
            }
            if numbered { NumberedSnapshots.number(&response, with: state.engine.displayRevision) }
            server.send(utf8Text: response, to: connection)
        }
    }

    func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {
        state.withLock { state in
            state.displays.removeAll { $0 == connection }
            state.endpoints[connection] = nil
        }
        recordings.closed(connection)
    }
}
