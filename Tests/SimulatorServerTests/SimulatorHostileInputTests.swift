import Foundation
import SimulatorServer
import TestSupport
import Testing
import Transport

/// Every hostile peer gets its close code or error status, and the server keeps serving.
@Suite("Simulator under hostile input")
struct SimulatorHostileInputTests {
    private static let handshake =
        "GET /register HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    private static func masked(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        WebSocketFrame(fin: fin, opcode: opcode, maskKey: [1, 2, 3, 4], payload: payload).encoded()
    }

    /// Sends the handshake plus `frames` and returns the close code the server sent.
    private func closeCode(port: UInt16, after frames: [UInt8]) throws -> UInt16? {
        let response = try rawBytesExchange(port: port, Array(Self.handshake.utf8) + frames)
        guard let headEnd = response.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        var decoder = WebSocketFrameDecoder(expectedMasking: .unmasked)
        decoder.append(response[headEnd.upperBound...])
        while let frame = try decoder.nextFrame() {
            guard frame.opcode == .connectionClose else { continue }
            return frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : nil
        }
        return nil
    }

    private func expectStillServing(_ simulator: RunningSimulator) async throws {
        let health = try rawExchange(port: simulator.port, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(statusCode(health) == 200)
        let register = try await simulator.connect("/register")
        #expect(try await register.request(#"{"id":1,"action":"getState"}"#).hasPrefix(#"{"id":1,"ok":true"#))
        await register.close()
    }

    @Test(
        "protocol violations close with their code",
        arguments: [
            ("a frame announcing 2^62 bytes", [0x82, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4], 1009),
            ("a frame of 1 MiB + 1", [0x82, 0xFF, 0, 0, 0, 0, 0, 0x10, 0, 0x01, 1, 2, 3, 4], 1009),
            ("an unmasked client frame", [0x81, 0x02, 0x68, 0x69], 1002),
            ("a reserved opcode", [0x83, 0x80, 1, 2, 3, 4], 1002),
            ("a reserved bit", [0xC1, 0x80, 1, 2, 3, 4], 1002),
            ("a fragmented ping", masked(.ping, [1], fin: false), 1002),
            ("a 126-byte ping", [0x89, 0xFE, 0x00, 0x7E, 1, 2, 3, 4] + [UInt8](repeating: 0, count: 126), 1002),
            ("invalid UTF-8 text", masked(.text, [0x7B, 0xFF, 0x7D]), 1007),
            ("a continuation with nothing to continue", masked(.continuation, [0x61]), 1002),
            ("a close with an invalid code", masked(.connectionClose, [0x03, 0xED]), 1002),
            ("a normal close", masked(.connectionClose, [0x03, 0xE8]), 1000),
        ] as [(String, [UInt8], UInt16)])
    func violations(name: String, frames: [UInt8], code: UInt16) async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        #expect(try closeCode(port: simulator.port, after: frames) == code, "\(name)")
        try await expectStillServing(simulator)
    }

    @Test("fragmented messages over 1 MiB in total are 1009")
    func fragmentedTooLarge() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let chunk = [UInt8](repeating: 0x61, count: 600_000)
        let frames = Self.masked(.text, chunk, fin: false) + Self.masked(.continuation, chunk)
        #expect(try closeCode(port: simulator.port, after: frames) == 1009)
        try await expectStillServing(simulator)
    }

    @Test("garbage before the handshake is 400; TLS bytes are 400; abrupt disconnects are survived")
    func garbageAndDisconnects() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        #expect(statusCode(try rawExchange(port: simulator.port, [0x16, 0x03, 0x01, 0, 0x10, 13, 10, 13, 10])) == 400)
        #expect(statusCode(try rawExchange(port: simulator.port, "\u{0}\u{1}garbage\r\n" + Self.handshake)) == 400)
        for cut in [1, 10, Self.handshake.utf8.count, Self.handshake.utf8.count + 3] {
            // A peer that vanishes mid-request, mid-handshake or mid-frame.
            let bytes = Array((Self.handshake + "\u{81}\u{85}\u{1}").utf8.prefix(cut))
            let socket = try Socket.connect(host: "127.0.0.1", port: simulator.port, timeoutMilliseconds: 2000)
            try socket.writeAll(bytes, timeoutMilliseconds: 2000)
            socket.close()
        }
        let display = try await simulator.connect("/display")
        let register = try await simulator.connect("/register")
        _ = try await display.nextText()
        // Displays that drop without a close frame are forgotten.
        for _ in 0..<5 {
            let socket = try Socket.connect(host: "127.0.0.1", port: simulator.port, timeoutMilliseconds: 2000)
            try socket.writeAll(
                Array(Self.handshake.replacingOccurrences(of: "/register", with: "/display").utf8),
                timeoutMilliseconds: 2000)
            socket.close()
        }
        _ = try await register.request(addItem(id: 1))
        #expect(try await display.nextText() != nil)
        try await expectStillServing(simulator)
    }

    @Test("a display that stops reading is dropped; the others keep receiving")
    func slowDisplay() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let stalled = try Socket.connect(host: "127.0.0.1", port: simulator.port, timeoutMilliseconds: 2000)
        defer { stalled.close() }
        try stalled.writeAll(
            Array(Self.handshake.replacingOccurrences(of: "/register", with: "/display").utf8),
            timeoutMilliseconds: 2000)
        let display = try await simulator.connect("/display")
        _ = try await display.nextText()
        let register = try await simulator.connect("/register")
        // A long product name makes each snapshot large, so the stalled display's queue
        // (8 MiB) fills fast; changing the quantity makes every snapshot new.
        let longName = String(repeating: "L", count: 40_000)
        var received = 0
        for index in 1...400 {
            let request =
                index == 1
                ? addItem(id: 1, name: longName)
                : #"{"id":\#(index),"action":"setQuantity","name":"\#(longName)","quantity":\#(index)}"#
            _ = try await register.request(request)
            if try await display.nextText() != nil { received += 1 }
        }
        // The stalled display was dropped: after what was already in flight, its stream ends.
        // Read on a thread of its own: the wait may last seconds (see `offPool`).
        let sawEnd = try await offPool {
            var sawEnd = false
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let deadline = ContinuousClock.now + .seconds(10)
            while !sawEnd, ContinuousClock.now < deadline {
                guard try stalled.wait(forWriting: false, timeoutMilliseconds: 100) else { continue }
                let result = try? chunk.withUnsafeMutableBytes { try stalled.read(into: $0) }
                sawEnd = result == .endOfStream || result == nil
            }
            return sawEnd
        }
        #expect(sawEnd)
        #expect(received == 400)
    }
}
