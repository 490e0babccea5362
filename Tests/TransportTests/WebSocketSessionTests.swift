import Testing

@testable import Transport

/// Raw bytes in, close codes and frames out, for the server role (client frames masked).
@Suite("WebSocket session (server role)")
struct WebSocketSessionTests {
    private static let key: [UInt8] = [0x11, 0x22, 0x33, 0x44]

    private func masked(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        WebSocketFrame(fin: fin, opcode: opcode, maskKey: Self.key, payload: payload).encoded()
    }

    private func decodeServerFrames(_ bytes: [UInt8]) throws -> [WebSocketFrame] {
        var decoder = WebSocketFrameDecoder(expectedMasking: .unmasked)
        decoder.append(bytes)
        var frames: [WebSocketFrame] = []
        while let frame = try decoder.nextFrame() { frames.append(frame) }
        return frames
    }

    private func closeCode(_ bytes: [UInt8]) throws -> UInt16? {
        guard let frame = try decodeServerFrames(bytes).last, frame.opcode == .connectionClose,
            frame.payload.count >= 2
        else { return nil }
        return UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1])
    }

    @Test("a masked text frame is a message")
    func textMessage() {
        var session = WebSocketSession(role: .server)
        let output = session.receive(masked(.text, Array("héllo".utf8)))
        #expect(output.events == [.message(.text("héllo"))])
        #expect(output.bytesToSend.isEmpty)
        #expect(!output.closeConnection)
    }

    @Test("fragments join, with a ping in between answered at once")
    func fragmentsAndPing() throws {
        var session = WebSocketSession(role: .server)
        let bytes =
            masked(.binary, [1, 2], fin: false) + masked(.ping, [9]) + masked(.continuation, [3], fin: false)
            + masked(.continuation, [4])
        let output = session.receive(bytes)
        #expect(output.events == [.message(.binary([1, 2, 3, 4]))])
        #expect(try decodeServerFrames(output.bytesToSend) == [WebSocketFrame(opcode: .pong, payload: [9])])
    }

    @Test("UTF-8 split across fragments is valid")
    func splitUTF8() {
        var session = WebSocketSession(role: .server)
        let euro = Array("€".utf8)
        let output = session.receive(masked(.text, [euro[0]], fin: false) + masked(.continuation, Array(euro[1...])))
        #expect(output.events == [.message(.text("€"))])
    }

    @Test("invalid UTF-8 is 1007", arguments: [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func invalidUTF8(payload: [UInt8]) throws {
        var session = WebSocketSession(role: .server)
        let output = session.receive(masked(.text, payload))
        #expect(try closeCode(output.bytesToSend) == 1007)
        #expect(output.closeConnection)
    }

    @Test("an unmasked client frame is 1002")
    func unmasked() throws {
        var session = WebSocketSession(role: .server)
        let output = session.receive([0x81, 0x02, 0x68, 0x69])
        #expect(try closeCode(output.bytesToSend) == 1002)
        #expect(output.closeConnection)
        #expect(session.closeState == .closed)
    }

    @Test("a continuation without a start, and a new message inside a fragmented one, are 1002")
    func badFragmentation() throws {
        var first = WebSocketSession(role: .server)
        #expect(try closeCode(first.receive(masked(.continuation, [1])).bytesToSend) == 1002)
        var second = WebSocketSession(role: .server)
        let bytes = masked(.text, [0x61], fin: false) + masked(.text, [0x62])
        #expect(try closeCode(second.receive(bytes).bytesToSend) == 1002)
    }

    @Test("a fragmented ping is 1002")
    func fragmentedControl() throws {
        var session = WebSocketSession(role: .server)
        let bytes = WebSocketFrame(fin: false, opcode: .ping, maskKey: Self.key, payload: [1]).encoded()
        #expect(try closeCode(session.receive(bytes).bytesToSend) == 1002)
    }

    @Test("fragments adding up to over the message limit are 1009 before they are joined")
    func messageTooLarge() throws {
        var session = WebSocketSession(role: .server, maximumFrameSize: 100, maximumMessageSize: 150)
        let bytes =
            masked(.binary, [UInt8](repeating: 1, count: 100), fin: false)
            + masked(.continuation, [UInt8](repeating: 2, count: 51))
        let output = session.receive(bytes)
        #expect(try closeCode(output.bytesToSend) == 1009)
        #expect(
            output.events.contains(
                .failed(WebSocketProtocolError(.messageTooLarge, "a message over the limit of 150 bytes"))))
    }

    @Test("a 2^62-byte frame header is 1009")
    func hugeHeader() throws {
        var session = WebSocketSession(role: .server)
        let output = session.receive([0x82, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4])
        #expect(try closeCode(output.bytesToSend) == 1009)
    }

    @Test("a close frame is echoed with its code and ends the session")
    func closeEcho() throws {
        var session = WebSocketSession(role: .server)
        let output = session.receive(masked(.connectionClose, [0x03, 0xE8] + Array("bye".utf8)))
        #expect(output.events == [.closeReceived(code: 1000, reason: "bye")])
        #expect(try closeCode(output.bytesToSend) == 1000)
        #expect(output.closeConnection)
        // Anything after the close is ignored.
        #expect(session.receive(masked(.text, [0x61])).events.isEmpty)
    }

    @Test("an empty close frame is answered with an empty close frame")
    func emptyClose() throws {
        var session = WebSocketSession(role: .server)
        let output = session.receive(masked(.connectionClose, []))
        #expect(output.events == [.closeReceived(code: nil, reason: "")])
        #expect(try decodeServerFrames(output.bytesToSend) == [WebSocketFrame(opcode: .connectionClose)])
    }

    @Test(
        "invalid close payloads are 1002 (bad code, 1 byte) or 1007 (bad reason)",
        arguments: [
            ([0x03], 1002), ([0x03, 0xED], 1002), ([0x03, 0xEE], 1002), ([0x00, 0x00], 1002), ([0x13, 0x88], 1002),
            ([0x03, 0xE8, 0xFF], 1007),
        ] as [([UInt8], UInt16)])
    func invalidClose(payload: [UInt8], code: UInt16) throws {
        var session = WebSocketSession(role: .server)
        #expect(try closeCode(session.receive(masked(.connectionClose, payload)).bytesToSend) == code)
    }

    @Test("our close, then the peer's reply, closes; data in between is dropped")
    func closeHandshake() throws {
        var session = WebSocketSession(role: .server)
        #expect(try closeCode(session.close(code: .goingAway)) == 1001)
        #expect(session.closeState == .closeSent)
        #expect(session.close().isEmpty)
        let output = session.receive(masked(.text, [0x61]) + masked(.connectionClose, [0x03, 0xE9]))
        #expect(output.events == [.closeReceived(code: 1001, reason: "")])
        #expect(output.bytesToSend.isEmpty)
        #expect(output.closeConnection)
    }

    @Test("the client role masks what it sends and rejects masked frames")
    func clientRole() throws {
        var client = WebSocketSession(role: .client)
        let bytes = client.encode(.text("hi"))
        #expect(bytes[1] & 0x80 != 0)
        var server = WebSocketSession(role: .server)
        #expect(server.receive(bytes).events == [.message(.text("hi"))])
        let output = client.receive(masked(.text, [0x61]))
        #expect(output.closeConnection)
        #expect(output.events.first.map { if case .failed = $0 { true } else { false } } == true)
    }
}
