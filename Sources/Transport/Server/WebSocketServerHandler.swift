/// Identifies one accepted connection for as long as the server runs.
public struct WebSocketConnectionID: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public var description: String { "#\(rawValue)" }
}

/// What the server does with a request: answer it, or upgrade it to a WebSocket.
public enum WebSocketServerRoute: Sendable, Equatable {
    /// Answer with this response and close the connection.
    case respond(HTTPResponse)
    /// Run the opening handshake (§4.2.1); a malformed handshake is answered with 400
    /// (or 426 for a wrong version) by the server itself.
    case upgrade
    /// As `upgrade`, with these header fields added to the 101 response.
    case upgradeAdding(HTTPHeaders)
}

/// The application behind a `WebSocketServer`.
///
/// Every method is called on the server's own thread, one call at a time, so a handler
/// sees the connections' events in a single order; the `server` context it receives is
/// valid only during the call.
public protocol WebSocketServerHandler: Sendable {
    /// Decides what to do with a request head that parsed.
    func route(_ request: HTTPRequest) -> WebSocketServerRoute

    /// A WebSocket connection finished its handshake (the 101 is already queued).
    func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext)

    /// A whole message arrived on `connection`.
    func received(_ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext)

    /// `connection` ended (close handshake, protocol error, drop, or overflow); nothing
    /// more can be sent to it.
    func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext)
}
