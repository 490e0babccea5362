/// One accepted connection as the server thread sees it: its phase and its output queue.
final class WebSocketServerConnection {
    enum Phase {
        /// Reading the request head.
        case http(HTTPHeadParser, received: [UInt8])
        /// The handshake completed.
        case webSocket(WebSocketSession)
        /// Our last bytes are queued; once written we stop sending and wait for the
        /// peer to end the stream (so unread input cannot turn into a reset that
        /// destroys our close frame or error response), then close.
        case closing
        /// A placeholder while the session is taken out to be mutated without copying.
        case processing
    }

    let id: WebSocketConnectionID
    let socket: Socket
    var phase: Phase
    var outgoing: [UInt8] = []
    var outgoingOffset = 0
    /// Set when the handler saw `connectionOpened`, so it sees `connectionClosed` once.
    var isOpenForHandler = false
    var deadline: ContinuousClock.Instant
    var didShutdownWrite = false
    /// Cleared when the loop drops the connection: the loop's own checks read this flag
    /// instead of looking the id up (a hashed lookup, several per request).
    var isAccepted = true

    init(id: WebSocketConnectionID, socket: Socket, deadline: ContinuousClock.Instant) {
        self.id = id
        self.socket = socket
        self.deadline = deadline
        phase = .http(HTTPHeadParser(), received: [])
    }

    var pendingOutgoing: Int { outgoing.count - outgoingOffset }

    var isClosing: Bool {
        if case .closing = phase { return true }
        return false
    }

    /// Whether `deadline` applies: while reading the request, while closing, and after
    /// we sent a close frame (an open WebSocket may stay idle for as long as it likes).
    var hasDeadline: Bool {
        switch phase {
        case .http, .closing, .processing: true
        case .webSocket(let session): session.closeState != .open
        }
    }

    var isWebSocket: Bool {
        if case .webSocket = phase { return true }
        return false
    }

    /// Writes pending bytes until the socket would block; throws when the peer is gone.
    func flush() throws {
        while pendingOutgoing > 0 {
            let offset = outgoingOffset
            let written = try outgoing.withUnsafeBytes {
                try socket.write(UnsafeRawBufferPointer(rebasing: $0[offset...]))
            }
            if written == 0 { return }
            outgoingOffset += written
        }
        // The queue usually holds a frame it shares with the encoder (or a broadcast):
        // release it rather than keep (and so copy) its capacity.
        outgoing = []
        outgoingOffset = 0
    }
}
