/// The protocol side of one WebSocket connection, with no I/O: bytes in, events and
/// bytes to send out.
///
/// It joins fragments into messages, validates text as UTF-8, answers pings, runs the
/// close handshake, and turns every protocol violation into a close frame with the
/// matching code. The server and the client both drive their sockets through it.
public struct WebSocketSession: Sendable {
    /// Which end of the connection this is; it decides the masking rules.
    public enum Role: Sendable {
        case server
        case client
    }

    /// The close handshake's progress.
    public enum CloseState: Sendable, Equatable {
        case open
        /// We sent a close frame and wait for the peer's.
        case closeSent
        /// Both close frames were exchanged, or the connection was failed.
        case closed
    }

    /// Something the peer did that the application may care about.
    public enum Event: Sendable, Equatable {
        case message(WebSocketMessage)
        case pong([UInt8])
        /// The peer's close frame arrived (code `nil` when it carried none).
        case closeReceived(code: UInt16?, reason: String)
        /// The peer broke the protocol; we sent a close frame with `error.code`.
        case failed(WebSocketProtocolError)
    }

    /// The outcome of receiving bytes.
    public struct Output: Sendable, Equatable {
        public var events: [Event] = []
        /// Frames to write to the peer, already encoded (pongs, close replies).
        public var bytesToSend: [UInt8] = []
        /// After writing `bytesToSend`, the connection is done and the socket may close.
        public var closeConnection = false
    }

    /// The largest message accepted by default (1 MiB).
    public static let defaultMaximumMessageSize = 1 << 20

    public let role: Role
    public let maximumMessageSize: Int
    public private(set) var closeState = CloseState.open
    private var decoder: WebSocketFrameDecoder
    private var fragments: [UInt8] = []
    private var fragmentedOpcode: WebSocketOpcode?

    public init(
        role: Role,
        maximumFrameSize: Int = WebSocketFrameDecoder.defaultMaximumFrameSize,
        maximumMessageSize: Int = WebSocketSession.defaultMaximumMessageSize
    ) {
        self.role = role
        self.maximumMessageSize = maximumMessageSize
        decoder = WebSocketFrameDecoder(
            expectedMasking: role == .server ? .masked : .unmasked, maximumFrameSize: maximumFrameSize)
    }

    /// Bytes of a frame that has begun to arrive and is not complete yet.
    public var bufferedByteCount: Int { decoder.bufferedByteCount }

    // MARK: Receiving

    /// Feeds received bytes and returns what they caused.
    public mutating func receive<Bytes: Sequence>(_ bytes: Bytes) -> Output where Bytes.Element == UInt8 {
        guard closeState != .closed else { return Output(closeConnection: true) }
        decoder.append(bytes)
        return drainFrames()
    }

    /// Feeds received bytes from raw memory.
    public mutating func receive(_ bytes: UnsafeRawBufferPointer) -> Output {
        receive(bytes.bindMemory(to: UInt8.self))
    }

    private mutating func drainFrames() -> Output {
        var output = Output()
        while closeState != .closed {
            do {
                guard let frame = try decoder.nextFrame() else { break }
                try handle(frame, into: &output)
            } catch {
                fail(with: error, into: &output)
            }
        }
        if closeState == .closed { output.closeConnection = true }
        return output
    }

    private mutating func handle(_ frame: WebSocketFrame, into output: inout Output) throws(WebSocketProtocolError) {
        switch frame.opcode {
        case .ping:
            if closeState == .open {
                output.bytesToSend += encode(WebSocketFrame(opcode: .pong, payload: frame.payload))
            }
        case .pong:
            output.events.append(.pong(frame.payload))
        case .connectionClose:
            try handleClose(frame.payload, into: &output)
        case .continuation:
            guard let opcode = fragmentedOpcode else {
                throw WebSocketProtocolError(.protocolError, "a continuation frame without a message to continue")
            }
            try appendFragment(frame.payload)
            if frame.fin {
                fragmentedOpcode = nil
                let payload = fragments
                fragments = []
                try deliver(opcode, payload, into: &output)
            }
        default:
            guard fragmentedOpcode == nil else {
                throw WebSocketProtocolError(.protocolError, "a new message started before the last one finished")
            }
            if frame.fin {
                try deliver(frame.opcode, frame.payload, into: &output)
            } else {
                fragmentedOpcode = frame.opcode
                try appendFragment(frame.payload)
            }
        }
    }

    private mutating func appendFragment(_ payload: [UInt8]) throws(WebSocketProtocolError) {
        guard payload.count <= maximumMessageSize - fragments.count else {
            throw WebSocketProtocolError(
                .messageTooLarge, "a message over the limit of \(maximumMessageSize) bytes")
        }
        fragments += payload
    }

    private func deliver(_ opcode: WebSocketOpcode, _ payload: [UInt8], into output: inout Output)
        throws(WebSocketProtocolError)
    {
        // After sending a close frame we ignore further data (RFC 6455 §5.5.1).
        guard closeState == .open else { return }
        if opcode == .text {
            guard let text = String(validating: payload, as: UTF8.self) else {
                throw WebSocketProtocolError(.dataInconsistentWithMessage, "a text message that is not valid UTF-8")
            }
            output.events.append(.message(.text(text)))
        } else {
            output.events.append(.message(.binary(payload)))
        }
    }

    private mutating func handleClose(_ payload: [UInt8], into output: inout Output) throws(WebSocketProtocolError) {
        var code: UInt16?
        var reason = ""
        if payload.count == 1 {
            throw WebSocketProtocolError(.protocolError, "a close frame with a 1-byte payload")
        }
        if payload.count >= 2 {
            let number = UInt16(payload[0]) << 8 | UInt16(payload[1])
            guard WebSocketErrorCode.isSendable(number) else {
                throw WebSocketProtocolError(.protocolError, "invalid close code \(number)")
            }
            guard let text = String(validating: payload[2...], as: UTF8.self) else {
                throw WebSocketProtocolError(.dataInconsistentWithMessage, "a close reason that is not valid UTF-8")
            }
            code = number
            reason = text
        }
        output.events.append(.closeReceived(code: code, reason: reason))
        if closeState == .open {
            // Echo the peer's code, as RFC 6455 §5.5.1 suggests.
            output.bytesToSend += closeFrame(code: code.map(WebSocketErrorCode.init(codeNumber:)), reason: "")
        }
        closeState = .closed
    }

    private mutating func fail(with error: WebSocketProtocolError, into output: inout Output) {
        output.events.append(.failed(error))
        if closeState == .open {
            output.bytesToSend += closeFrame(code: error.code, reason: String(error.reason.prefix(100)))
        }
        closeState = .closed
    }

    // MARK: Sending

    /// The encoded frame for `message` (masked when this is the client).
    public func encode(_ message: WebSocketMessage) -> [UInt8] {
        let maskKey = role == .client ? MaskingKeys.nextKey() : nil
        switch message {
        case .text(let text):
            return WebSocketFrame.encode(
                firstByte: 0x80 | WebSocketOpcode.text.rawValue, payload: text.utf8, maskKey: maskKey)
        case .binary(let bytes):
            return WebSocketFrame.encode(
                firstByte: 0x80 | WebSocketOpcode.binary.rawValue, payload: bytes, maskKey: maskKey)
        }
    }

    /// Encodes `frame`, adding a fresh masking key when this is the client.
    public func encode(_ frame: WebSocketFrame) -> [UInt8] {
        var frame = frame
        frame.maskKey = role == .client ? MaskingKeys.next() : nil
        return frame.encoded()
    }

    /// Starts the close handshake: the close frame to send, or nothing when a close
    /// frame was already sent.
    public mutating func close(code: WebSocketErrorCode = .normalClosure, reason: String = "") -> [UInt8] {
        guard closeState == .open else { return [] }
        closeState = .closeSent
        return closeFrame(code: code, reason: reason)
    }

    private func closeFrame(code: WebSocketErrorCode?, reason: String) -> [UInt8] {
        var payload: [UInt8] = []
        if let code {
            // A control frame holds 125 bytes: the code, then as much of the reason as
            // fits without splitting a character.
            var text = Substring(reason)
            while text.utf8.count > 123 { text = text.dropLast() }
            payload = [UInt8(code.codeNumber >> 8), UInt8(code.codeNumber & 0xFF)] + Array(text.utf8)
        }
        return encode(WebSocketFrame(opcode: .connectionClose, payload: payload))
    }
}
