import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
import Transport

/// A handler that answers on another thread, through the server's outbox: `burst N`
/// is answered with the texts `1` … `N`, sent one by one from a background queue; `hold`
/// keeps the outbox and the connection for the test, and is answered `held` at once.
private final class RelayHandler: WebSocketServerHandler {
    let held = Mutex<(outbox: WebSocketServerOutbox, connection: WebSocketConnectionID)?>(nil)
    let closed = Mutex<[WebSocketConnectionID]>([])

    func route(_ request: HTTPRequest) -> WebSocketServerRoute {
        request.path == "/relay" ? .upgrade : .respond(.text(.notFound, "not found"))
    }

    func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext) {}

    func received(_ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext) {
        guard case .text(let text) = message else { return }
        if text == "hold" {
            held.withLock { $0 = (server.outbox, connection) }
            server.send(text: "held", to: connection)
        } else if text.hasPrefix("burst "), let count = Int(text.dropFirst(6)) {
            let outbox = server.outbox
            // A thread of its own: a pool busy with other tests must not delay the sends.
            Thread.detachNewThread {
                for number in 1...max(count, 1) { outbox.send(text: String(number), to: connection) }
            }
        }
    }

    func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {
        closed.withLock { $0.append(connection) }
    }
}

@Suite("Sending from another thread through the outbox")
struct OutboxTests {
    @Test(
        "sends made on another thread arrive in order, each without waiting for other traffic",
        arguments: [false, true])
    func ordered(colocated: Bool) async throws {
        // The server sleeps in poll for 30 s: only the outbox's wake-up answers sooner.
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(colocated: colocated, pollInterval: .seconds(30)), handler: RelayHandler())
        defer { server.stop() }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/relay", timeout: .seconds(2))
        try client.send(text: "burst 300")
        for number in 1...300 {
            let message = try await client.receive(timeout: .seconds(2))
            #expect(message == .text(String(number)))
            guard message == .text(String(number)) else { break }
        }
        // The background send comes once the server has handled `burst 1` and gone back
        // to its poll: it wakes the server, long before the poll's 30 s are up.
        for _ in 0..<5 {
            try client.send(text: "burst 1")
            #expect(try await client.receive(timeout: .seconds(15)) == .text("1"), "the send waited for the poll")
        }
        await client.close()
    }

    @Test("a send to a connection that closed, or after the server stopped, is ignored", arguments: [false, true])
    func closedConnection(colocated: Bool) async throws {
        let handler = RelayHandler()
        let server = try WebSocketServer.start(WebSocketServerConfiguration(colocated: colocated), handler: handler)
        defer { server.stop() }
        let url = "ws://127.0.0.1:\(server.port)/relay"
        let first = try await WebSocketClient.connect(to: url, timeout: .seconds(2))
        #expect(try await first.request("hold") == .text("held"))
        let (outbox, gone) = try #require(handler.held.withLock { $0 })
        await first.close()
        let deadline = ContinuousClock.now + .seconds(2)
        while handler.closed.withLock({ !$0.contains(gone) }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(handler.closed.withLock { $0 == [gone] })
        outbox.send(text: "to nobody", to: gone)

        let second = try await WebSocketClient.connect(to: url, timeout: .seconds(2))
        try second.send(text: "burst 2")
        #expect(try await second.receive(timeout: .seconds(2)) == .text("1"))
        #expect(try await second.receive(timeout: .seconds(2)) == .text("2"))
        #expect(try await second.receive(timeout: .milliseconds(100)) == nil)
        #expect(handler.closed.withLock { $0 == [gone] })
        await second.close()
        server.stop()
        outbox.send(text: "after the stop", to: gone)
    }
}

extension WebSocketClient {
    fileprivate func request(_ text: String) async throws -> WebSocketMessage? {
        try send(text: text)
        return try await receive(timeout: .seconds(2))
    }
}
