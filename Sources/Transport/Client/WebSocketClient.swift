/// A WebSocket client for async code, with no thread of its own.
///
/// The calling task reads and writes the socket itself: a `receive` takes what has
/// arrived, then waits on the socket for at most a couple of milliseconds (so a
/// request/response round trip crosses no thread), and only then parks on the one
/// shared reactor thread of the process, so a long wait never blocks Swift's
/// cooperative thread pool.
///
/// ```swift
/// let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:8080/register", timeout: .seconds(5))
/// try client.send(text: #"{"id":1,"action":"getState"}"#)
/// let reply = try await client.receive(timeout: .seconds(2))  // nil when nothing came in time
/// await client.close()
/// ```
///
/// Pings are answered when the client next reads (any `receive`, `receiveAvailable`),
/// or by the reactor while some receive of the process has been parked for a while.
/// Dropping the last reference closes the socket.
public final class WebSocketClient: Sendable {
    /// The most bytes that may wait to be sent before `send` throws `sendQueueFull`.
    public static let defaultOutgoingLimit = 8 << 20

    private let core: WebSocketClientCore

    /// The address this client connected to.
    public let url: WebSocketURL

    /// The header fields of the server's 101 response.
    public var openingHeaders: HTTPHeaders { core.openingHeaders }

    init(core: WebSocketClientCore, url: WebSocketURL) {
        self.core = core
        self.url = url
    }

    deinit {
        core.stop()
    }

    /// Connects to `url` (`ws://host:port/path`) and completes the opening handshake
    /// within `timeout`.
    public static func connect(to url: String, timeout: Duration = .seconds(5)) async throws -> WebSocketClient {
        guard let parsed = WebSocketURL(url) else { throw WebSocketClientError.invalidURL(url) }
        return try await connect(to: parsed, timeout: timeout)
    }

    /// Connects to `url` and completes the opening handshake within `timeout`.
    public static func connect(
        to url: WebSocketURL,
        timeout: Duration = .seconds(5),
        maximumMessageSize: Int = WebSocketSession.defaultMaximumMessageSize,
        outgoingLimit: Int = WebSocketClient.defaultOutgoingLimit
    ) async throws -> WebSocketClient {
        let core = try await WebSocketClientCore.open(
            url, deadline: ContinuousClock.now + timeout, maximumMessageSize: maximumMessageSize,
            outgoingLimit: outgoingLimit)
        return WebSocketClient(core: core, url: url)
    }

    /// Queues a text message; it is written at once when the socket takes it.
    public func send(text: String) throws {
        try core.send(.text(text))
    }

    /// Queues several text messages as one write: their frames leave together, in order,
    /// so a peer that reads them at once answers them at once (a table of requests costs
    /// one `send` each way, not one per row).
    public func send(texts: [String]) throws {
        guard texts.count > 1 else {
            if let text = texts.first { try core.send(.text(text)) }
            return
        }
        try core.send(texts.map(WebSocketMessage.text))
    }

    /// Queues a binary message.
    public func send(binary: [UInt8]) throws {
        try core.send(.binary(binary))
    }

    /// Sends a ping; the pong is counted in `pongsReceived`.
    public func ping(_ payload: [UInt8] = []) throws {
        try core.sendFrame(WebSocketFrame(opcode: .ping, payload: Array(payload.prefix(125))))
    }

    /// Sends raw bytes as they are, for tests that need to break the protocol on purpose.
    public func sendRaw(_ bytes: [UInt8]) throws {
        try core.sendRaw(bytes)
    }

    /// The next message, or `nil` when none arrives within `timeout`.
    ///
    /// Messages that arrive while nobody waits are kept in order. Throws
    /// `WebSocketClientError.closed` (or `.protocolViolation`) once the connection has
    /// ended and every earlier message was received, and `CancellationError` when the
    /// calling task is cancelled (the message it would have received stays queued).
    /// Runs on the caller's executor (`nonisolated(nonsending)`): an actor that receives
    /// does not hop off and back.
    nonisolated(nonsending) public func receive(timeout: Duration) async throws -> WebSocketMessage? {
        try await core.receive(timeout: timeout)
    }

    /// Every message that has arrived, in order, without waiting: those already
    /// received and those whose bytes are in the socket (read now, on this thread).
    /// Empty when none has; throws why the connection ended (as `receive` does) once
    /// no message is left. Never blocks, never suspends.
    ///
    /// After a response from the simulator, a display's `receiveAvailable()` holds every
    /// snapshot that response caused: the server writes them before the response, and
    /// loopback delivers a write before `send` returns.
    public func receiveAvailable() throws -> [WebSocketMessage] {
        try core.receiveAvailable()
    }

    /// Runs the close handshake: sends a close frame with `code` and waits up to
    /// `timeout` for the server's close and end of stream, then closes the socket.
    public func close(code: WebSocketErrorCode = .normalClosure, reason: String = "", timeout: Duration = .seconds(2))
        async
    {
        await core.close(code: code, reason: reason, timeout: timeout)
    }

    /// Why the connection ended — `.closed(code:reason:)` with the server's close frame
    /// (code 1006 when it dropped without one) or `.protocolViolation`; `nil` while open.
    public var endReason: WebSocketClientError? {
        core.endReason
    }

    /// How many pongs arrived (answers to `ping`).
    public var pongsReceived: Int {
        core.pongCount
    }
}
