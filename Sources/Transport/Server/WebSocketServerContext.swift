/// What a handler may do to the server's connections while it handles an event.
///
/// Sends are queued on the target connection and written once the input that caused them
/// has been handled (per connection, in the order connections were first sent to), as
/// far as each socket takes them; a connection whose queue passes the outgoing limit (a
/// peer that stopped reading) is dropped instead of stalling the others.
public struct WebSocketServerContext {
    let loop: WebSocketServerLoop

    /// Sends `message` to `connection` (ignored if it is gone).
    public func send(_ message: WebSocketMessage, to connection: WebSocketConnectionID) {
        loop.send(WebSocketServerLoop.encode(message), to: connection)
    }

    /// Sends `text` to `connection`.
    public func send(text: String, to connection: WebSocketConnectionID) {
        send(.text(text), to: connection)
    }

    /// Sends a text message given as its UTF-8 bytes, which must be valid UTF-8 (checked
    /// in debug builds): a server that writes its messages as bytes frames them as they
    /// are, without making a `String` that the frame would read back.
    public func send(utf8Text bytes: [UInt8], to connection: WebSocketConnectionID) {
        loop.send(Self.textFrame(bytes), to: connection)
    }

    /// Sends the same text message, given as valid UTF-8 bytes, to each of `connections`
    /// in order, encoding the frame once.
    public func broadcast(utf8Text bytes: [UInt8], to connections: [WebSocketConnectionID]) {
        guard !connections.isEmpty else { return }
        let frame = Self.textFrame(bytes)
        for connection in connections {
            loop.send(frame, to: connection)
        }
    }

    private static func textFrame(_ bytes: [UInt8]) -> [UInt8] {
        assert(String(validating: bytes, as: UTF8.self) != nil, "a text message must be valid UTF-8")
        return WebSocketFrame.encode(firstByte: 0x80 | WebSocketOpcode.text.rawValue, payload: bytes, maskKey: nil)
    }

    /// Starts the close handshake on `connection`, with `reason` (cut to 123 bytes) in the
    /// close frame.
    public func close(
        _ connection: WebSocketConnectionID, code: WebSocketErrorCode = .normalClosure, reason: String = ""
    ) {
        loop.close(connection, code: code, reason: reason)
    }

    /// Sends from other threads, for as long as the server runs (`WebSocketServerOutbox`).
    public var outbox: WebSocketServerOutbox {
        loop.outbox
    }

    /// The connections whose WebSocket handshake completed and that are still open.
    public var openConnections: [WebSocketConnectionID] {
        loop.openConnectionIDs
    }
}
