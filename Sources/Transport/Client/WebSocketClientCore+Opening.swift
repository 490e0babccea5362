import Glibc

/// Opening a client connection: TCP connect and the opening handshake, on the calling
/// task (waits longer than `SocketWait.directBudget` park on the reactor).
extension WebSocketClientCore {
    /// Connects and runs the handshake within `deadline`.
    static func open(
        _ url: WebSocketURL, deadline: ContinuousClock.Instant, maximumMessageSize: Int, outgoingLimit: Int
    ) async throws -> WebSocketClientCore {
        let socket = try await connect(url, deadline: deadline)
        return try await handshake(
            on: socket, url, deadline: deadline, maximumMessageSize: maximumMessageSize, outgoingLimit: outgoingLimit)
    }

    private static func sharedReactor() throws -> WebSocketClientReactor {
        switch WebSocketClientReactor.shared {
        case .success(let shared): return shared
        case .failure(let error): throw WebSocketClientError.connectionFailed(error)
        }
    }

    /// The TCP connection alone, within `deadline`.
    static func connect(_ url: WebSocketURL, deadline: ContinuousClock.Instant) async throws -> Socket {
        let reactor = try sharedReactor()
        let colocated = ColocatedServer.serving(host: url.host, port: url.port)
        do {
            let candidates = try SocketAddress.candidates(host: url.host, port: url.port)
            let key = url.authority
            // A host with several addresses (`localhost`: 127.0.0.1, then ::1) is tried in
            // turn while each refuses; the one that answers is tried first next time.
            var addresses = SocketAddress.ordered(candidates, key: key)[...]
            while let address = addresses.popFirst() {
                do {
                    let socket = try await connect(
                        to: address, url, deadline: deadline, reactor: reactor, colocated: colocated)
                    SocketAddress.remember(address, among: candidates, key: key)
                    return socket
                } catch let error as SocketError where !addresses.isEmpty && error.isRefusal {
                    continue
                }
            }
            throw SocketError(call: "connect", errorNumber: ECONNREFUSED, detail: url.authority)
        } catch let error as SocketError {
            throw WebSocketClientError.connectionFailed(error)
        }
    }

    /// A TCP connection to one of the URL's addresses, within `deadline`.
    private static func connect(
        to address: SocketAddress, _ url: WebSocketURL, deadline: ContinuousClock.Instant,
        reactor: WebSocketClientReactor, colocated: ColocatedServer?
    ) async throws -> Socket {
        let (socket, inProgress) = try Socket.startConnect(to: address, detail: url.authority)
        guard inProgress else { return socket }
        do {
            guard
                try await SocketWait.ready(
                    socket, writable: true, until: deadline, reactor: reactor, colocated: colocated,
                    spin: SocketWait.spinBudget(forHost: url.host))
            else {
                throw SocketError(call: "connect", errorNumber: ETIMEDOUT, detail: url.authority)
            }
            try socket.finishConnect(detail: url.authority)
            return socket
        } catch {
            socket.close()
            throw error
        }
    }

    /// The opening handshake on a connected `socket`, within `deadline`; the socket is
    /// closed when it fails.
    /// `sentKey`: the key of a request `sendRequest` already wrote on `socket`.
    static func handshake(
        on socket: Socket, _ url: WebSocketURL, deadline: ContinuousClock.Instant, maximumMessageSize: Int,
        outgoingLimit: Int, sentKey: String? = nil
    ) async throws -> WebSocketClientCore {
        let reactor: WebSocketClientReactor
        do { reactor = try sharedReactor() } catch {
            socket.close()
            throw error
        }
        let colocated = ColocatedServer.serving(host: url.host, port: url.port)
        let session = WebSocketSession(
            role: .client, maximumFrameSize: maximumMessageSize, maximumMessageSize: maximumMessageSize)
        do {
            let spin = SocketWait.spinBudget(forHost: url.host)
            let key: String
            if let sentKey {
                key = sentKey
            } else {
                key = try await sendRequest(on: socket, url, deadline: deadline, reactor: reactor)
            }
            // Worked out while the server answers, not after.
            let expectedAccept = WebSocketHandshake.acceptValue(forKey: key)
            let (head, leftover) = try await readResponseHead(
                socket, until: deadline, reactor: reactor, colocated: colocated, spin: spin)
            if let failure = WebSocketHandshake.validateServerResponse(head, expectedAccept: expectedAccept) {
                throw WebSocketClientError.handshakeFailed(failure.reason)
            }
            socket.preferDelayedAcknowledgements()
            let core = WebSocketClientCore(
                socket: socket, reactor: reactor, session: session, outgoingLimit: outgoingLimit,
                colocated: colocated, spinBudget: spin, openingHeaders: head.headers)
            if !leftover.isEmpty {
                // Frames the server sent right behind its 101 (a display's first snapshot).
                let resumptions = core.state.withLock { state -> [Resumption] in
                    let output = state.session.receive(leftover)
                    return core.apply(output, &state)
                }
                for resumption in resumptions { resumption.resume() }
            }
            return core
        } catch {
            socket.close()
            if let error = error as? SocketError { throw WebSocketClientError.connectionFailed(error) }
            throw error
        }
    }

    /// Writes the opening handshake's request on `socket`; returns its key. The socket is
    /// left open when it fails (the caller closes it).
    static func sendRequest(
        on socket: Socket, _ url: WebSocketURL, deadline: ContinuousClock.Instant,
        reactor given: WebSocketClientReactor? = nil
    ) async throws -> String {
        let reactor = try given ?? sharedReactor()
        let key = WebSocketHandshake.makeKey()
        try await writeAll(
            WebSocketHandshake.clientRequest(host: url.authority, path: url.path, key: key), to: socket,
            until: deadline, reactor: reactor, colocated: ColocatedServer.serving(host: url.host, port: url.port),
            spin: SocketWait.spinBudget(forHost: url.host))
        return key
    }

    private static func writeAll(
        _ bytes: [UInt8], to socket: Socket, until deadline: ContinuousClock.Instant, reactor: WebSocketClientReactor,
        colocated: ColocatedServer?, spin: Duration
    ) async throws {
        var offset = 0
        while offset < bytes.count {
            let start = offset
            let written = try bytes.withUnsafeBytes { try socket.write(UnsafeRawBufferPointer(rebasing: $0[start...])) }
            offset += written
            if written == 0,
                try await !SocketWait.ready(
                    socket, writable: true, until: deadline, reactor: reactor, colocated: colocated, spin: spin)
            {
                throw SocketError(call: "send", errorNumber: ETIMEDOUT)
            }
        }
    }

    private static func readResponseHead(
        _ socket: Socket, until deadline: ContinuousClock.Instant, reactor: WebSocketClientReactor,
        colocated: ColocatedServer?, spin: Duration
    ) async throws -> (HTTPResponseHead, [UInt8]) {
        var parser = HTTPHeadParser()
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        // A server in this process has not run a turn since the request was written: its
        // answer cannot be there yet, so the first read would only find nothing.
        var answerMayBeThere = colocated == nil
        while true {
            switch parser.parseResponse(received) {
            case .head(let head, let length): return (head, Array(received[length...]))
            // The status is what a server would answer such a head; the server sent it.
            case .failure(let error):
                throw WebSocketClientError.handshakeFailed("its answer to the handshake is malformed: \(error.reason)")
            case .insufficientData: break
            }
            let result = try answerMayBeThere ? chunk.withUnsafeMutableBytes { try socket.read(into: $0) } : .wouldBlock
            answerMayBeThere = true
            switch result {
            case .bytes(let count):
                received += chunk[0..<count]
            case .wouldBlock:
                guard
                    try await SocketWait.ready(
                        socket, writable: false, until: deadline, reactor: reactor, colocated: colocated, spin: spin)
                else {
                    throw WebSocketClientError.timedOut("waiting for the handshake response")
                }
            case .endOfStream:
                throw WebSocketClientError.handshakeFailed("the server closed the connection")
            }
        }
    }
}
