import Glibc

/// How the loop keeps serving under connection floods: a full table (or a process out of
/// descriptors) gives up its least useful connection for the newcomer instead of refusing
/// it, a request head has a deadline, and a WebSocket peer that does not read is failed
/// with 1008 (docs/transport.md, "Limits under load").
extension WebSocketServerLoop {
    /// Accepts what the listener holds (at most 64 a turn), making room for each.
    func acceptPending() {
        for _ in 0..<64 {
            let accepted: Socket?
            do {
                accepted = try listener.accept()
            } catch let error as SocketError where [EMFILE, ENFILE].contains(error.errorNumber) {
                // Out of descriptors: one idle connection makes room, as in a full table.
                if evictLeastUseful() { continue }
                listenerPausedUntil = ContinuousClock.now + .milliseconds(10)
                return
            } catch {
                return
            }
            guard let socket = accepted else { return }
            if connections.count >= configuration.maximumConnections { evictLeastUseful() }
            nextID += 1
            let id = WebSocketConnectionID(rawValue: nextID)
            let connection = WebSocketServerConnection(
                id: id, socket: socket, deadline: ContinuousClock.now + configuration.requestTimeout,
                lastHeard: readsHeard)
            connections[id] = connection
            awaitingHead = connection
            connectionsChanged = true
        }
    }

    /// Closes the connection that matters least (see `evictionRank`) so that a new one
    /// fits. Returns false when there is none.
    @discardableResult
    func evictLeastUseful() -> Bool {
        var victim: WebSocketServerConnection?
        var victimRank = (Int.max, UInt64.max)
        for connection in connections.values {
            let rank = evictionRank(connection)
            if rank < victimRank {
                victim = connection
                victimRank = rank
            }
        }
        guard let victim else { return false }
        switch victim.phase {
        case .http:
            // Its request never came: told so, in one write that does not wait.
            let response = HTTPResponse.text(.requestTimeout, "request timeout: the server needs the slot\n")
            _ = response.serialized().withUnsafeBytes { try? victim.socket.write($0) }
        case .webSocket(var session) where !victim.sentClose:
            victim.discardUnsent()
            victim.append(session.close(code: .policyViolation, reason: "server full: least recently active closed"))
            victim.phase = .webSocket(session)
            try? victim.flush()
        default:
            break
        }
        drop(victim)
        return true
    }

    /// Which connection a full table gives up first (lowest first): one already closing,
    /// then one still sending its request head (the oldest), then an open WebSocket whose
    /// peer is not taking its bytes, then any open WebSocket; among WebSockets, the one
    /// heard from least recently.
    private func evictionRank(_ connection: WebSocketServerConnection) -> (Int, UInt64) {
        switch connection.phase {
        case .closing, .processing: (0, connection.id.rawValue)
        case .http: (1, connection.id.rawValue)
        case .webSocket:
            connection.sentClose
                ? (0, connection.id.rawValue)
                : (connection.stalledSince == nil ? 3 : 2, connection.lastHeard)
        }
    }

    /// Fails a WebSocket whose peer does not read: the frames it has not begun to take
    /// are dropped, a close frame (1008, `reason`) follows what is partly written, and the
    /// peer has the close timeout to take it and answer before the connection is dropped.
    /// The handler hears at once that the connection closed.
    func failNotReading(_ connection: WebSocketServerConnection, reason: String) {
        guard case .webSocket(var session) = connection.phase, !connection.sentClose else {
            drop(connection)
            return
        }
        connection.discardUnsent()
        let frame = session.close(code: .policyViolation, reason: reason)
        connection.phase = .webSocket(session)
        connection.sentClose = true
        connection.deadline = ContinuousClock.now + configuration.closeTimeout
        if connection.pendingOutgoing == 0 { unflushed.append(connection) }
        connection.append(frame)
        notifyClosed(connection)
    }

    /// Ends what outlived its deadline: a request head that did not arrive (408), a
    /// closing connection whose peer did not end the stream, a WebSocket whose peer took
    /// none of its bytes for `stallTimeout` (1008).
    func expireDeadlines() {
        let now = ContinuousClock.now
        nextExpiryCheck = now + .milliseconds(50)
        guard !connections.isEmpty else { return }
        for connection in Array(connections.values) where connection.isAccepted {
            if connection.hasDeadline, connection.deadline <= now {
                if case .http = connection.phase {
                    respond(HTTPResponse.text(.requestTimeout, "request timeout\n"), on: connection)
                } else {
                    drop(connection)
                }
            } else if let since = connection.stalledSince, !connection.sentClose,
                now - since >= configuration.stallTimeout
            {
                failNotReading(connection, reason: "not reading: nothing taken for \(configuration.stallTimeout)")
            }
        }
    }
}
