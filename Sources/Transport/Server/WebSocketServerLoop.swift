import Glibc

/// The server thread's state and loop: accept, read, route, write, expire.
///
/// Owned by that one thread; nothing here is shared except through `control`.
final class WebSocketServerLoop {
    let listener: Socket
    let wake: WakeSignal
    let handler: any WebSocketServerHandler
    let configuration: WebSocketServerConfiguration
    /// What other threads send; woken through `wake`, taken in each turn that wakes.
    let outbox: WebSocketServerOutbox
    var connections: [WebSocketConnectionID: WebSocketServerConnection] = [:]
    var nextID: UInt64 = 0
    /// Reads that brought bytes, counted: each connection keeps the count of its last
    /// (`lastHeard`), an order of activity that costs no clock.
    var readsHeard: UInt64 = 0
    /// When the listener is next polled, while the process is out of descriptors and
    /// no connection could be given up (nil: polled always).
    var listenerPausedUntil: ContinuousClock.Instant?
    /// When a busy loop next looks for expired deadlines (an idle one looks on each
    /// poll timeout).
    var nextExpiryCheck = ContinuousClock.now
    /// Connections that ended while a handler call was running; the handler hears of
    /// them right after that call, never from inside it (it may hold its own lock).
    private var endedDuringHandler: [WebSocketConnectionID] = []
    private var isInHandler = false
    /// Connections with bytes queued this turn and not yet written, in order.
    var unflushed: [WebSocketServerConnection] = []
    /// The poll set must be rebuilt: a connection was accepted or dropped.
    var connectionsChanged = true
    private let readBuffer: UnsafeMutableRawBufferPointer

    init(
        listener: Socket, wake: WakeSignal, handler: any WebSocketServerHandler,
        configuration: WebSocketServerConfiguration
    ) {
        self.listener = listener
        self.wake = wake
        self.handler = handler
        self.configuration = configuration
        outbox = WebSocketServerOutbox(wake: wake)
        readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    }

    deinit {
        readBuffer.deallocate()
    }

    static func encode(_ message: WebSocketMessage) -> [UInt8] {
        switch message {
        case .text(let text):
            WebSocketFrame.encode(firstByte: 0x80 | WebSocketOpcode.text.rawValue, payload: text.utf8, maskKey: nil)
        case .binary(let bytes):
            WebSocketFrame.encode(firstByte: 0x80 | WebSocketOpcode.binary.rawValue, payload: bytes, maskKey: nil)
        }
    }

    var openConnectionIDs: [WebSocketConnectionID] {
        connections.values.filter { $0.isWebSocket && $0.isOpenForHandler }.map(\.id).sorted {
            $0.rawValue < $1.rawValue
        }
    }

    // MARK: The loop

    /// How long the loop keeps polling without blocking after it handled something
    /// (`WebSocketServerConfiguration.idleSpin`).
    var spinBudget: Duration { configuration.idleSpin }
    /// `configuration.pollInterval` as `poll` takes it: whole milliseconds, at least one.
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = configuration.pollInterval.components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    // The poll set and the spin's memory, kept between turns.
    private var descriptors: [pollfd] = []
    private var order: [WebSocketServerConnection] = []
    private var lastActivity = ContinuousClock.now
    /// The connection that last sent a message (not an upgrade, not a control frame), and
    /// the spin turns since a full poll. A harness's display upgrades and closes once a
    /// scenario; its requests come on another connection, which stays the one watched.
    private var hot: WebSocketServerConnection?
    private var turnsSincePoll = 0
    /// The connection accepted last, until its request head arrives: a harness's new
    /// display, whose upgrade request is the next thing it sends. The spin reads it too,
    /// so the upgrade is not left for the next full poll.
    var awaitingHead: WebSocketServerConnection?

    /// Serves on the calling thread (the server's own) until `stopRequested`, then shuts
    /// down. Spins briefly after activity, then blocks in `poll`.
    func run(stopRequested: () -> Bool) {
        while !stopRequested() {
            if let connection = hot, !connection.isAccepted { hot = nil }
            if let connection = hot, turnsSincePoll < 4, ContinuousClock.now - lastActivity < spinBudget {
                // While spinning, most turns only try the busiest connection: one `recv`
                // is cheaper than polling every socket. Every fourth turn polls them all.
                turnsSincePoll += 1
                if readHot(connection) || readAwaitingHead() {
                    lastActivity = ContinuousClock.now
                    flushQueued()
                } else {
                    sched_yield()
                }
                continue
            }
            turnsSincePoll = 0
            let spinning = ContinuousClock.now - lastActivity < spinBudget
            let timeout = spinning ? Int32(0) : connections.isEmpty ? Int32(-1) : pollMilliseconds
            if !turn(timeout: timeout), spinning {
                // Yielding lets a peer that shares this core (2 cores, other work) answer.
                sched_yield()
            }
        }
        shutDown()
    }

    /// One turn: polls every socket (blocking up to `timeout` ms, -1 for ever), then
    /// accepts, reads, handles and writes what is ready. Returns whether anything was.
    @discardableResult
    func turn(timeout: Int32) -> Bool {
        if connectionsChanged {
            // Rebuilt only when connections come or go, not on every turn.
            connectionsChanged = false
            order = Array(connections.values)
            descriptors = [
                pollfd(fd: listener.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.reader.fileDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            descriptors += order.map { pollfd(fd: $0.socket.fileDescriptor, events: 0, revents: 0) }
        }
        var timeout = timeout
        if let paused = listenerPausedUntil {
            // Out of descriptors with none to give up: the listener rests, not spins.
            let listening = ContinuousClock.now >= paused
            if listening { listenerPausedUntil = nil }
            descriptors[0].events = listening ? Int16(POLLIN) : 0
            if !listening { timeout = timeout < 0 ? 10 : min(timeout, 10) }
        }
        for (index, connection) in order.enumerated() {
            descriptors[index + 2].events = Int16(POLLIN) | (connection.pendingOutgoing > 0 ? Int16(POLLOUT) : 0)
            descriptors[index + 2].revents = 0
        }
        descriptors[0].revents = 0
        descriptors[1].revents = 0
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if ready <= 0 {
            if ready == 0, timeout != 0 || ContinuousClock.now >= nextExpiryCheck {
                expireDeadlines()
                flushQueued()
            }
            return false
        }
        lastActivity = ContinuousClock.now
        if descriptors[1].revents != 0 {
            // Drained before the outbox is taken: a send queued after this signals anew.
            wake.drain()
            for (connection, frame) in outbox.take() { send(frame, to: connection) }
        }
        let readMask = Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)
        let writeMask = Int16(POLLOUT) | Int16(POLLERR)
        for (index, connection) in order.enumerated() {
            let events = descriptors[index + 2].revents
            guard events != 0, connection.isAccepted else { continue }
            if events & writeMask != 0 { flush(connection) }
            if events & readMask != 0, connection.isAccepted {
                readAvailable(connection)
                flushQueued()
            }
        }
        if descriptors[0].revents != 0 { acceptPending() }
        if ContinuousClock.now >= nextExpiryCheck { expireDeadlines() }
        flushQueued()
        return true
    }

    /// Closes every connection (WebSocket ones with 1001) and the listener.
    func shutDown() {
        outbox.close()
        for connection in Array(connections.values) {
            if case .webSocket(var session) = connection.phase {
                connection.outgoing += session.close(code: .goingAway, reason: "server stopping")
                try? connection.flush()
            }
            drop(connection)
        }
        listener.close()
    }

    /// While spinning, one read of the connection that last sent a message.
    private func readHot(_ connection: WebSocketServerConnection) -> Bool {
        guard connection.isAccepted, connection.isWebSocket, connection.pendingOutgoing == 0 else {
            return false
        }
        return readOnce(connection)
    }

    /// While spinning, one read of the connection accepted last, while it is still sending
    /// its request head.
    private func readAwaitingHead() -> Bool {
        guard let connection = awaitingHead else { return false }
        guard connection.isAccepted, case .http = connection.phase else {
            awaitingHead = nil
            return false
        }
        return readOnce(connection)
    }

    /// One non-blocking read of `connection`, handled; `true` when something happened
    /// (bytes, end of stream, an error).
    private func readOnce(_ connection: WebSocketServerConnection) -> Bool {
        let result: Socket.ReadResult
        do {
            result = try connection.socket.read(into: readBuffer)
        } catch {
            drop(connection)
            return true
        }
        switch result {
        case .wouldBlock:
            return false
        case .endOfStream:
            drop(connection)
        case .bytes(let count):
            process(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), on: connection)
            if count == readBuffer.count, connection.isAccepted { readAvailable(connection) }
        }
        return true
    }

    private func readAvailable(_ connection: WebSocketServerConnection) {
        // A bounded number of reads per turn keeps one busy peer from starving the rest.
        for _ in 0..<16 {
            let result: Socket.ReadResult
            do {
                result = try connection.socket.read(into: readBuffer)
            } catch {
                drop(connection)
                return
            }
            switch result {
            case .wouldBlock:
                return
            case .endOfStream:
                drop(connection)
                return
            case .bytes(let count):
                process(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), on: connection)
                guard connection.isAccepted else { return }
                if count < readBuffer.count { return }
            }
        }
    }

    private func process(_ bytes: UnsafeRawBufferPointer, on connection: WebSocketServerConnection) {
        readsHeard &+= 1
        connection.lastHeard = readsHeard
        switch connection.phase {
        case .closing, .processing:
            return  // Discarded: we only wait for the end of the stream.
        case .webSocket(var session):
            // Take the session out so mutating it does not copy its buffers.
            connection.phase = .processing
            let output = session.receive(bytes)
            connection.phase = .webSocket(session)
            apply(output, on: connection)
        case .http(var parser, var received):
            connection.phase = .processing
            received.append(contentsOf: bytes.bindMemory(to: UInt8.self))
            switch parser.parseRequest(received) {
            case .insufficientData:
                connection.phase = .http(parser, received: received)
            case .failure(let error):
                respond(HTTPResponse.text(error.status, error.reason + "\n"), on: connection)
            case .head(let request, let length):
                route(request, leftover: Array(received[length...]), on: connection)
            }
        }
    }

    private func route(_ request: HTTPRequest, leftover: [UInt8], on connection: WebSocketServerConnection) {
        switch handler.route(request) {
        case .respond(let response):
            respond(response, on: connection)
        case .upgrade:
            upgrade(request, adding: nil, leftover: leftover, on: connection)
        case .upgradeAdding(let headers):
            upgrade(request, adding: headers, leftover: leftover, on: connection)
        }
    }

    private func upgrade(
        _ request: HTTPRequest, adding headers: HTTPHeaders?, leftover: [UInt8],
        on connection: WebSocketServerConnection
    ) {
        switch WebSocketHandshake.serverResponse(to: request) {
        case .failure(let failure):
            respond(WebSocketHandshake.refusal(failure), on: connection)
        case .success(var response):
            for field in headers ?? HTTPHeaders() { response.headers.add(field.name, field.value) }
            var session = WebSocketSession(
                role: .server, maximumFrameSize: configuration.maximumMessageSize,
                maximumMessageSize: configuration.maximumMessageSize)
            enqueue(response.serialized(), on: connection)
            connection.isOpenForHandler = true
            connection.phase = .webSocket(session)
            callHandler { $0.connectionOpened(connection.id, request: request, server: $1) }
            guard connection.isAccepted, !leftover.isEmpty,
                case .webSocket(let current) = connection.phase
            else { return }
            session = current
            connection.phase = .processing
            let output = session.receive(leftover)
            connection.phase = .webSocket(session)
            apply(output, on: connection)
        }
    }

    /// Hands the messages to the handler, then queues the session's own frames: a close
    /// frame those bytes ended with goes out after the answers to the messages before it,
    /// as RFC 6455 §5.5.1 sends no data after a close (a pong may follow an answer).
    private func apply(_ output: WebSocketSession.Output, on connection: WebSocketServerConnection) {
        for event in output.events {
            // A connection failed for not reading is closed for the handler already.
            guard connection.isAccepted, connection.isWebSocket, connection.isOpenForHandler else { break }
            if case .message(let message) = event {
                hot = connection
                callHandler { $0.received(message, from: connection.id, server: $1) }
            }
        }
        if !output.bytesToSend.isEmpty, connection.isAccepted { enqueue(output.bytesToSend, on: connection) }
        if output.closeConnection, connection.isAccepted { beginClosing(connection) }
    }

    func notifyClosed(_ connection: WebSocketServerConnection) {
        guard connection.isOpenForHandler else { return }
        connection.isOpenForHandler = false
        endedDuringHandler.append(connection.id)
        guard !isInHandler else { return }
        callHandler { _, _ in }
    }

    /// Runs one handler call, then reports the connections that ended meanwhile.
    private func callHandler(_ body: (any WebSocketServerHandler, WebSocketServerContext) -> Void) {
        precondition(!isInHandler, "handler calls do not nest")
        isInHandler = true
        body(handler, WebSocketServerContext(loop: self))
        while !endedDuringHandler.isEmpty {
            let ended = endedDuringHandler.removeFirst()
            handler.connectionClosed(ended, server: WebSocketServerContext(loop: self))
        }
        isInHandler = false
    }

    func drop(_ connection: WebSocketServerConnection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        connection.isAccepted = false
        connectionsChanged = true
        connection.phase = .closing
        connection.socket.close()
        notifyClosed(connection)
    }
}
