import Glibc
import TestSupport
import Testing
import Transport

/// Every test runs against both kinds of server: one with a thread of its own, and a
/// colocated one whose turns our client runs while it waits (raw sockets, which do not
/// drive it, are served by its backstop thread).
@Suite("Server and client over loopback")
struct LoopbackTests {
    private func startEcho(colocated: Bool) throws -> (WebSocketServer, EchoHandler) {
        let handler = EchoHandler()
        return (
            try WebSocketServer.start(WebSocketServerConfiguration(colocated: colocated), handler: handler), handler
        )
    }

    @Test("the client and server exchange text, binary and a 1 MiB message", arguments: [false, true])
    func echo(colocated: Bool) async throws {
        let (server, _) = try startEcho(colocated: colocated)
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo", timeout: .seconds(2))
        try client.send(text: "hello")
        #expect(try await client.receive(timeout: .seconds(2)) == .text("hello"))
        try client.send(binary: [0, 1, 2, 255])
        #expect(try await client.receive(timeout: .seconds(2)) == .binary([0, 1, 2, 255]))
        let big = String(repeating: "x", count: 1 << 20)
        try client.send(text: big)
        #expect(try await client.receive(timeout: .seconds(5)) == .text(big))
        try client.ping([1, 2])
        try client.send(text: "after ping")
        #expect(try await client.receive(timeout: .seconds(2)) == .text("after ping"))
        #expect(client.pongsReceived == 1)
        await client.close()
        #expect(client.endReason == .closed(code: 1000, reason: ""))
    }

    @Test("several texts sent as one write arrive as separate messages, in order", arguments: [false, true])
    func sendTexts(colocated: Bool) async throws {
        let (server, _) = try startEcho(colocated: colocated)
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo", timeout: .seconds(2))
        let texts = ["first", "", "三つ目", String(repeating: "y", count: 70_000)]
        try client.send(texts: texts)
        for text in texts { #expect(try await client.receive(timeout: .seconds(2)) == .text(text)) }
        try client.send(texts: ["alone"])
        try client.send(texts: [])
        #expect(try await client.receive(timeout: .seconds(2)) == .text("alone"))
        #expect(try await client.receive(timeout: .milliseconds(50)) == nil)
        await client.close()
    }

    @Test(
        "receive returns nil on timeout, and messages are kept in order for later receives", arguments: [false, true])
    func timeoutsAndOrder(colocated: Bool) async throws {
        let (server, _) = try startEcho(colocated: colocated)
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo")
        let start = ContinuousClock.now
        #expect(try await client.receive(timeout: .milliseconds(100)) == nil)
        #expect(ContinuousClock.now - start >= .milliseconds(90))
        for index in 0..<50 { try client.send(text: "m\(index)") }
        for index in 0..<50 {
            #expect(try await client.receive(timeout: .seconds(2)) == .text("m\(index)"))
        }
        await client.close()
    }

    @Test("cancelling a receive throws CancellationError and loses no message", arguments: [false, true])
    func cancellation(colocated: Bool) async throws {
        let (server, _) = try startEcho(colocated: colocated)
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo")
        let task = Task { try await client.receive(timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        try client.send(text: "kept")
        #expect(try await client.receive(timeout: .seconds(2)) == .text("kept"))
        await client.close()
    }

    @Test("a server close is reported with its code to receive", arguments: [false, true])
    func serverClose(colocated: Bool) async throws {
        let (server, _) = try startEcho(colocated: colocated)
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo")
        try client.send(text: "close-me")
        await #expect(throws: WebSocketClientError.closed(code: 1008, reason: "")) {
            try await client.receive(timeout: .seconds(2))
        }
        #expect(throws: WebSocketClientError.self) { try client.send(text: "late") }
    }

    /// RFC 6455 §5.5.1: no data after a close frame. A request and a close (or a broken
    /// frame) read at once: the answer to the request goes out first, then the close.
    @Test(
        "a message read with a close, or with a broken frame, is answered before the close frame",
        arguments: [(false, 1000), (true, 1000), (false, 1002), (true, 1007)])
    func answerBeforeClose(colocated: Bool, code: UInt16) throws {
        let (server, _) = try startEcho(colocated: colocated)
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        defer { connection.close() }
        let ending: [UInt8] =
            switch code {
            case 1000: clientFrame(.connectionClose, [0x03, 0xE8])
            case 1002: WebSocketFrame(opcode: .text, payload: Array("unmasked".utf8)).encoded()
            default: clientFrame(.text, [0xFF])
            }
        try connection.write(clientFrame(.text, Array("hello".utf8)) + ending)
        var decoder = WebSocketFrameDecoder(expectedMasking: .unmasked)
        decoder.append(try connection.readToEnd())
        var frames: [WebSocketFrame] = []
        while let frame = try decoder.nextFrame() { frames.append(frame) }
        #expect(frames.map(\.opcode) == [.text, .connectionClose])
        #expect(frames.first?.payload == Array("hello".utf8))
        #expect(frames.last.map { Array($0.payload.prefix(2)) } == [UInt8(code >> 8), UInt8(code & 0xFF)])
    }

    /// A loopback port bound by a socket that does not listen, and the socket: while it is
    /// open no other server can take the port, and a connection there is refused.
    private static func refusingPort() throws -> (Int32, Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        try #require(bound, "bind: \(errno)")
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test("connection errors are clear: refused, unknown path, bad URL, timeout", arguments: [false, true])
    func connectErrors(colocated: Bool) async throws {
        let (server, _) = try startEcho(colocated: colocated)
        let port = server.port
        await #expect(throws: WebSocketClientError.handshakeFailed("the server answered 404 Not Found")) {
            try await WebSocketClient.connect(to: "ws://127.0.0.1:\(port)/nowhere")
        }
        await #expect(throws: WebSocketClientError.invalidURL("http://x")) {
            try await WebSocketClient.connect(to: "http://x")
        }
        server.stop()
        // The stopped server's port could be taken by another test's server meanwhile (the
        // suites run in parallel): a port held bound but not listening is refused for sure.
        let (held, refusing) = try Self.refusingPort()
        defer { close(held) }
        do {
            _ = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(refusing)/echo", timeout: .seconds(1))
            Issue.record("connected to a port nobody listens on")
        } catch let error as WebSocketClientError {
            guard case .connectionFailed(let socketError) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(socketError.call == "connect")
            #expect(socketError.description.contains("refused"))
        }
    }

    @Test("a peer that never answers our close frame is dropped after the close timeout", arguments: [false, true])
    func unansweredClose(colocated: Bool) throws {
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(closeTimeout: .milliseconds(200), colocated: colocated), handler: EchoHandler()
        )
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        defer { connection.close() }
        try connection.write(clientFrame(.text, Array("close-me".utf8)))
        let start = ContinuousClock.now
        // We read the close frame but never answer it; the server must end the stream.
        #expect(try connection.readCloseCode(milliseconds: 3000) == 1008)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test(
        "a peer that stops reading is closed with 1008 at the outgoing limit; others keep their echoes",
        arguments: [false, true])
    func stalledPeer(colocated: Bool) async throws {
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(outgoingLimit: 256 << 10, closeTimeout: .seconds(60), colocated: colocated),
            handler: EchoHandler())
        defer { server.stop() }
        let stalled = try RawConnection.webSocket(port: server.port)
        defer { stalled.close() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo")
        let chunk = [UInt8](repeating: 0x41, count: 60_000)
        for round in 0..<400 {
            // The stalled peer sends but never reads, so its echoes pile up on the server.
            try stalled.write(clientFrame(.binary, chunk))
            try client.send(text: "ping \(round)")
            #expect(try await client.receive(timeout: .seconds(2)) == .text("ping \(round)"))
        }
        // Once it reads again: what the socket had taken, then the close frame.
        let code = try await offPool { try stalled.readCloseCode(milliseconds: 20000) }
        #expect(code == 1008, "the stalled peer was never closed")
        await client.close()
    }

    @Test("a plain GET gets its response and the connection closes", arguments: [false, true])
    func plainHTTP(colocated: Bool) throws {
        let (server, _) = try startEcho(colocated: colocated)
        defer { server.stop() }
        let connection = try RawConnection.connect(port: server.port)
        defer { connection.close() }
        try connection.write(Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let text = String(decoding: try connection.readToEnd(), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.hasSuffix("\r\n\r\nhello"))
    }
}
