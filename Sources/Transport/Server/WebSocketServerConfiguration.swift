/// Where a `WebSocketServer` listens and the limits it enforces.
public struct WebSocketServerConfiguration: Sendable {
    /// An IPv4 address; loopback unless the user asks otherwise.
    public var host: String
    /// 0 lets the OS choose.
    public var port: UInt16
    public var maximumMessageSize: Int
    /// Bytes that may wait to be written to one WebSocket before its peer is failed
    /// (1008) for not reading.
    public var outgoingLimit: Int
    /// How long a WebSocket's queued bytes may wait with the socket taking none of them
    /// before its peer is failed (1008) for not reading.
    public var stallTimeout: Duration
    /// The size of the connection table: a connection beyond it makes room by closing
    /// the least useful one (docs/transport.md, "Limits under load").
    public var maximumConnections: Int
    /// How long a connection may take to send its request head (then 408).
    public var requestTimeout: Duration
    /// How long a closing connection waits for the peer to end the stream.
    public var closeTimeout: Duration
    /// Whether clients in this process run the server's turns while they wait for it
    /// (see `ColocatedServer`): for a server only this process talks to, such as each
    /// spec-run worker's simulator. Other peers are still served, within a millisecond.
    public var colocated: Bool
    /// How long the server's own thread keeps looking for more work, without blocking,
    /// after it handled something (a client that got its answer usually sends again within
    /// it, and finding that without sleeping saves a wake-up). Long for a server with a
    /// core to itself, such as a worker's simulator while the workers leave a core free;
    /// short for a server that shares its cores.
    public var idleSpin: Duration
    /// The longest the server's own thread sleeps in `poll` while connections are open:
    /// how late a deadline (a request or close timeout, a stalled peer) may be noticed.
    /// Anything a socket or the outbox brings wakes it at once.
    public var pollInterval: Duration

    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        maximumMessageSize: Int = WebSocketSession.defaultMaximumMessageSize,
        outgoingLimit: Int = 8 << 20,
        stallTimeout: Duration = .seconds(10),
        maximumConnections: Int = 1000,
        requestTimeout: Duration = .seconds(30),
        closeTimeout: Duration = .seconds(2),
        colocated: Bool = false,
        idleSpin: Duration = .microseconds(50),
        pollInterval: Duration = .milliseconds(250)
    ) {
        self.host = host
        self.port = port
        self.maximumMessageSize = maximumMessageSize
        self.outgoingLimit = outgoingLimit
        self.stallTimeout = stallTimeout
        self.maximumConnections = maximumConnections
        self.requestTimeout = requestTimeout
        self.closeTimeout = closeTimeout
        self.colocated = colocated
        self.idleSpin = idleSpin
        self.pollInterval = pollInterval
    }
}
