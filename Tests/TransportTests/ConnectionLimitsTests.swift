import Synchronization
import TestSupport
import Testing
import Transport

/// The server's limits under load (docs/transport.md, "Limits under load"): the request
/// head's deadline, a full table giving up its least useful connection, and a peer that
/// does not read being failed with 1008.
@Suite("Connection limits")
struct ConnectionLimitsTests {
    @Test("a request head that does not arrive in time gets 408 and the connection ends", arguments: [false, true])
    func requestHeadDeadline(colocated: Bool) throws {
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(requestTimeout: .milliseconds(300), colocated: colocated),
            handler: EchoHandler())
        defer { server.stop() }
        let silent = try RawConnection.connectIdle(port: server.port)
        defer { silent.close() }
        let partial = try RawConnection.connectIdle(port: server.port)
        defer { partial.close() }
        try partial.write(Array("GET /hello HTTP/1.1\r\nHost: x\r\n".utf8))
        let start = ContinuousClock.now
        for connection in [silent, partial] {
            let text = String(decoding: try connection.readToEnd(milliseconds: 3000), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "got \(text.debugDescription)")
        }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(200), "answered after \(elapsed), before the deadline")
        #expect(elapsed < .milliseconds(2500), "the stream ended only after \(elapsed)")
    }

    @Test("a full table closes its oldest idle connection (408) for a newcomer, not an open WebSocket")
    func fullTableClosesOldestIdle() async throws {
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(maximumConnections: 3), handler: EchoHandler())
        defer { server.stop() }
        let webSocket = try RawConnection.webSocket(port: server.port)
        defer { webSocket.close() }
        let oldest = try RawConnection.connectIdle(port: server.port)
        defer { oldest.close() }
        let younger = try RawConnection.connectIdle(port: server.port)
        defer { younger.close() }

        let newcomer = try RawConnection.connect(port: server.port)
        defer { newcomer.close() }
        try newcomer.write(Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let answer = String(decoding: try newcomer.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "newcomer got \(answer.debugDescription)")

        let evicted = String(decoding: try oldest.readToEnd(milliseconds: 2000), as: UTF8.self)
        #expect(evicted.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "oldest got \(evicted.debugDescription)")
        #expect(try !younger.socket.wait(forWriting: false, timeoutMilliseconds: 200), "the younger one was touched")
        try webSocket.write(clientFrame(.text, Array("still here".utf8)))
        let echo = try webSocket.readUntil(milliseconds: 2000) { $0.count >= 12 }
        #expect(echo == [0x81, 10] + Array("still here".utf8))
    }

    @Test("a table full of WebSockets closes the one heard from least recently, with 1008")
    func fullTableClosesLeastRecentlyHeard() throws {
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(maximumConnections: 2), handler: EchoHandler())
        defer { server.stop() }
        let first = try RawConnection.webSocket(port: server.port)
        defer { first.close() }
        let second = try RawConnection.webSocket(port: server.port)
        defer { second.close() }
        // The first is the older but speaks last: the second is the one heard from least recently.
        try first.write(clientFrame(.text, Array("hi".utf8)))
        #expect(try first.readUntil(milliseconds: 2000) { $0.count >= 4 } == [0x81, 2] + Array("hi".utf8))

        let newcomer = try RawConnection.connect(port: server.port)
        defer { newcomer.close() }
        try newcomer.write(Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(String(decoding: try newcomer.readToEnd(), as: UTF8.self).hasSuffix("hello"))
        #expect(try second.readCloseCode(milliseconds: 2000) == 1008)
        try first.write(clientFrame(.text, Array("hi".utf8)))
        #expect(try first.readUntil(milliseconds: 2000) { $0.count >= 4 } == [0x81, 2] + Array("hi".utf8))
    }

    @Test("a display whose queue passes the outgoing limit is closed with 1008; it reads whole frames, then the close")
    func displayOverTheOutgoingLimit() async throws {
        let feed = DisplayFeed()
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(
                outgoingLimit: 1 << 20, stallTimeout: .seconds(60), closeTimeout: .seconds(60)),
            handler: feed)
        defer { server.stop() }
        let ending = try await feed.stallDisplay(port: server.port)
        #expect(ending.closeCode == 1008, "display saw \(ending)")
        #expect(ending.closeReason.contains("does not read"), "display saw \(ending)")
        #expect(ending.wholeMessages > 0 && ending.wholeMessages < DisplayFeed.messages, "display saw \(ending)")
        #expect(ending.unexpected == 0, "display saw \(ending)")
    }

    @Test("a display that takes none of its bytes for the stall timeout is closed with 1008", arguments: [false, true])
    func displayPastTheStallTimeout(colocated: Bool) async throws {
        let feed = DisplayFeed()
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(
                outgoingLimit: 64 << 20, stallTimeout: .milliseconds(300), closeTimeout: .seconds(60),
                colocated: colocated),
            handler: feed)
        defer { server.stop() }
        let ending = try await feed.stallDisplay(port: server.port)
        #expect(ending.closeCode == 1008, "display saw \(ending)")
        #expect(ending.closeReason.hasPrefix("not reading"), "display saw \(ending)")
        #expect(ending.wholeMessages > 0 && ending.wholeMessages < DisplayFeed.messages, "display saw \(ending)")
        #expect(ending.unexpected == 0, "display saw \(ending)")
    }
}

/// A feed: every binary message a `/register` connection sends goes to every `/display`.
private final class DisplayFeed: WebSocketServerHandler {
    static let messages = 128
    static let messageSize = 64 << 10
    private let displays = Mutex<[WebSocketConnectionID]>([])
    let closed = Mutex(0)

    func route(_ request: HTTPRequest) -> WebSocketServerRoute {
        ["/display", "/register"].contains(request.path) ? .upgrade : .respond(.text(.notFound, "not found"))
    }

    func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext) {
        if request.path == "/display" { displays.withLock { $0.append(connection) } }
    }

    func received(_ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext) {
        for display in displays.withLock({ $0 }) { server.send(message, to: display) }
    }

    func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {
        displays.withLock { $0.removeAll { $0 == connection } }
        closed.withLock { $0 += 1 }
    }

    /// What a display that stopped reading finds once it reads again.
    struct Ending: CustomStringConvertible {
        var wholeMessages = 0
        /// Frames that are not the next message, whole and in order.
        var unexpected = 0
        var closeCode: UInt16?
        var closeReason = ""
        var description: String {
            "\(wholeMessages) messages (\(unexpected) unexpected), close \(String(describing: closeCode)) \(closeReason)"
        }
    }

    /// Opens a display that does not read, sends it 8 MiB (more than the kernel's buffers
    /// hold), waits (≤ 20 s) until the server closes it for the handler, then reads it all.
    func stallDisplay(port: UInt16) async throws -> Ending {
        let display = try RawConnection.webSocket(port: port, path: "/display")
        defer { display.close() }
        let register = try RawConnection.webSocket(port: port, path: "/register")
        defer { register.close() }
        for index in 0..<Self.messages {
            try register.write(clientFrame(.binary, [UInt8](repeating: UInt8(index & 0xFF), count: Self.messageSize)))
        }
        for _ in 0..<200 where closed.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(100)) }
        #expect(closed.withLock { $0 } == 1, "the display was not closed")
        return try await offPool { try Self.readToEnd(display) }
    }

    private static func readToEnd(_ display: RawConnection) throws -> Ending {
        var decoder = WebSocketFrameDecoder(expectedMasking: .unmasked)
        var ending = Ending()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = ContinuousClock.now + .seconds(30)
        reading: while ContinuousClock.now < deadline {
            guard try display.socket.wait(forWriting: false, timeoutMilliseconds: 100) else { continue }
            switch try chunk.withUnsafeMutableBytes({ try display.socket.read(into: $0) }) {
            case .wouldBlock: continue
            case .endOfStream: break reading
            case .bytes(let count): decoder.append(chunk[0..<count])
            }
            while let frame = try decoder.nextFrame() {
                if frame.opcode == .connectionClose, frame.payload.count >= 2 {
                    ending.closeCode = UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1])
                    ending.closeReason = String(decoding: frame.payload[2...], as: UTF8.self)
                    break reading
                }
                let expected = UInt8(ending.wholeMessages & 0xFF)
                if frame.opcode == .binary, frame.payload.count == messageSize, frame.payload.first == expected {
                    ending.wholeMessages += 1
                } else {
                    ending.unexpected += 1
                }
            }
        }
        return ending
    }
}
