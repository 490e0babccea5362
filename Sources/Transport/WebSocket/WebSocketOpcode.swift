/// A frame's opcode (RFC 6455 §5.2), including the reserved values so they can be rejected.
public struct WebSocketOpcode: Sendable, Hashable, CustomStringConvertible {
    /// The 4-bit value.
    public let rawValue: UInt8

    /// `nil` for values that do not fit in four bits.
    public init?(rawValue: UInt8) {
        guard rawValue < 0x10 else { return nil }
        self.rawValue = rawValue
    }

    private init(uncheckedValue: UInt8) {
        rawValue = uncheckedValue
    }

    public static let continuation = WebSocketOpcode(uncheckedValue: 0x0)
    public static let text = WebSocketOpcode(uncheckedValue: 0x1)
    public static let binary = WebSocketOpcode(uncheckedValue: 0x2)
    public static let connectionClose = WebSocketOpcode(uncheckedValue: 0x8)
    public static let ping = WebSocketOpcode(uncheckedValue: 0x9)
    public static let pong = WebSocketOpcode(uncheckedValue: 0xA)

    /// Close, ping and pong (and the reserved 0xB–0xF), which must not be fragmented.
    public var isControlOpcode: Bool { rawValue & 0x8 != 0 }

    /// 0x3–0x7 and 0xB–0xF, reserved for future use: receiving one fails the connection.
    public var isReserved: Bool {
        ![0x0, 0x1, 0x2, 0x8, 0x9, 0xA].contains(rawValue)
    }

    public var description: String {
        switch rawValue {
        case 0x0: "continuation"
        case 0x1: "text"
        case 0x2: "binary"
        case 0x8: "connectionClose"
        case 0x9: "ping"
        case 0xA: "pong"
        default: "reserved(0x\(String(rawValue, radix: 16)))"
        }
    }
}
