import Foundation

/// A WebSocket client for async code: its own thread reads the socket, so no call
/// blocks Swift's cooperative thread pool.
///
/// ```swift
/// let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:8080/register", timeout: .seconds(5))
/// try client.send(text: #"{"id":1,"action":"getState"}"#)
/// let reply = try await client.receive(timeout: .seconds(2))  // nil when nothing came in time
/// await client.close()
/// ```
///
/// Pings are answered automatically. Dropping the last reference closes the socket.
public final class WebSocketClient: Sendable {
    /// The most bytes that may wait to be sent before `send` throws `sendQueueFull`.
    public static let defaultOutgoingLimit = 8 << 20

    private let core: WebSocketClientCore

    /// The address this client connected to.
    public let url: WebSocketURL

    private init(core: WebSocketClientCore, url: WebSocketURL) {
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
        let core = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<WebSocketClientCore, any Error>) in
            let thread = Thread {
                let deadline = ContinuousClock.now + timeout
                let core: WebSocketClientCore
                do {
                    core = try WebSocketClientCore.open(
                        url, deadline: deadline, maximumMessageSize: maximumMessageSize, outgoingLimit: outgoingLimit)
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                continuation.resume(returning: core)
                core.run()
            }
            thread.name = "websocket-client \(url)"
            thread.stackSize = 512 << 10
            thread.start()
        }
        return WebSocketClient(core: core, url: url)
    }

    /// Queues a text message; it is written at once when the socket takes it.
    public func send(text: String) throws {
        try core.send(.text(text))
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
    public func receive(timeout: Duration) async throws -> WebSocketMessage? {
        try await core.receive(timeout: timeout)
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
