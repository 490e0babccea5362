/// The server thread's state and loop: accept, read, route, write, expire.
///
/// Owned by that one thread; nothing here is shared except through `control`.
final class WebSocketServerLoop {
    let listener: Socket
    let wake: WakeSignal
    let handler: any WebSocketServerHandler
    let configuration: WebSocketServerConfiguration
    private var connections: [WebSocketConnectionID: WebSocketServerConnection] = [:]
    private var nextID: UInt64 = 0
    /// Connections that ended while a handler call was running; the handler hears of
    /// them right after that call, never from inside it (it may hold its own lock).
    private var endedDuringHandler: [WebSocketConnectionID] = []
    private var isInHandler = false
    private let readBuffer: UnsafeMutableRawBufferPointer

    init(
        listener: Socket, wake: WakeSignal, handler: any WebSocketServerHandler,
        configuration: WebSocketServerConfiguration
    ) {
        self.listener = listener
        self.wake = wake
        self.handler = handler
        self.configuration = configuration
        readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    }

    deinit {
        readBuffer.deallocate()
    }

    static func encode(_ message: WebSocketMessage) -> [UInt8] {
        switch message {
        case .text(let text): WebSocketFrame(opcode: .text, payload: Array(text.utf8)).encoded()
        case .binary(let bytes): WebSocketFrame(opcode: .binary, payload: bytes).encoded()
        }
    }

    var openConnectionIDs: [WebSocketConnectionID] {
        connections.values.filter { $0.isWebSocket }.map(\.id).sorted { $0.rawValue < $1.rawValue }
    }

    // MARK: The loop

    func run(stopRequested: () -> Bool) {
        while !stopRequested() {
            var entries = [SocketPollEntry(socket: listener), SocketPollEntry(socket: wake.reader)]
            let order = Array(connections.values)
            for connection in order {
                entries.append(SocketPollEntry(socket: connection.socket, wantsWrite: connection.pendingOutgoing > 0))
            }
            let timeout = order.isEmpty ? Int32(-1) : Int32(250)
            do {
                try Socket.poll(&entries, timeoutMilliseconds: timeout)
            } catch {
                continue
            }
            if entries[1].isReadable { wake.drain() }
            for (index, connection) in order.enumerated() {
                let entry = entries[index + 2]
                guard connections[connection.id] != nil else { continue }
                if entry.isWritable { flush(connection) }
                if entry.isReadable, connections[connection.id] != nil { readAvailable(connection) }
            }
            if entries[0].isReadable { acceptPending() }
            if !order.isEmpty { expireDeadlines() }
        }
        for connection in Array(connections.values) {
            if case .webSocket(var session) = connection.phase {
                connection.outgoing += session.close(code: .goingAway, reason: "server stopping")
                try? connection.flush()
            }
            drop(connection)
        }
        listener.close()
    }

    private func acceptPending() {
        for _ in 0..<64 {
            guard let socket = try? listener.accept() else { return }
            guard connections.count < configuration.maximumConnections else {
                let response = HTTPResponse.text(.serviceUnavailable, "too many connections\n").serialized()
                _ = response.withUnsafeBytes { try? socket.write($0) }
                socket.close()
                continue
            }
            nextID += 1
            let id = WebSocketConnectionID(rawValue: nextID)
            connections[id] = WebSocketServerConnection(
                id: id, socket: socket, deadline: ContinuousClock.now + configuration.requestTimeout)
        }
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
                guard connections[connection.id] != nil else { return }
                if count < readBuffer.count { return }
            }
        }
    }

    private func process(_ bytes: UnsafeRawBufferPointer, on connection: WebSocketServerConnection) {
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
            switch WebSocketHandshake.serverResponse(to: request) {
            case .failure(let failure):
                respond(WebSocketHandshake.refusal(failure), on: connection)
            case .success(let response):
                var session = WebSocketSession(
                    role: .server, maximumFrameSize: configuration.maximumMessageSize,
                    maximumMessageSize: configuration.maximumMessageSize)
                enqueue(response.serialized(), on: connection)
                connection.isOpenForHandler = true
                connection.phase = .webSocket(session)
                callHandler { $0.connectionOpened(connection.id, request: request, server: $1) }
                guard connections[connection.id] != nil, !leftover.isEmpty,
                    case .webSocket(let current) = connection.phase
                else { return }
                session = current
                connection.phase = .processing
                let output = session.receive(leftover)
                connection.phase = .webSocket(session)
                apply(output, on: connection)
            }
        }
    }

    private func apply(_ output: WebSocketSession.Output, on connection: WebSocketServerConnection) {
        if !output.bytesToSend.isEmpty { enqueue(output.bytesToSend, on: connection) }
        for event in output.events {
            guard connections[connection.id] != nil, connection.isWebSocket else { break }
            if case .message(let message) = event {
                callHandler { $0.received(message, from: connection.id, server: $1) }
            }
        }
        if output.closeConnection, connections[connection.id] != nil { beginClosing(connection) }
    }

    // MARK: Output

    func send(_ frame: [UInt8], to id: WebSocketConnectionID) {
        guard let connection = connections[id], connection.isWebSocket else { return }
        enqueue(frame, on: connection)
    }

    func close(_ id: WebSocketConnectionID, code: WebSocketErrorCode) {
        guard let connection = connections[id], case .webSocket(var session) = connection.phase else { return }
        let frame = session.close(code: code)
        connection.phase = .webSocket(session)
        // A peer that never answers the close is dropped after the close timeout.
        connection.deadline = ContinuousClock.now + configuration.closeTimeout
        enqueue(frame, on: connection)
    }

    private func respond(_ response: HTTPResponse, on connection: WebSocketServerConnection) {
        enqueue(response.serialized(), on: connection)
        beginClosing(connection)
    }

    private func enqueue(_ bytes: [UInt8], on connection: WebSocketServerConnection) {
        guard connection.pendingOutgoing + bytes.count <= configuration.outgoingLimit else {
            drop(connection)  // The peer stopped reading; it must not hold the others back.
            return
        }
        let hadPending = connection.pendingOutgoing > 0
        connection.outgoing += bytes
        if !hadPending { flush(connection) }
    }

    private func flush(_ connection: WebSocketServerConnection) {
        do {
            try connection.flush()
        } catch {
            drop(connection)
            return
        }
        if connection.isClosing, connection.pendingOutgoing == 0, !connection.didShutdownWrite {
            connection.socket.shutdownWrite()
            connection.didShutdownWrite = true
        }
    }

    private func beginClosing(_ connection: WebSocketServerConnection) {
        notifyClosed(connection)
        connection.phase = .closing
        connection.deadline = ContinuousClock.now + configuration.closeTimeout
        flush(connection)
    }

    private func notifyClosed(_ connection: WebSocketServerConnection) {
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

    private func drop(_ connection: WebSocketServerConnection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        connection.phase = .closing
        connection.socket.close()
        notifyClosed(connection)
    }

    private func expireDeadlines() {
        let now = ContinuousClock.now
        for connection in Array(connections.values) where connection.hasDeadline && connection.deadline <= now {
            drop(connection)
        }
    }
}
