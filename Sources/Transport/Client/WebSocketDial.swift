import Synchronization

/// A TCP connection to a WebSocket server whose opening handshake is still to be sent.
///
/// `WebSocketClient.dial(to:timeout:)` connects; `handshake(timeout:)` upgrades the
/// connection into a `WebSocketClient`. The two halves let a caller connect while it
/// waits for something else and still choose the moment the WebSocket opens: a display
/// that must first see the state a reset leaves is dialled while the reset is under way
/// and upgraded once it is answered. The server sees no request until the handshake.
///
/// ```swift
/// let dial = try await WebSocketClient.dial(to: "ws://127.0.0.1:8080/display")
/// // … something else …
/// let display = try await dial.handshake()
/// ```
///
/// Dropping a dial that was never upgraded closes its socket.
public final class WebSocketDial: Sendable {
    /// The address this connection was made to.
    public let url: WebSocketURL
    /// The socket until `handshake` takes it.
    private let socket: Mutex<Socket?>
    /// The key of the request `sendRequest` wrote, once it has.
    private let sentKey = Mutex<String?>(nil)

    init(url: WebSocketURL, socket: Socket) {
        self.url = url
        self.socket = Mutex(socket)
    }

    /// Writes the opening handshake's request now, so that the server may answer while the
    /// caller does something else; `handshake` then only reads the answer. At most once.
    public func sendRequest(timeout: Duration = .seconds(5)) async throws {
        guard let socket = socket.withLock({ $0 }), sentKey.withLock({ $0 }) == nil else {
            throw WebSocketClientError.closed(code: nil, reason: "this dial's request was already sent")
        }
        let key = try await WebSocketClientCore.sendRequest(on: socket, url, deadline: ContinuousClock.now + timeout)
        sentKey.withLock { $0 = key }
    }

    deinit {
        socket.withLock { $0.take()?.close() }
    }

    /// Sends the opening handshake and waits up to `timeout` for the server's answer.
    /// Only one handshake per dial: a second one throws `WebSocketClientError.closed`.
    public func handshake(
        timeout: Duration = .seconds(5),
        maximumMessageSize: Int = WebSocketSession.defaultMaximumMessageSize,
        outgoingLimit: Int = WebSocketClient.defaultOutgoingLimit
    ) async throws -> WebSocketClient {
        guard let socket = socket.withLock({ $0.take() }) else {
            throw WebSocketClientError.closed(code: nil, reason: "this dial was already upgraded")
        }
        let core = try await WebSocketClientCore.handshake(
            on: socket, url, deadline: ContinuousClock.now + timeout, maximumMessageSize: maximumMessageSize,
            outgoingLimit: outgoingLimit, sentKey: sentKey.withLock { $0 })
        return WebSocketClient(core: core, url: url)
    }
}

extension WebSocketClient {
    /// Makes the TCP connection to `url` (`ws://host:port/path`) within `timeout`, without
    /// the opening handshake: see `WebSocketDial`.
    public static func dial(to url: String, timeout: Duration = .seconds(5)) async throws -> WebSocketDial {
        guard let parsed = WebSocketURL(url) else { throw WebSocketClientError.invalidURL(url) }
        let socket = try await WebSocketClientCore.connect(parsed, deadline: ContinuousClock.now + timeout)
        return WebSocketDial(url: parsed, socket: socket)
    }
}
