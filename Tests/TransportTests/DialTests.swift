import Testing
import Transport

/// `WebSocketClient.dial`: the TCP connection now, the WebSocket handshake later.
@Suite("Dialling ahead of the handshake")
struct DialTests {
    @Test("the server hears of a dialled connection only at its handshake", arguments: [false, true])
    func opensAtHandshake(colocated: Bool) async throws {
        let handler = EchoHandler()
        // The server drops a connection that sends no request within its request limit; a
        // test process stalled by a loaded machine must not reach it between dial and handshake.
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(requestTimeout: .seconds(120), colocated: colocated), handler: handler)
        defer { server.stop() }
        let dial = try await WebSocketClient.dial(to: "ws://127.0.0.1:\(server.port)/echo", timeout: .seconds(2))
        try await Task.sleep(for: .milliseconds(50))
        #expect(handler.opened.withLock { $0 } == 0)

        let client = try await dial.handshake(timeout: .seconds(2))
        #expect(handler.opened.withLock { $0 } == 1)
        try client.send(text: "after the dial")
        #expect(try await client.receive(timeout: .seconds(2)) == .text("after the dial"))
        await client.close()
    }

    @Test("a dial is upgraded once; a second handshake throws")
    func handshakeOnce() async throws {
        let server = try WebSocketServer.start(WebSocketServerConfiguration(), handler: EchoHandler())
        defer { server.stop() }
        let dial = try await WebSocketClient.dial(to: "ws://127.0.0.1:\(server.port)/echo")
        let client = try await dial.handshake()
        await #expect(throws: WebSocketClientError.self) { _ = try await dial.handshake() }
        await client.close()
    }

    @Test("a refused handshake fails the handshake, not the dial")
    func refusedHandshake() async throws {
        let server = try WebSocketServer.start(WebSocketServerConfiguration(), handler: EchoHandler())
        defer { server.stop() }
        let dial = try await WebSocketClient.dial(to: "ws://127.0.0.1:\(server.port)/missing")
        await #expect(throws: WebSocketClientError.self) { _ = try await dial.handshake(timeout: .seconds(2)) }
    }

    @Test(
        "an answer to the handshake that is not HTTP is called malformed, not given the status a server would send",
        arguments: [
            ("GARBAGE\r\n\r\n", "the status line is not 'HTTP/1.1 code reason'"),
            ("HTTP/1.1 101 Switching\nUpgrade: websocket\n\n", "a bare CR or LF in the head"),
            ("HTTP/1.1 101 Switching\r\nX: " + String(repeating: "a", count: 17_000), "the head is over 16384 bytes"),
        ])
    func malformedAnswer(answer: String, reason: String) async throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let dial = try await WebSocketClient.dial(to: "ws://127.0.0.1:\(try listener.localPort())/x")
        let peer = try #require(try await listener.acceptWithinASecond())
        defer { peer.close() }
        try peer.writeAll(Array(answer.utf8), timeoutMilliseconds: 2000)
        await #expect(
            throws: WebSocketClientError.handshakeFailed("its answer to the handshake is malformed: \(reason)")
        ) {
            _ = try await dial.handshake(timeout: .seconds(2))
        }
    }

    @Test("dropping a dial that was never upgraded closes its connection")
    func droppedDialCloses() async throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        var dial: WebSocketDial? = try await WebSocketClient.dial(to: "ws://127.0.0.1:\(try listener.localPort())/x")
        let peer = try #require(try await listener.acceptWithinASecond())
        defer { peer.close() }
        #expect(dial != nil)
        dial = nil
        var buffer = [UInt8](repeating: 0, count: 64)
        var result = Socket.ReadResult.wouldBlock
        for _ in 0..<200 {
            result = try buffer.withUnsafeMutableBytes { try peer.read(into: $0) }
            if case .wouldBlock = result { try await Task.sleep(for: .milliseconds(5)) } else { break }
        }
        #expect(result == .endOfStream)
    }

    @Test("a dial to a port nobody listens on fails as a connection failure")
    func refusedConnection() async throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        let port = try listener.localPort()
        listener.close()
        await #expect {
            _ = try await WebSocketClient.dial(to: "ws://127.0.0.1:\(port)/echo", timeout: .seconds(2))
        } throws: { error in
            if case .connectionFailed = error as? WebSocketClientError { return true }
            return false
        }
    }
}
