import Transport

/// A blocking test peer over a raw socket: writes bytes and reads until a condition
/// holds or a deadline passes. Every wait is bounded.
struct RawConnection {
    let socket: Socket

    static func connect(port: UInt16) throws -> RawConnection {
        RawConnection(socket: try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 2000))
    }

    /// Connects for a peer that never sends a byte: the handshake's last ACK is not held
    /// back for a first request, so the server accepts the connection at once.
    static func connectIdle(port: UInt16) throws -> RawConnection {
        RawConnection(
            socket: try Socket.connect(
                host: "127.0.0.1", port: port, timeoutMilliseconds: 2000, delayingAcknowledgements: false))
    }

    /// Connects and completes a WebSocket handshake on `path`.
    static func webSocket(port: UInt16, path: String = "/echo") throws -> RawConnection {
        let connection = try connect(port: port)
        try connection.write(
            WebSocketHandshake.clientRequest(host: "127.0.0.1:\(port)", path: path, key: "dGhlIHNhbXBsZSBub25jZQ=="))
        let head = try connection.readUntil { $0.count >= 4 && Array($0.suffix(4)) == [13, 10, 13, 10] }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            throw SocketError(call: "handshake", errorNumber: 0, detail: String(decoding: head, as: UTF8.self))
        }
        return connection
    }

    func write(_ bytes: [UInt8]) throws {
        try socket.writeAll(bytes, timeoutMilliseconds: 2000)
    }

    /// Reads byte chunks until `done(received)` or the end of stream or `milliseconds`.
    func readUntil(milliseconds: Int = 3000, _ done: ([UInt8]) -> Bool) throws -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1)
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        // One byte at a time so nothing past the condition is consumed.
        while !done(received), ContinuousClock.now < deadline {
            guard try socket.wait(forWriting: false, timeoutMilliseconds: 100) else { continue }
            switch try chunk.withUnsafeMutableBytes({ try socket.read(into: $0) }) {
            case .bytes: received.append(chunk[0])
            case .wouldBlock: continue
            case .endOfStream: return received
            }
        }
        return received
    }

    /// Everything until the peer ends the stream (bounded).
    func readToEnd(milliseconds: Int = 3000) throws -> [UInt8] {
        try readUntil(milliseconds: milliseconds) { _ in false }
    }

    /// Reads server frames until a close frame; returns its code (nil if none came before
    /// the end of the stream or `milliseconds`). Reads in chunks: a peer that stopped
    /// reading may have megabytes waiting before the close frame.
    func readCloseCode(milliseconds: Int = 3000) throws -> UInt16? {
        var decoder = WebSocketFrameDecoder(expectedMasking: .unmasked)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < deadline {
            while let frame = try decoder.nextFrame() {
                guard frame.opcode == .connectionClose else { continue }
                return frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : nil
            }
            guard try socket.wait(forWriting: false, timeoutMilliseconds: 100) else { continue }
            switch try chunk.withUnsafeMutableBytes({ try socket.read(into: $0) }) {
            case .bytes(let count): decoder.append(chunk[0..<count])
            case .wouldBlock: continue
            case .endOfStream: return nil
            }
        }
        return nil
    }

    func close() {
        socket.close()
    }
}

/// A masked client frame.
func clientFrame(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
    WebSocketFrame(fin: fin, opcode: opcode, maskKey: [0xA1, 0xB2, 0xC3, 0xD4], payload: payload).encoded()
}
