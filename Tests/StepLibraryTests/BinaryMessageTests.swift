import Testing
import Transport

@testable import StepLibrary

/// A register that sends a binary message does not speak protocol.md (its responses and
/// snapshots are text): the step that reads it says so, rather than skipping the message
/// and failing the scenario later for a reason that hides it.
@Suite("Binary messages from a register")
struct BinaryMessageTests {
    /// Answers every message with a binary one.
    final class BinaryHandler: WebSocketServerHandler {
        func route(_ request: HTTPRequest) -> WebSocketServerRoute { .upgrade }
        func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext)
        {}
        func received(
            _ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext
        ) {
            server.send(.binary([1, 2, 3]), to: connection)
        }
        func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {}
    }

    @Test("a binary message is a protocol violation naming the connection and its size")
    func binary() async throws {
        let server = try WebSocketServer.start(WebSocketServerConfiguration(), handler: BinaryHandler())
        defer { server.stop() }
        let channel = try await WebSocketChannel.open("ws://127.0.0.1:\(server.port)/display")
        try await channel.send("hello")
        await #expect {
            _ = try await channel.receive(timeout: .seconds(5))
        } throws: { error in
            "\(error)"
                == "ws://127.0.0.1:\(server.port)/display sent a binary message (3 bytes): protocol.md's responses"
                + " and snapshots are text"
        }
        await channel.close()
    }
}
