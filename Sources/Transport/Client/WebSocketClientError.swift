/// Why a WebSocket client call failed.
public enum WebSocketClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not a `ws://host:port/path` URL.
    case invalidURL(String)
    /// The TCP connection could not be made.
    case connectionFailed(SocketError)
    /// The server refused or botched the opening handshake.
    case handshakeFailed(String)
    /// Connecting took longer than the timeout.
    case timedOut(String)
    /// The connection is closed: `code` is the close frame's code (1006 when the
    /// connection dropped without one).
    case closed(code: UInt16?, reason: String)
    /// The server broke the protocol; we sent a close frame with `error.code`.
    case protocolViolation(WebSocketProtocolError)
    /// The server is not reading: more than the outgoing limit is waiting to be sent.
    case sendQueueFull(bytes: Int)

    public var description: String {
        switch self {
        case .invalidURL(let text): "invalid WebSocket URL '\(text)' (expected ws://host:port/path)"
        case .connectionFailed(let error): "could not connect: \(error)"
        case .handshakeFailed(let reason): "WebSocket handshake failed: \(reason)"
        case .timedOut(let what): "timed out \(what)"
        case .closed(let code, let reason):
            "the WebSocket connection is closed (code \(code.map(String.init) ?? "none")\(reason.isEmpty ? "" : ": \(reason)"))"
        case .protocolViolation(let error): "the server broke the WebSocket protocol: \(error)"
        case .sendQueueFull(let bytes): "the server is not reading; \(bytes) bytes are waiting to be sent"
        }
    }
}
