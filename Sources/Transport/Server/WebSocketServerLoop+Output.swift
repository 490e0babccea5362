/// The loop's output: what handlers send, queued per connection and written at the end
/// of the input that caused it, and the start of a connection's close.
extension WebSocketServerLoop {
    func send(_ frame: [UInt8], to id: WebSocketConnectionID) {
        guard let connection = connections[id], connection.isWebSocket, !connection.sentClose else { return }
        enqueue(frame, on: connection)
    }

    func close(_ id: WebSocketConnectionID, code: WebSocketErrorCode, reason: String = "") {
        guard let connection = connections[id], case .webSocket(var session) = connection.phase else { return }
        let frame = session.close(code: code, reason: reason)
        connection.phase = .webSocket(session)
        connection.sentClose = true
        // A peer that never answers the close is dropped after the close timeout.
        connection.deadline = ContinuousClock.now + configuration.closeTimeout
        enqueue(frame, on: connection)
    }

    func respond(_ response: HTTPResponse, on connection: WebSocketServerConnection) {
        enqueue(response.serialized(), on: connection)
        beginClosing(connection)
    }

    func enqueue(_ bytes: [UInt8], on connection: WebSocketServerConnection) {
        guard connection.pendingOutgoing + bytes.count <= configuration.outgoingLimit else {
            // The peer stopped reading; it must not hold the others back.
            failNotReading(connection, reason: "outgoing queue full: the peer does not read")
            return
        }
        if connection.pendingOutgoing == 0 { unflushed.append(connection) }
        connection.append(bytes)
    }

    /// Writes what this turn queued, connection by connection in the order they were
    /// first sent to: a display's snapshot still goes out before the response that
    /// caused it, and several frames for one connection (101 + first snapshot, the
    /// answers to a batch of requests) leave in one `send`.
    func flushQueued() {
        while !unflushed.isEmpty {
            let queued = unflushed
            unflushed = []
            for connection in queued where connection.isAccepted { flush(connection) }
        }
    }

    func flush(_ connection: WebSocketServerConnection) {
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

    func beginClosing(_ connection: WebSocketServerConnection) {
        notifyClosed(connection)
        connection.phase = .closing
        connection.deadline = ContinuousClock.now + configuration.closeTimeout
        flush(connection)
    }
}
