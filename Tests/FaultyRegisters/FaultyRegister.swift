import Simulator
import SimulatorServer
import Synchronization
import Transport
import Wire

/// A register that speaks the protocol and breaks one rule (`RegisterFault`), or none: the
/// simulator's engine behind a handler that bends the requests, answers and snapshots the
/// fault touches, its answers written in the simulator's shape or another make's
/// (`OtherMake`). Serves on a free loopback port.
public final class FaultyRegister: WebSocketServerHandler {
    private struct State {
        var engine = SimulatorEngine(environment: .fixed())
        var lastSnapshot = ""
        var displays: [WebSocketConnectionID] = []
        var endpoints: [WebSocketConnectionID: Endpoint] = [:]
    }

    let fault: RegisterFault?
    let otherMake: Bool
    private let state = Mutex(State())

    public init(fault: RegisterFault?, otherMake: Bool = false) {
        self.fault = fault
        self.otherMake = otherMake
        state.withLock { $0.lastSnapshot = Self.snapshot(fault, $0.engine) }
    }

    /// Serves a faulty register (with no fault, a faithful one; `otherMake`, answering in
    /// another make's shape); `stop()` the result when done.
    public static func start(_ fault: RegisterFault?, otherMake: Bool = false) throws -> WebSocketServer {
        try WebSocketServer.start(
            WebSocketServerConfiguration(host: "127.0.0.1", port: 0),
            handler: FaultyRegister(fault: fault, otherMake: otherMake))
    }

    private static func snapshot(_ fault: RegisterFault?, _ engine: SimulatorEngine) -> String {
        fault?.snapshot(engine.displaySnapshot, state: engine.state) ?? engine.displaySnapshot
    }

    public func route(_ request: HTTPRequest) -> WebSocketServerRoute {
        ["/display", "/register", "/calendar"].contains(request.path) ? .upgrade : .respond(.text(.notFound, "404"))
    }

    public func connectionOpened(
        _ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext
    ) {
        state.withLock { state in
            switch request.path {
            case "/display":
                state.displays.append(connection)
                server.send(text: state.lastSnapshot, to: connection)
            case "/register": state.endpoints[connection] = .register
            default: state.endpoints[connection] = .calendar
            }
        }
    }

    public func received(
        _ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext
    ) {
        state.withLock { state in
            guard let endpoint = state.endpoints[connection], let text = message.text else { return }
            let request = (try? JSONParser.parse(text))?.objectValue ?? JSONObject()
            if fault?.closesConnection(on: request) == true {
                server.close(connection, code: .unexpectedServerError, reason: "the faulty register gives up")
                return
            }
            var (run, canned) = fault?.requests(request, text, state: state.engine.state) ?? ([text], nil)
            if run.isEmpty, canned != nil {
                var trial = state.engine
                if !trial.handle(text, on: endpoint).contains(#""ok":true"#) { (run, canned) = ([text], nil) }
            }
            var answer = canned ?? ""
            for request in run {
                let response = state.engine.handle(request, on: endpoint)
                if canned == nil { answer = response }
            }
            let snapshot = Self.snapshot(fault, state.engine)
            if snapshot != state.lastSnapshot || (fault == .duplicateSnapshots && endpoint == .register) {
                state.lastSnapshot = snapshot
                for display in state.displays { server.send(text: snapshot, to: display) }
            }
            let sent = fault?.answer(answer) ?? answer
            server.send(text: otherMake ? OtherMake.answer(sent) : sent, to: connection)
        }
    }

    public func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {
        state.withLock { state in
            state.displays.removeAll { $0 == connection }
            state.endpoints[connection] = nil
        }
    }
}
