import Testing

@testable import Transport

/// The pure session driven over a real `socketpair`, before any TCP is involved.
@Suite("Sessions over socketpair")
struct SocketPairTests {
    /// Reads everything available within `milliseconds` (bounded).
    private func drain(_ socket: Socket, milliseconds: Int32 = 500, until enough: ([UInt8]) -> Bool) throws -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<1000 where !enough(received) {
            guard try socket.wait(forWriting: false, timeoutMilliseconds: milliseconds) else { break }
            guard case .bytes(let count) = try chunk.withUnsafeMutableBytes({ try socket.read(into: $0) }) else {
                break
            }
            received += chunk[0..<count]
        }
        return received
    }

    @Test("client frames cross the pair and decode as messages; the server's pong comes back")
    func roundTrip() throws {
        let (clientEnd, serverEnd) = try Socket.pair()
        defer {
            clientEnd.close()
            serverEnd.close()
        }
        var client = WebSocketSession(role: .client)
        var server = WebSocketSession(role: .server)
        let outgoing =
            client.encode(.text("über")) + client.encode(WebSocketFrame(opcode: .ping, payload: [42]))
            + client.encode(.binary([UInt8](repeating: 3, count: 70_000)))
        try clientEnd.writeAll(outgoing, timeoutMilliseconds: 1000)

        let arrived = try drain(serverEnd) { $0.count >= outgoing.count }
        #expect(arrived == outgoing)
        let output = server.receive(arrived)
        #expect(
            output.events == [.message(.text("über")), .message(.binary([UInt8](repeating: 3, count: 70_000)))])
        try serverEnd.writeAll(output.bytesToSend, timeoutMilliseconds: 1000)
        let back = try drain(clientEnd) { $0.count >= 3 }
        #expect(client.receive(back).events == [.pong([42])])
    }

    @Test("the close handshake over the pair, then end of stream")
    func closeHandshake() throws {
        let (clientEnd, serverEnd) = try Socket.pair()
        defer {
            clientEnd.close()
            serverEnd.close()
        }
        var client = WebSocketSession(role: .client)
        var server = WebSocketSession(role: .server)
        try clientEnd.writeAll(client.close(code: .goingAway, reason: "done"), timeoutMilliseconds: 1000)
        let request = try drain(serverEnd) { $0.count >= 12 }
        let output = server.receive(request)
        #expect(output.events == [.closeReceived(code: 1001, reason: "done")])
        #expect(output.closeConnection)
        try serverEnd.writeAll(output.bytesToSend, timeoutMilliseconds: 1000)
        serverEnd.shutdownWrite()
        let reply = try drain(clientEnd) { $0.count >= 4 }
        #expect(client.receive(reply).events == [.closeReceived(code: 1001, reason: "")])
        #expect(client.closeState == .closed)
        var byte = [UInt8](repeating: 0, count: 1)
        #expect(try byte.withUnsafeMutableBytes { try clientEnd.read(into: $0) } == .endOfStream)
    }
}
