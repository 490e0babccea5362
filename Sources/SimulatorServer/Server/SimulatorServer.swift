import Transport

/// Starts the simulator of protocol.md in-process: the customer-display page, the register
/// page, `/health`, and the `/display`, `/register`, `/calendar` (and, with a recorder,
/// `/record`) WebSocket endpoints on one port.
///
/// ```swift
/// let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
/// print(simulator.url)   // http://127.0.0.1:40123/
/// simulator.stop()
/// ```
public enum SimulatorServer {
    /// Binds `host:port` (port 0: the OS chooses) and serves a fresh engine on a
    /// thread of its own. Throws `SocketError` when the address cannot be bound.
    ///
    /// `colocated`: this process's own clients run the server's turns while they wait
    /// for it (`WebSocketServerConfiguration.colocated`), as spec-run's workers do.
    /// `registerPage`: the glosses and the recorder of the register page; without it the
    /// page is served without them, and `/record` is 404.
    public static func start(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        colocated: Bool = false,
        idleSpin: Duration = .microseconds(50),
        registerPage: RegisterPageSupport? = nil
    ) throws -> RunningSimulator {
        let handler = SimulatorConnectionHandler(registerPage: registerPage)
        return try WebSocketServer.start(
            WebSocketServerConfiguration(host: host, port: port, colocated: colocated, idleSpin: idleSpin),
            handler: handler)
    }
}

/// A simulator that is serving: its server, whose `stop()` (or dropping it) closes every
/// connection (WebSocket ones with 1001) and stops listening.
public typealias RunningSimulator = WebSocketServer

extension WebSocketServer {
    /// The customer-display page, `http://host:port/`.
    public var url: String { "http://\(host):\(port)/" }

    /// `ws://host:port` — the `--target` form, without a path.
    public var webSocketBase: String { "ws://\(host):\(port)" }
}
