/// Opening a client connection: TCP connect and the opening handshake, on the client's
/// own thread before it starts reading.
extension WebSocketClientCore {
    /// Connects and runs the handshake, blocking the calling (reader) thread until
    /// `deadline`.
    static func open(
        _ url: WebSocketURL, deadline: ContinuousClock.Instant, maximumMessageSize: Int, outgoingLimit: Int
    ) throws -> WebSocketClientCore {
        let socket: Socket
        do {
            socket = try Socket.connect(
                host: url.host, port: url.port, timeoutMilliseconds: milliseconds(until: deadline))
        } catch let error as SocketError {
            throw WebSocketClientError.connectionFailed(error)
        }
        let session = WebSocketSession(
            role: .client, maximumFrameSize: maximumMessageSize, maximumMessageSize: maximumMessageSize)
        do {
            let key = WebSocketHandshake.makeKey()
            try socket.writeAll(
                WebSocketHandshake.clientRequest(host: url.authority, path: url.path, key: key),
                timeoutMilliseconds: milliseconds(until: deadline))
            let (head, leftover) = try readResponseHead(socket, deadline: deadline)
            if let failure = WebSocketHandshake.validateServerResponse(head, key: key) {
                throw WebSocketClientError.handshakeFailed(failure.reason)
            }
            let core = try WebSocketClientCore(
                socket: socket, wake: WakeSignal(), session: session, outgoingLimit: outgoingLimit)
            if !leftover.isEmpty {
                // Frames the server sent right behind its 101 (a display's first snapshot).
                let output = core.state.withLock { $0.session.receive(leftover) }
                core.apply(output)
            }
            return core
        } catch {
            socket.close()
            if let error = error as? SocketError { throw WebSocketClientError.connectionFailed(error) }
            throw error
        }
    }

    private static func readResponseHead(_ socket: Socket, deadline: ContinuousClock.Instant) throws -> (
        HTTPResponseHead, [UInt8]
    ) {
        var parser = HTTPHeadParser()
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            switch parser.parseResponse(received) {
            case .head(let head, let length): return (head, Array(received[length...]))
            case .failure(let error): throw WebSocketClientError.handshakeFailed(error.description)
            case .insufficientData: break
            }
            guard try socket.wait(forWriting: false, timeoutMilliseconds: milliseconds(until: deadline)) else {
                throw WebSocketClientError.timedOut("waiting for the handshake response")
            }
            let result = try chunk.withUnsafeMutableBytes { try socket.read(into: $0) }
            switch result {
            case .bytes(let count): received += chunk[0..<count]
            case .wouldBlock: continue
            case .endOfStream: throw WebSocketClientError.handshakeFailed("the server closed the connection")
            }
        }
    }

    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
