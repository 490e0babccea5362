/// Decodes WebSocket frames from a byte stream, as an explicit incremental state machine.
///
/// Bytes are appended as they arrive; `parseStep` advances one state at a time. Every
/// limit is checked as soon as the value it limits is known: the reserved bits, opcode,
/// masking and the control-frame rules after the first two bytes, and the frame size
/// right after the length, before any payload is buffered or allocated.
public struct WebSocketFrameDecoder: Sendable {
    /// The largest frame payload accepted by default (1 MiB).
    public static let defaultMaximumFrameSize = 1 << 20

    /// Whether frames from the peer must be masked (a server decoding a client) or must
    /// not be (a client decoding a server).
    public enum ExpectedMasking: Sendable {
        case masked
        case unmasked
    }

    /// Where the decoder is within the current frame.
    enum DecoderState: Sendable, Equatable {
        /// Waiting for the two fixed header bytes.
        case header
        /// Waiting for the 2- or 8-byte extended length.
        case extendedLength(FrameHeader, lengthBytes: Int)
        /// Waiting for the 4-byte masking key.
        case maskingKey(FrameHeader, length: Int)
        /// Waiting for `length` payload bytes.
        case payload(FrameHeader, length: Int, maskKey: [UInt8]?)
    }

    /// The fields of the first two header bytes.
    struct FrameHeader: Sendable, Equatable {
        var fin: Bool
        var rsv1: Bool
        var rsv2: Bool
        var rsv3: Bool
        var opcode: WebSocketOpcode
        var masked: Bool
    }

    /// What one step produced.
    public enum ParseResult: Sendable, Equatable {
        /// More bytes are needed before anything else can happen.
        case insufficientData
        /// A state was completed; call `parseStep` again.
        case continueParsing
        /// A whole frame.
        case result(WebSocketFrame)
    }

    public let expectedMasking: ExpectedMasking
    public let maximumFrameSize: Int
    private(set) var state = DecoderState.header
    private var buffer: [UInt8] = []
    private var readIndex = 0

    public init(expectedMasking: ExpectedMasking, maximumFrameSize: Int = WebSocketFrameDecoder.defaultMaximumFrameSize)
    {
        self.expectedMasking = expectedMasking
        self.maximumFrameSize = maximumFrameSize
    }

    /// Bytes received and not yet consumed by a frame.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// Appends received bytes.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if readIndex > 0, readIndex >= buffer.count / 2 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Appends received bytes from raw memory.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        append(bytes.bindMemory(to: UInt8.self))
    }

    /// The next whole frame, or `nil` when more bytes are needed.
    public mutating func nextFrame() throws(WebSocketProtocolError) -> WebSocketFrame? {
        while true {
            switch try parseStep() {
            case .insufficientData: return nil
            case .continueParsing: continue
            case .result(let frame): return frame
            }
        }
    }

    /// Advances the state machine by one state.
    public mutating func parseStep() throws(WebSocketProtocolError) -> ParseResult {
        let available = buffer.count - readIndex
        switch state {
        case .header:
            guard available >= 2 else { return .insufficientData }
            let first = buffer[readIndex]
            let second = buffer[readIndex + 1]
            readIndex += 2
            let header = try validatedHeader(first: first, second: second)
            let shortLength = Int(second & 0x7F)
            switch shortLength {
            case 126: state = .extendedLength(header, lengthBytes: 2)
            case 127: state = .extendedLength(header, lengthBytes: 8)
            default: try enterMaskOrPayload(header, length: shortLength)
            }
            return .continueParsing

        case .extendedLength(let header, let lengthBytes):
            guard available >= lengthBytes else { return .insufficientData }
            var length: UInt64 = 0
            for offset in 0..<lengthBytes {
                length = length << 8 | UInt64(buffer[readIndex + offset])
            }
            readIndex += lengthBytes
            if lengthBytes == 8, length >> 63 != 0 {
                throw WebSocketProtocolError(.protocolError, "the most significant bit of a 64-bit length must be 0")
            }
            guard length <= UInt64(maximumFrameSize) else {
                throw WebSocketProtocolError(
                    .messageTooLarge, "a frame of \(length) bytes is over the limit of \(maximumFrameSize)")
            }
            try enterMaskOrPayload(header, length: Int(length))
            return .continueParsing

        case .maskingKey(let header, let length):
            guard available >= 4 else { return .insufficientData }
            let key = Array(buffer[readIndex..<readIndex + 4])
            readIndex += 4
            state = .payload(header, length: length, maskKey: key)
            return .continueParsing

        case .payload(let header, let length, let maskKey):
            guard available >= length else { return .insufficientData }
            var payload = Array(buffer[readIndex..<readIndex + length])
            readIndex += length
            if let maskKey { WebSocketFrame.applyMask(maskKey, to: &payload, from: 0) }
            state = .header
            if readIndex == buffer.count {
                buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
                readIndex = 0
            }
            return .result(
                WebSocketFrame(
                    fin: header.fin, rsv1: header.rsv1, rsv2: header.rsv2, rsv3: header.rsv3,
                    opcode: header.opcode, maskKey: maskKey, payload: payload))
        }
    }

    private func validatedHeader(first: UInt8, second: UInt8) throws(WebSocketProtocolError) -> FrameHeader {
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw WebSocketProtocolError(.protocolError, "invalid opcode")
        }
        let header = FrameHeader(
            fin: first & 0x80 != 0, rsv1: first & 0x40 != 0, rsv2: first & 0x20 != 0, rsv3: first & 0x10 != 0,
            opcode: opcode, masked: second & 0x80 != 0)
        // No extension is negotiated, so every reserved bit must be clear.
        if header.rsv1 || header.rsv2 || header.rsv3 {
            throw WebSocketProtocolError(.protocolError, "reserved bits set without a negotiated extension")
        }
        if opcode.isReserved {
            throw WebSocketProtocolError(.protocolError, "reserved opcode \(opcode)")
        }
        switch (expectedMasking, header.masked) {
        case (.masked, false): throw WebSocketProtocolError(.protocolError, "a client frame must be masked")
        case (.unmasked, true): throw WebSocketProtocolError(.protocolError, "a server frame must not be masked")
        default: break
        }
        if opcode.isControlOpcode {
            guard header.fin else {
                throw WebSocketProtocolError(.protocolError, "a control frame must not be fragmented")
            }
            guard second & 0x7F <= 125 else {
                throw WebSocketProtocolError(.protocolError, "a control frame payload must be at most 125 bytes")
            }
        }
        return header
    }

    private mutating func enterMaskOrPayload(_ header: FrameHeader, length: Int) throws(WebSocketProtocolError) {
        guard length <= maximumFrameSize else {
            throw WebSocketProtocolError(
                .messageTooLarge, "a frame of \(length) bytes is over the limit of \(maximumFrameSize)")
        }
        state = header.masked ? .maskingKey(header, length: length) : .payload(header, length: length, maskKey: nil)
    }
}
