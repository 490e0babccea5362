import Glibc
import Testing

@testable import Transport

/// `Socket.preferDelayedAcknowledgements`: a client's ACKs ride on what it sends next
/// instead of leaving as bare segments (docs/performance.md, "Decisions and why").
@Suite("Delayed acknowledgements")
struct DelayedAcknowledgementTests {
    @Test("a client's handshake ACK rides on its first bytes: the server accepts it only then")
    func handshakeAcknowledgementRidesOnTheRequest() async throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let client = try Socket.connect(host: "127.0.0.1", port: try listener.localPort(), timeoutMilliseconds: 2000)
        defer { client.close() }
        // Connected on the client's side; the server's side waits for the client's ACK,
        // which Linux holds back for up to 200 ms when nothing is sent.
        #expect(try listener.accept() == nil)

        _ = try [UInt8]("GET".utf8).withUnsafeBytes { try client.write($0) }
        let peer = try #require(try await listener.acceptWithinASecond())
        defer { peer.close() }
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try buffer.withUnsafeMutableBytes { try peer.read(into: $0) } == .bytes(3))
    }

    @Test("after its WebSocket handshake a client stops acknowledging each segment at once")
    func quickAcknowledgementsOffAfterTheHandshake() async throws {
        let server = try WebSocketServer.start(WebSocketServerConfiguration(), handler: EchoHandler())
        defer { server.stop() }
        let core = try await WebSocketClientCore.open(
            WebSocketURL(host: "127.0.0.1", port: server.port, path: "/echo"),
            deadline: ContinuousClock.now.advanced(by: .seconds(2)), maximumMessageSize: 1 << 20,
            outgoingLimit: 1 << 20)
        defer { core.stop() }
        // Linux reads TCP_QUICKACK back as 0 while acknowledgements may be delayed.
        var quick: Int32 = -1
        var size = socklen_t(4)
        #expect(getsockopt(core.socket.fileDescriptor, Int32(IPPROTO_TCP), TCP_QUICKACK, &quick, &size) == 0)
        #expect(quick == 0)
    }
}
