import Testing

@testable import Transport

@Suite("WebSocket frame decoder")
struct WebSocketFrameDecoderTests {
    private func decodeAll(_ bytes: [UInt8], masking: WebSocketFrameDecoder.ExpectedMasking = .unmasked)
        throws(WebSocketProtocolError) -> [WebSocketFrame]
    {
        var decoder = WebSocketFrameDecoder(expectedMasking: masking)
        decoder.append(bytes)
        var frames: [WebSocketFrame] = []
        while let frame = try decoder.nextFrame() { frames.append(frame) }
        return frames
    }

    private func error(_ bytes: [UInt8], masking: WebSocketFrameDecoder.ExpectedMasking = .masked)
        -> WebSocketProtocolError?
    {
        do {
            _ = try decodeAll(bytes, masking: masking)
            return nil
        } catch {
            return error
        }
    }

    @Test("RFC 6455 §5.7: an unmasked 'Hello'")
    func unmaskedHello() throws {
        let frames = try decodeAll([0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
        #expect(frames == [WebSocketFrame(opcode: .text, payload: Array("Hello".utf8))])
    }

    @Test("RFC 6455 §5.7: a masked 'Hello' is unmasked")
    func maskedHello() throws {
        let frames = try decodeAll(
            [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58], masking: .masked)
        #expect(frames.count == 1)
        #expect(frames.first?.payload == Array("Hello".utf8))
        #expect(frames.first?.maskKey == [0x37, 0xFA, 0x21, 0x3D])
        // And our encoder produces the same bytes for the same key.
        #expect(
            WebSocketFrame(opcode: .text, maskKey: [0x37, 0xFA, 0x21, 0x3D], payload: Array("Hello".utf8)).encoded()
                == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
    }

    @Test("RFC 6455 §5.7: a fragmented 'Hel' + 'lo'")
    func fragmented() throws {
        let frames = try decodeAll([0x01, 0x03, 0x48, 0x65, 0x6C, 0x80, 0x02, 0x6C, 0x6F])
        #expect(frames.map(\.fin) == [false, true])
        #expect(frames.map(\.opcode) == [.text, .continuation])
    }

    @Test("16-bit and 64-bit lengths")
    func extendedLengths() throws {
        let medium = [UInt8](repeating: 7, count: 256)
        #expect(try decodeAll([0x82, 0x7E, 0x01, 0x00] + medium).first?.payload == medium)
        let large = [UInt8](repeating: 9, count: 65536)
        #expect(
            try decodeAll([0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0] + large).first?.payload.count == 65536)
    }

    @Test("byte by byte: insufficient data until the last byte, in explicit states")
    func byteByByte() throws {
        let bytes: [UInt8] = [0x82, 0x7E, 0x00, 0x03, 1, 2, 3]
        var decoder = WebSocketFrameDecoder(expectedMasking: .unmasked)
        var frames: [WebSocketFrame] = []
        for byte in bytes {
            decoder.append([byte])
            while true {
                let step = try decoder.parseStep()
                if step == .insufficientData { break }
                if case .result(let frame) = step { frames.append(frame) }
            }
        }
        #expect(frames == [WebSocketFrame(opcode: .binary, payload: [1, 2, 3])])
        #expect(decoder.state == .header)
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test("a header announcing 2^62 bytes is 1009 at once, without waiting for or allocating the payload")
    func hugeLength() {
        let header: [UInt8] = [0x82, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]
        #expect(error(header)?.code == .messageTooLarge)
    }

    @Test("a 16-bit length just over the limit is 1009; the limit itself is fine")
    func limitBoundary() throws {
        var decoder = WebSocketFrameDecoder(expectedMasking: .unmasked, maximumFrameSize: 1000)
        decoder.append([0x82, 0x7E, 0x03, 0xE9])  // 1001
        #expect(throws: WebSocketProtocolError.self) { try decoder.nextFrame() }
        var atLimit = WebSocketFrameDecoder(expectedMasking: .unmasked, maximumFrameSize: 1000)
        atLimit.append([0x82, 0x7E, 0x03, 0xE8] + [UInt8](repeating: 0, count: 1000))
        #expect(try atLimit.nextFrame()?.payload.count == 1000)
    }

    @Test("1 MiB + 1 in a 64-bit length is 1009")
    func overOneMiB() {
        let length = (1 << 20) + 1
        let bytes: [UInt8] = [0x82, 0xFF, 0, 0, 0, 0, 0, UInt8(length >> 16), UInt8(length >> 8 & 0xFF), 1, 0, 0, 0, 0]
        #expect(error(bytes)?.code == .messageTooLarge)
    }

    @Test("the 64-bit length's top bit is 1002")
    func topBit() {
        #expect(error([0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0])?.code == .protocolError)
    }

    @Test("an unmasked client frame is 1002; a masked server frame is 1002")
    func maskingRules() {
        #expect(error([0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F], masking: .masked)?.code == .protocolError)
        #expect(error([0x81, 0x81, 1, 2, 3, 4, 0x41], masking: .unmasked)?.code == .protocolError)
    }

    @Test("reserved bits and opcodes are 1002", arguments: [0xC1, 0xA1, 0x91, 0x83, 0x87, 0x8B, 0x8F] as [UInt8])
    func reserved(first: UInt8) {
        #expect(error([first, 0x80, 1, 2, 3, 4])?.code == .protocolError)
    }

    @Test("fragmented or long control frames are 1002")
    func controlFrames() {
        #expect(error([0x09, 0x80, 1, 2, 3, 4])?.code == .protocolError)  // ping without FIN
        #expect(error([0x88, 0xFE, 0x00, 0x7E])?.code == .protocolError)  // close of 126 bytes
        #expect(error([0x89, 0xFE, 0x00, 0x7E])?.code == .protocolError)
    }
}
