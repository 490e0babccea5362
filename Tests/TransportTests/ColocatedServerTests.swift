import Synchronization
import Testing
import Transport

/// Echoes, noting for each message whether it was handled on the server's own thread or
/// inside a task (a client's, running the turn while it waits).
private final class ThreadNotingHandler: WebSocketServerHandler {
    let onServerThread = Mutex(0)
    let elsewhere = Mutex(0)

    func route(_ request: HTTPRequest) -> WebSocketServerRoute { .upgrade }

    func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext) {}

    func received(_ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext) {
        let isServerThread = withUnsafeCurrentTask { $0 == nil }
        if isServerThread {
            onServerThread.withLock { $0 += 1 }
        } else {
            elsewhere.withLock { $0 += 1 }
        }
        server.send(message, to: connection)
    }

    func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {
        closed.withLock { $0 += 1 }
    }
    let closed = Mutex(0)
}

/// Sends every message to every other connection, as the simulator sends a snapshot to
/// the displays when the register changes.
private final class RelayHandler: WebSocketServerHandler {
    private let connections = Mutex<[WebSocketConnectionID]>([])

    func route(_ request: HTTPRequest) -> WebSocketServerRoute { .upgrade }

    func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext) {
        connections.withLock { $0.append(connection) }
    }

    func received(_ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext) {
        for other in connections.withLock({ $0 }) where other != connection { server.send(message, to: other) }
    }

    func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {
        connections.withLock { $0.removeAll { $0 == connection } }
    }
}

@Suite("A colocated server")
struct ColocatedServerTests {
    private func exchange(colocated: Bool, count: Int) async throws -> ThreadNotingHandler {
        let handler = ThreadNotingHandler()
        let server = try WebSocketServer.start(WebSocketServerConfiguration(colocated: colocated), handler: handler)
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/", timeout: .seconds(5))
        for index in 0..<count {
            try client.send(text: "m\(index)")
            #expect(try await client.receive(timeout: .seconds(5)) == .text("m\(index)"))
        }
        await client.close()
        return handler
    }

    @Test("its turns run on the waiting client's thread, not only on the server's")
    func clientRunsTurns() async throws {
        let handler = try await exchange(colocated: true, count: 50)
        #expect(handler.elsewhere.withLock { $0 } >= 1)
        #expect(handler.elsewhere.withLock { $0 } + handler.onServerThread.withLock { $0 } == 50)
    }

    @Test("a server with a thread of its own handles everything there")
    func dedicatedThread() async throws {
        let handler = try await exchange(colocated: false, count: 20)
        #expect(handler.onServerThread.withLock { $0 } == 20)
        #expect(handler.elsewhere.withLock { $0 } == 0)
    }

    @Test("two colocated servers on different ports each serve their own clients")
    func twoServers() async throws {
        let first = try WebSocketServer.start(WebSocketServerConfiguration(colocated: true), handler: EchoHandler())
        let second = try WebSocketServer.start(WebSocketServerConfiguration(colocated: true), handler: EchoHandler())
        defer {
            first.stop()
            second.stop()
        }
        let a = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(first.port)/echo")
        let b = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(second.port)/echo")
        for index in 0..<20 {
            try a.send(text: "a\(index)")
            try b.send(text: "b\(index)")
            #expect(try await b.receive(timeout: .seconds(5)) == .text("b\(index)"))
            #expect(try await a.receive(timeout: .seconds(5)) == .text("a\(index)"))
        }
        await a.close()
        await b.close()
    }

    @Test("stopping it closes its clients with 1001 and frees the port for a new server")
    func stop() async throws {
        let server = try WebSocketServer.start(WebSocketServerConfiguration(colocated: true), handler: EchoHandler())
        let port = server.port
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(port)/echo")
        server.stop()
        await #expect(throws: WebSocketClientError.closed(code: 1001, reason: "server stopping")) {
            try await client.receive(timeout: .seconds(5))
        }
        let again = try WebSocketServer.start(
            WebSocketServerConfiguration(port: port, colocated: true), handler: EchoHandler())
        defer { again.stop() }
        let next = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(port)/echo")
        try next.send(text: "hello")
        #expect(try await next.receive(timeout: .seconds(5)) == .text("hello"))
        await next.close()
    }

    @Test("a client that closes without waiting hands its close frame to the server at once")
    func closeWithoutWaiting() async throws {
        let handler = ThreadNotingHandler()
        let server = try WebSocketServer.start(WebSocketServerConfiguration(colocated: true), handler: handler)
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/", timeout: .seconds(5))
        try client.send(text: "one")
        #expect(try await client.receive(timeout: .seconds(5)) == .text("one"))
        await client.close(timeout: .zero)
        // The server took the close inside `close`: it has forgotten the connection, so
        // nothing more (a display's next update) is written to a socket being closed.
        #expect(handler.closed.withLock { $0 } == 1)
        #expect(client.endReason != nil)
    }

    @Test("a drain sees what every turn wrote, also a turn the backstop ran while nobody waited")
    func drainsSeeEveryTurn() async throws {
        let server = try WebSocketServer.start(WebSocketServerConfiguration(colocated: true), handler: RelayHandler())
        defer { server.stop() }
        let display = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/", timeout: .seconds(5))
        let register = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/", timeout: .seconds(5))
        for index in 0..<50 {
            // Drains skip the read while no turn has begun since one found the socket empty.
            #expect(try display.receiveAvailable().isEmpty)
            #expect(try display.receiveAvailable().isEmpty)
            // A send runs no turn: the backstop thread relays it within a millisecond or so.
            try register.send(text: "m\(index)")
            // Bounded by count and time; a read always follows the last sleep, so a test
            // thread that other tests kept busy past the limit still looks once more.
            var received: [WebSocketMessage] = []
            let deadline = ContinuousClock.now + .seconds(5)
            for _ in 0..<10_000 {
                received = try display.receiveAvailable()
                guard received.isEmpty, ContinuousClock.now < deadline else { break }
                try await Task.sleep(for: .microseconds(200))
            }
            #expect(received == [.text("m\(index)")], "message \(index)")
        }
        await display.close()
        await register.close()
    }
}
