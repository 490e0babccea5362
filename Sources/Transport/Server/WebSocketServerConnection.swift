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
    /// Where each queued frame after the first begins in `outgoing` (kept only while
    /// bytes wait): a peer that is failed for not reading loses the frames it has not
    /// begun to take, and the one partly written is finished first.
    var frameStarts: [Int] = []
    /// Since when the socket has taken none of the queued bytes; nil while it takes
    /// them (set only when a write would block, so the fast path reads no clock).
    var stalledSince: ContinuousClock.Instant?
    /// The loop's count of reads when bytes last came from the peer (or when it was
    /// accepted): a full table gives up the open WebSocket heard from least recently.
    var lastHeard: UInt64
    /// We queued our close frame: no further message goes out.
    var sentClose = false
    /// Set when the handler saw `connectionOpened`, so it sees `connectionClosed` once.
    var isOpenForHandler = false
    var deadline: ContinuousClock.Instant
    var didShutdownWrite = false
    /// Cleared when the loop drops the connection: the loop's own checks read this flag
    /// instead of looking the id up (a hashed lookup, several per request).
    var isAccepted = true

    init(id: WebSocketConnectionID, socket: Socket, deadline: ContinuousClock.Instant, lastHeard: UInt64) {
        self.id = id
        self.socket = socket
        self.deadline = deadline
        self.lastHeard = lastHeard
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

    /// Queues `bytes` (one or more whole frames, or an HTTP response) after what waits.
    func append(_ bytes: [UInt8]) {
        if outgoing.isEmpty {
            outgoing = bytes  // Shares the frame's storage: no copy.
        } else {
            frameStarts.append(outgoing.count)
            outgoing += bytes
        }
    }

    /// Drops the queued frames the socket has not begun to take; the first frame and a
    /// frame partly written stay whole, so what the peer reads is still frames.
    func discardUnsent() {
        guard pendingOutgoing > 0 else { return }
        let cut = frameStarts.first { $0 >= max(outgoingOffset, 1) } ?? outgoing.count
        outgoing.removeSubrange(cut...)
        frameStarts.removeAll { $0 >= cut }
    }

    /// Writes pending bytes until the socket would block; throws when the peer is gone.
    func flush() throws {
        var progressed = false
        while pendingOutgoing > 0 {
            let offset = outgoingOffset
            let written = try outgoing.withUnsafeBytes {
                try socket.write(UnsafeRawBufferPointer(rebasing: $0[offset...]))
            }
            if written == 0 {
                if progressed || stalledSince == nil { stalledSince = ContinuousClock.now }
                return
            }
            progressed = true
            outgoingOffset += written
        }
        // The queue usually holds a frame it shares with the encoder (or a broadcast):
        // release it rather than keep (and so copy) its capacity.
        outgoing = []
        outgoingOffset = 0
        if !frameStarts.isEmpty { frameStarts = [] }
        stalledSince = nil
    }
}
