import Synchronization

/// The shared state of one client connection, and the reads and writes on its socket.
///
/// No thread belongs to a connection. Whoever calls in does the I/O on its own thread,
/// under the state's lock: `send` writes what the socket takes, `receive` reads what has
/// arrived and waits briefly on the socket itself. Only waits that outlast that (and
/// bytes a full socket did not take, and the close handshake) are handed to the shared
/// `WebSocketClientReactor`, which calls `reactorFired` when the socket is ready.
/// Continuations are resumed outside the lock.
final class WebSocketClientCore: Sendable {
    typealias MessageContinuation = CheckedContinuation<WebSocketMessage?, any Error>

    struct Waiter {
        let id: UInt64
        let continuation: MessageContinuation
        let deadline: ContinuousClock.Instant
        /// When it was parked.
        let since: ContinuousClock.Instant
    }

    struct State {
        var session: WebSocketSession
        var inbox: [WebSocketMessage] = []
        var inboxHead = 0
        /// Parked receives, first come first served.
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
        var outgoing: [UInt8] = []
        var outgoingOffset = 0
        /// Set once the connection has ended; receives throw it after the inbox is empty.
        var ended: WebSocketClientError?
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        /// When we stop waiting for the server to end the stream after the close handshake.
        var lingerDeadline: ContinuousClock.Instant?
        var socketClosed = false
        var pongCount = 0
        /// Whether the last `pump` left the socket empty (it read until the socket had no
        /// more, rather than stopping at its bound or at the end of the stream).
        var pumpEmptied = false
        /// The colocated server's quiet turn sequence when a drain last emptied the socket.
        var drainedAt: Int?
        /// Where reads land; owned by this state, freed with the core.
        let readBuffer: UnsafeMutableRawBufferPointer

        var pendingOutgoing: Int { outgoing.count - outgoingOffset }
        var hasMessage: Bool { inboxHead < inbox.count }

        mutating func takeMessage() -> WebSocketMessage? {
            guard inboxHead < inbox.count else { return nil }
            let message = inbox[inboxHead]
            inboxHead += 1
            if inboxHead == inbox.count {
                inbox.removeAll(keepingCapacity: true)
                inboxHead = 0
            }
            return message
        }
    }

    /// A continuation and what to resume it with, collected under the lock.
    enum Resumption {
        case message(MessageContinuation, Result<WebSocketMessage?, any Error>)
        case closed(CheckedContinuation<Void, Never>)

        func resume() {
            switch self {
            case .message(let continuation, let result): continuation.resume(with: result)
            case .closed(let continuation): continuation.resume()
            }
        }
    }

    static let readBufferSize = 64 << 10

    let socket: Socket
    let reactor: WebSocketClientReactor
    /// Names this connection's watch on the reactor.
    let token: UInt64
    let outgoingLimit: Int
    /// The in-process server at the other end, when it lets its clients run its turns.
    let colocated: ColocatedServer?
    /// How long a receive reads without blocking first (`SocketWait.spinBudget(forHost:)`).
    let spinBudget: Duration
    /// The header fields of the server's 101 response.
    let openingHeaders: HTTPHeaders
    let state: Mutex<State>

    init(
        socket: Socket, reactor: WebSocketClientReactor, session: WebSocketSession, outgoingLimit: Int,
        colocated: ColocatedServer?, spinBudget: Duration, openingHeaders: HTTPHeaders = HTTPHeaders()
    ) {
        self.openingHeaders = openingHeaders
        self.socket = socket
        self.reactor = reactor
        self.outgoingLimit = outgoingLimit
        self.colocated = colocated
        self.spinBudget = spinBudget
        token = reactor.makeToken()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readBufferSize, alignment: 16)
        state = Mutex(State(session: session, readBuffer: buffer))
        reactor.attend(token, socket: socket, participant: self)
    }

    deinit {
        state.withLock { $0.readBuffer.deallocate() }
    }

    // MARK: Sending (any thread)

    func send(_ message: WebSocketMessage) throws {
        try enqueue { $0.session.encode(message) }
    }

    /// The messages' frames, one after another, in one write.
    func send(_ messages: [WebSocketMessage]) throws {
        try enqueue { state in
            var bytes: [UInt8] = []
            for message in messages { bytes += state.session.encode(message) }
            return bytes
        }
    }

    func sendFrame(_ frame: WebSocketFrame) throws {
        try enqueue { $0.session.encode(frame) }
    }

    func sendRaw(_ bytes: [UInt8]) throws {
        try enqueue { _ in bytes }
    }

    private func enqueue(_ makeBytes: (inout State) -> [UInt8]) throws {
        try state.withLock { state throws in
            if let ended = state.ended { throw ended }
            guard state.session.closeState == .open, !state.socketClosed else {
                throw WebSocketClientError.closed(code: nil, reason: "close() was called")
            }
            let bytes = makeBytes(&state)
            guard state.pendingOutgoing + bytes.count <= outgoingLimit else {
                throw WebSocketClientError.sendQueueFull(bytes: state.pendingOutgoing)
            }
            if state.pendingOutgoing == 0 {
                // The common case: the socket takes it all, nothing is copied or queued.
                let (written, resumptions) = write(bytes, from: 0, &state)
                for resumption in resumptions { resumption.resume() }
                guard written < bytes.count, !state.socketClosed else { return }
                state.outgoing += bytes[written...]
                updateWatch(&state)
            } else {
                state.outgoing += bytes
            }
        }
    }

    /// Writes `bytes[offset...]` as far as the socket takes it and returns the new
    /// offset; a write error ends the connection. Caller holds the lock.
    private func write(_ bytes: [UInt8], from offset: Int, _ state: inout State) -> (Int, [Resumption]) {
        var offset = offset
        while offset < bytes.count {
            let written: Int
            do {
                let start = offset
                written = try bytes.withUnsafeBytes { try socket.write(UnsafeRawBufferPointer(rebasing: $0[start...])) }
            } catch {
                return (offset, closeSocket(&state, reason: .closed(code: 1006, reason: "\(error)")))
            }
            if written == 0 { break }
            offset += written
        }
        return (offset, [])
    }

    /// Writes queued bytes until the socket would block. Caller holds the lock.
    func flush(_ state: inout State) -> [Resumption] {
        guard !state.socketClosed, state.pendingOutgoing > 0 else { return [] }
        let outgoing = state.outgoing
        let (offset, resumptions) = write(outgoing, from: state.outgoingOffset, &state)
        if state.socketClosed { return resumptions }
        state.outgoingOffset = offset
        if offset >= state.outgoing.count {
            state.outgoing.removeAll(keepingCapacity: state.outgoing.capacity <= 1 << 16)
            state.outgoingOffset = 0
        }
        return resumptions
    }

    // MARK: Reading (whoever holds the lock)

    /// Reads everything the socket holds now, decodes it and hands messages to parked
    /// receives first, then to the inbox. Caller holds the lock and resumes the returned
    /// continuations after releasing it.
    func pump(_ state: inout State) -> [Resumption] {
        var resumptions: [Resumption] = []
        state.pumpEmptied = false
        // Bounded: a peer that sends without pause cannot keep a caller here.
        reading: for _ in 0..<16 {
            guard !state.socketClosed else { break }
            let result: Socket.ReadResult
            do {
                result = try socket.read(into: state.readBuffer)
            } catch {
                resumptions += closeSocket(&state, reason: .closed(code: 1006, reason: "\(error)"))
                break
            }
            switch result {
            case .wouldBlock:
                state.pumpEmptied = true
                break reading
            case .endOfStream:
                resumptions += closeSocket(
                    &state, reason: .closed(code: 1006, reason: "the connection was closed without a close frame"))
                break reading
            case .bytes(let count):
                let output = state.session.receive(UnsafeRawBufferPointer(rebasing: state.readBuffer[0..<count]))
                resumptions += apply(output, &state)
                if count < state.readBuffer.count {
                    // A stream socket hands over all it holds up to the buffer's size.
                    state.pumpEmptied = true
                    break reading
                }
            }
        }
        // A close handshake the server started, or a reply that did not fit: the reactor
        // finishes it even if nobody receives again.
        if state.lingerDeadline != nil || state.pendingOutgoing > 0 { updateWatch(&state) }
        return resumptions
    }

    /// Delivers a session's output: messages to waiters or the inbox, replies to the wire.
    func apply(_ output: WebSocketSession.Output, _ state: inout State) -> [Resumption] {
        var resumptions: [Resumption] = []
        for event in output.events {
            switch event {
            case .message(let message):
                if state.waiters.isEmpty {
                    state.inbox.append(message)
                } else {
                    resumptions.append(.message(state.waiters.removeFirst().continuation, .success(message)))
                }
            case .pong:
                state.pongCount += 1
            case .closeReceived(let code, let reason):
                resumptions += end(&state, .closed(code: code, reason: reason))
            case .failed(let error):
                resumptions += end(&state, .protocolViolation(error))
            }
        }
        if !output.bytesToSend.isEmpty, !state.socketClosed {
            state.outgoing += output.bytesToSend
            resumptions += flush(&state)
        }
        if output.closeConnection, state.lingerDeadline == nil {
            // The server closes the TCP connection first (RFC 6455 §7.1.1); wait briefly.
            state.lingerDeadline = ContinuousClock.now + .seconds(2)
        }
        return resumptions
    }

    /// Records why the connection ended and fails every waiter. Caller holds the lock.
    func end(_ state: inout State, _ reason: WebSocketClientError) -> [Resumption] {
        if state.ended == nil { state.ended = reason }
        let ended = state.ended ?? reason
        let resumptions = state.waiters.map { Resumption.message($0.continuation, .failure(ended)) }
        state.waiters = []
        return resumptions
    }

    /// Closes the socket once, ending the connection with `reason` unless it already
    /// ended, and releases everyone waiting. Caller holds the lock.
    func closeSocket(_ state: inout State, reason: WebSocketClientError) -> [Resumption] {
        var resumptions = end(&state, reason)
        guard !state.socketClosed else { return resumptions }
        state.socketClosed = true
        state.lingerDeadline = nil
        state.outgoing = []
        state.outgoingOffset = 0
        reactor.forget(token)
        socket.close()
        resumptions += state.closeWaiters.map { Resumption.closed($0) }
        state.closeWaiters = []
        return resumptions
    }

    /// Asks the reactor to watch the socket while someone is parked, bytes wait to be
    /// written, or the close handshake lingers; stops watching otherwise.
    func updateWatch(_ state: inout State) {
        guard !state.socketClosed else { return }
        let deadlines = state.waiters.map(\.deadline) + [state.lingerDeadline].compactMap { $0 }
        let wantsWrite = state.pendingOutgoing > 0
        guard !deadlines.isEmpty || wantsWrite || !state.closeWaiters.isEmpty else {
            reactor.unwatch(token)
            return
        }
        reactor.watch(
            token, socket: socket, readable: true, writable: wantsWrite, deadline: deadlines.min(),
            parkedSince: state.waiters.first?.since, participant: self)
    }

    var endReason: WebSocketClientError? {
        state.withLock { $0.ended }
    }

    var pongCount: Int {
        state.withLock { $0.pongCount }
    }

    /// Closes the socket without a close handshake (the last reference is gone).
    func stop() {
        let resumptions = state.withLock {
            closeSocket(&$0, reason: .closed(code: 1006, reason: "the client was closed"))
        }
        for resumption in resumptions { resumption.resume() }
    }

    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}

extension WebSocketClientCore: WebSocketClientReactorParticipant {
    /// The reactor saw the socket ready or a deadline pass: write, read, expire, linger.
    func reactorFired(readable: Bool, writable: Bool) {
        let resumptions = state.withLock { state -> [Resumption] in
            guard !state.socketClosed else { return [] }
            var resumptions = writable ? flush(&state) : []
            resumptions += pump(&state)
            let now = ContinuousClock.now
            let expired = state.waiters.filter { $0.deadline <= now }
            if !expired.isEmpty {
                state.waiters.removeAll { $0.deadline <= now }
                resumptions += expired.map { .message($0.continuation, .success(nil)) }
            }
            if let linger = state.lingerDeadline, linger <= now {
                resumptions += closeSocket(&state, reason: .closed(code: 1006, reason: "the client was closed"))
            }
            updateWatch(&state)
            return resumptions
        }
        for resumption in resumptions { resumption.resume() }
    }
}
