import Foundation
import Testing
import Transport

/// The client does its I/O on its callers' threads: no thread per connection, a
/// non-blocking `receiveAvailable`, and waits that park on the shared reactor.
@Suite("Client I/O without a thread per connection")
struct ClientIOTests {
    private func startEcho() throws -> WebSocketServer {
        try WebSocketServer.start(WebSocketServerConfiguration(), handler: EchoHandler())
    }

    /// The threads of this process, from /proc.
    private func threadCount() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count
    }

    @Test("150 open connections add no thread per connection")
    func noThreadPerConnection() async throws {
        let server = try startEcho()
        defer { server.stop() }
        // The first connection may start the process's one reactor thread.
        let first = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo")
        try first.send(text: "warm")
        _ = try await first.receive(timeout: .seconds(2))
        // Other suites run meanwhile and start threads of their own (servers, Dispatch
        // workers, the readers of their child processes), so one round can grow by 150
        // without any help from the client. A thread per connection grows every round by
        // at least 150: the smallest growth of three rounds tells the two apart.
        var growths: [Int] = []
        for _ in 0..<3 {
            growths.append(try await threadGrowth(openingConnections: 150, to: server.port))
            if let last = growths.last, last < 150 { break }
        }
        #expect(growths.min() ?? 150 < 150, "threads added per round of 150 connections: \(growths)")
        await first.close()
    }

    /// How many threads this process gains while `count` connections are open and have
    /// each echoed one message.
    private func threadGrowth(openingConnections count: Int, to port: UInt16) async throws -> Int {
        let before = try threadCount()
        var clients: [WebSocketClient] = []
        for _ in 0..<count {
            clients.append(try await WebSocketClient.connect(to: "ws://127.0.0.1:\(port)/echo"))
        }
        for (index, client) in clients.enumerated() {
            try client.send(text: "n\(index)")
            #expect(try await client.receive(timeout: .seconds(2)) == .text("n\(index)"))
        }
        let growth = try threadCount() - before
        for client in clients { await client.close(timeout: .milliseconds(500)) }
        return growth
    }

    @Test("receiveAvailable returns what has arrived, in order, without waiting")
    func receiveAvailable() async throws {
        let server = try startEcho()
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo")
        #expect(try client.receiveAvailable().isEmpty)
        for index in 0..<5 { try client.send(text: "m\(index)") }
        try client.send(text: "last")
        // Wait until the last echo is here, leaving the first five unread in the socket.
        var seen: [WebSocketMessage] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while seen.last != .text("last"), ContinuousClock.now < deadline {
            seen += try client.receiveAvailable()
        }
        #expect(seen == (0..<5).map { .text("m\($0)") } + [.text("last")])
        #expect(try client.receiveAvailable().isEmpty)
        await client.close()
        #expect(throws: WebSocketClientError.closed(code: 1000, reason: "")) { try client.receiveAvailable() }
    }

    @Test("a parked receive comes first: receiveAvailable does not take its message")
    func parkedReceiveFirst() async throws {
        let server = try startEcho()
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo")
        let waiting = Task { try await client.receive(timeout: .seconds(5)) }
        // Long enough for the receive to park on the reactor.
        try await Task.sleep(for: .milliseconds(50))
        try client.send(text: "for the waiter")
        var stolen: [WebSocketMessage] = []
        for _ in 0..<20 {
            stolen += try client.receiveAvailable()
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(stolen.isEmpty)
        #expect(try await waiting.value == .text("for the waiter"))
        await client.close()
    }

    @Test("many receives parked at once on different connections each get their own message or nil")
    func manyParked() async throws {
        let server = try startEcho()
        defer { server.stop() }
        var clients: [WebSocketClient] = []
        for _ in 0..<10 { clients.append(try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo")) }
        let results = try await withThrowingTaskGroup(of: (Int, WebSocketMessage?).self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    (index, try await client.receive(timeout: .milliseconds(index.isMultiple(of: 2) ? 10_000 : 150)))
                }
            }
            try await Task.sleep(for: .milliseconds(30))
            for (index, client) in clients.enumerated() where index.isMultiple(of: 2) {
                try client.send(text: "c\(index)")
            }
            var results: [Int: WebSocketMessage?] = [:]
            for try await (index, message) in group { results[index] = message }
            return results
        }
        for index in 0..<10 {
            let expected: WebSocketMessage? = index.isMultiple(of: 2) ? .text("c\(index)") : nil
            #expect(results[index] == .some(expected), "client \(index)")
        }
        for client in clients { await client.close(timeout: .milliseconds(500)) }
    }
}
