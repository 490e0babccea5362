import Synchronization

/// The shared state of one client connection and the loop its thread runs.
///
/// The reader thread owns the socket's reads; sends write directly from the caller's
/// thread when the socket takes the bytes, and leave the rest to the reader thread.
/// Everything mutable sits in one `Mutex`; continuations are resumed outside it.
final class WebSocketClientCore: Sendable {
    typealias MessageContinuation = CheckedContinuation<WebSocketMessage?, any Error>

    struct Waiter {
        let id: UInt64
        let continuation: MessageContinuation
        let deadline: ContinuousClock.Instant
    }

    struct State {
        var session: WebSocketSession
        var inbox: [WebSocketMessage] = []
        var inboxHead = 0
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
        var outgoing: [UInt8] = []
        var outgoingOffset = 0
        /// Set once the connection has ended; later receives throw it.
        var ended: WebSocketClientError?
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        /// When the reader thread gives up waiting for the server to end the stream.
        var lingerDeadline: ContinuousClock.Instant?
        var socketClosed = false
        var stopRequested = false
        /// The time the reader thread will next wake by itself (`nil`: never).
        var plannedWake: ContinuousClock.Instant?
        var pongCount = 0
        /// The reader thread is between reading bytes and queuing what they decode to.
        var isDecoding = false

        var pendingOutgoing: Int { outgoing.count - outgoingOffset }
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

    let socket: Socket
    let wake: WakeSignal
    let outgoingLimit: Int
    let state: Mutex<State>

    init(socket: Socket, wake: WakeSignal, session: WebSocketSession, outgoingLimit: Int) {
        self.socket = socket
        self.wake = wake
        self.outgoingLimit = outgoingLimit
        state = Mutex(State(session: session))
    }

    deinit {
        wake.close()
    }

    // MARK: Sending (any thread)

    func send(_ message: WebSocketMessage) throws {
        try enqueue { $0.session.encode(message) }
    }

    func sendFrame(_ frame: WebSocketFrame) throws {
        try enqueue { $0.session.encode(frame) }
    }

    func sendRaw(_ bytes: [UInt8]) throws {
        try enqueue { _ in bytes }
    }

    private func enqueue(_ makeBytes: (inout State) -> [UInt8]) throws {
        let needsWake = try state.withLock { state throws -> Bool in
            if let ended = state.ended { throw ended }
            guard state.session.closeState == .open, !state.socketClosed else {
                throw WebSocketClientError.closed(code: nil, reason: "close() was called")
            }
            let bytes = makeBytes(&state)
            guard state.pendingOutgoing + bytes.count <= outgoingLimit else {
                throw WebSocketClientError.sendQueueFull(bytes: state.pendingOutgoing)
            }
            let hadPending = state.pendingOutgoing > 0
            state.outgoing += bytes
            if !hadPending { flush(&state) }
            // The reader thread polls for writability only while bytes are pending.
            return !hadPending && state.pendingOutgoing > 0
        }
        if needsWake { wake.signal() }
    }

    /// Writes pending bytes until the socket would block. Caller holds the lock.
    private func flush(_ state: inout State) {
        guard !state.socketClosed else { return }
        while state.pendingOutgoing > 0 {
            let offset = state.outgoingOffset
            let written: Int
            do {
                written = try state.outgoing.withUnsafeBytes {
                    try socket.write(UnsafeRawBufferPointer(rebasing: $0[offset...]))
                }
            } catch {
                end(&state, .closed(code: 1006, reason: "\(error)"))
                state.outgoing = []
                state.outgoingOffset = 0
                return
            }
            if written == 0 { return }
            state.outgoingOffset += written
        }
        state.outgoing.removeAll(keepingCapacity: state.outgoing.capacity <= 1 << 16)
        state.outgoingOffset = 0
    }

    // MARK: Receiving (any task)

    func receive(timeout requested: Duration) async throws -> WebSocketMessage? {
        var timeout = requested
        if timeout <= .zero, hasUndecodedBytes() {
            // Bytes already in the socket count as arrived: give the reader thread a
            // moment to decode them, so "what has arrived so far" never races it.
            timeout = Self.undecodedGrace
        }
        let id = state.withLock { state -> UInt64 in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: MessageContinuation) in
                let deadline = ContinuousClock.now + timeout
                let (immediate, needsWake) = state.withLock { state -> (Result<WebSocketMessage?, any Error>?, Bool) in
                    if Task.isCancelled { return (.failure(CancellationError()), false) }
                    if state.inboxHead < state.inbox.count, state.waiters.isEmpty {
                        let message = state.inbox[state.inboxHead]
                        state.inboxHead += 1
                        if state.inboxHead == state.inbox.count {
                            state.inbox.removeAll(keepingCapacity: true)
                            state.inboxHead = 0
                        }
                        return (.success(message), false)
                    }
                    if let ended = state.ended { return (.failure(ended), false) }
                    if timeout <= .zero { return (.success(nil), false) }
                    state.waiters.append(Waiter(id: id, continuation: continuation, deadline: deadline))
                    let wakesEarlier = state.plannedWake.map { deadline < $0 } ?? true
                    return (nil, wakesEarlier)
                }
                if let immediate { continuation.resume(with: immediate) }
                if needsWake { wake.signal() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How long a zero-timeout `receive` waits for bytes that have reached the socket
    /// but not the reader thread yet.
    static let undecodedGrace = Duration.milliseconds(250)

    /// Whether nothing is queued but bytes have arrived: still in the socket, or read by
    /// the reader thread and not yet decoded.
    private func hasUndecodedBytes() -> Bool {
        let (idle, decoding) = state.withLock { state in
            (state.inboxHead == state.inbox.count && state.ended == nil && !state.socketClosed, state.isDecoding)
        }
        guard idle else { return false }
        return decoding || ((try? socket.wait(forWriting: false, timeoutMilliseconds: 0)) ?? false)
    }

    var endReason: WebSocketClientError? {
        state.withLock { $0.ended }
    }

    var pongCount: Int {
        state.withLock { $0.pongCount }
    }

    // MARK: Closing

    func close(code: WebSocketErrorCode, reason: String, timeout: Duration) async {
        let alreadyDone = state.withLock { state -> Bool in
            if state.socketClosed { return true }
            let bytes = state.session.close(code: code, reason: reason)
            if !bytes.isEmpty {
                state.outgoing += bytes
                flush(&state)
            }
            let deadline = ContinuousClock.now + timeout
            state.lingerDeadline = min(state.lingerDeadline ?? deadline, deadline)
            return false
        }
        if alreadyDone { return }
        wake.signal()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.socketClosed { return true }
                state.closeWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Ends the reader thread and closes the socket without a close handshake.
    func stop() {
        state.withLock { $0.stopRequested = true }
        wake.signal()
    }

    // MARK: Reader thread

    /// The reader thread's loop: poll, read, decode, deliver, expire timeouts.
    func run() {
        let bufferSize = 64 << 10
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let (wantsWrite, timeout, finished) = state.withLock { state -> (Bool, Int32, Bool) in
                if state.stopRequested { return (false, 0, true) }
                let earliest = ([state.lingerDeadline].compactMap { $0 } + state.waiters.map(\.deadline)).min()
                state.plannedWake = earliest
                return (state.pendingOutgoing > 0, earliest.map(Self.milliseconds(until:)) ?? -1, false)
            }
            if finished { break }
            var entries = [
                SocketPollEntry(socket: socket, wantsWrite: wantsWrite), SocketPollEntry(socket: wake.reader),
            ]
            do {
                try Socket.poll(&entries, timeoutMilliseconds: timeout)
            } catch {
                break
            }
            if entries[1].isReadable { wake.drain() }
            if entries[0].isWritable {
                state.withLock { flush(&$0) }
            }
            if entries[0].isReadable {
                state.withLock { $0.isDecoding = true }
                let alive = readAvailable(into: buffer)
                state.withLock { $0.isDecoding = false }
                if !alive { break }
            }
            if expireDeadlines() { break }
        }
        shutdown()
    }

    /// Reads once and applies what arrived; `false` when the stream ended.
    private func readAvailable(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let result: Socket.ReadResult
        do {
            result = try socket.read(into: buffer)
        } catch {
            let resumptions = state.withLock { state -> [Resumption] in
                end(&state, .closed(code: 1006, reason: "\(error)"))
            }
            for resumption in resumptions { resumption.resume() }
            return false
        }
        switch result {
        case .wouldBlock:
            return true
        case .endOfStream:
            let resumptions = state.withLock { state -> [Resumption] in
                end(&state, .closed(code: 1006, reason: "the connection was closed without a close frame"))
            }
            for resumption in resumptions { resumption.resume() }
            return false
        case .bytes(let count):
            let output = state.withLock { $0.session.receive(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) }
            apply(output)
            return true
        }
    }

    /// Delivers a session's output: messages to waiters or the inbox, replies to the wire.
    func apply(_ output: WebSocketSession.Output) {
        let resumptions = state.withLock { state -> [Resumption] in
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
            if !output.bytesToSend.isEmpty {
                let hadPending = state.pendingOutgoing > 0
                state.outgoing += output.bytesToSend
                if !hadPending { flush(&state) }
            }
            if output.closeConnection, state.lingerDeadline == nil {
                // The server closes the TCP connection first (RFC 6455 §7.1.1); wait briefly.
                state.lingerDeadline = ContinuousClock.now + .seconds(2)
            }
            return resumptions
        }
        for resumption in resumptions { resumption.resume() }
    }

    /// Records why the connection ended and fails every waiter. Caller holds the lock.
    @discardableResult
    private func end(_ state: inout State, _ reason: WebSocketClientError) -> [Resumption] {
        if state.ended == nil { state.ended = reason }
        let ended = state.ended ?? reason
        let resumptions = state.waiters.map { Resumption.message($0.continuation, .failure(ended)) }
        state.waiters = []
        return resumptions
    }

    /// Answers timed-out receives with `nil`; `true` when the linger time is over.
    private func expireDeadlines() -> Bool {
        let now = ContinuousClock.now
        let (resumptions, lingerOver) = state.withLock { state -> ([Resumption], Bool) in
            let expired = state.waiters.filter { $0.deadline <= now }
            state.waiters.removeAll { $0.deadline <= now }
            let lingerOver = state.lingerDeadline.map { $0 <= now } ?? false
            return (expired.map { .message($0.continuation, .success(nil)) }, lingerOver)
        }
        for resumption in resumptions { resumption.resume() }
        return lingerOver
    }

    private func shutdown() {
        let resumptions = state.withLock { state -> [Resumption] in
            var resumptions = end(&state, .closed(code: 1006, reason: "the client was closed"))
            if !state.socketClosed {
                state.socketClosed = true
                socket.close()
            }
            resumptions += state.closeWaiters.map { Resumption.closed($0) }
            state.closeWaiters = []
            return resumptions
        }
        for resumption in resumptions { resumption.resume() }
    }
}
