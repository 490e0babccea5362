/// A close status code (RFC 6455 §7.4).
public enum WebSocketErrorCode: Sendable, Hashable, CustomStringConvertible {
    /// 1000
    case normalClosure
    /// 1001
    case goingAway
    /// 1002
    case protocolError
    /// 1003
    case unacceptableData
    /// 1007: e.g. a text message that is not UTF-8.
    case dataInconsistentWithMessage
    /// 1008
    case policyViolation
    /// 1009
    case messageTooLarge
    /// 1010
    case missingExtension
    /// 1011
    case unexpectedServerError
    /// Any other code.
    case unknown(UInt16)

    public init(codeNumber: UInt16) {
        switch codeNumber {
        case 1000: self = .normalClosure
        case 1001: self = .goingAway
        case 1002: self = .protocolError
        case 1003: self = .unacceptableData
        case 1007: self = .dataInconsistentWithMessage
        case 1008: self = .policyViolation
        case 1009: self = .messageTooLarge
        case 1010: self = .missingExtension
        case 1011: self = .unexpectedServerError
        default: self = .unknown(codeNumber)
        }
    }

    public var codeNumber: UInt16 {
        switch self {
        case .normalClosure: 1000
        case .goingAway: 1001
        case .protocolError: 1002
        case .unacceptableData: 1003
        case .dataInconsistentWithMessage: 1007
        case .policyViolation: 1008
        case .messageTooLarge: 1009
        case .missingExtension: 1010
        case .unexpectedServerError: 1011
        case .unknown(let code): code
        }
    }

    /// Whether a peer may send this code in a close frame (§7.4.1, §7.4.2): 1004–1006
    /// and 1015 are reserved, and 1016–2999 are unassigned.
    public static func isSendable(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    public var description: String { "\(codeNumber)" }
}

/// A violation of RFC 6455 by the peer: the connection is failed with `code`.
public struct WebSocketProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: WebSocketErrorCode
    public let reason: String

    public init(_ code: WebSocketErrorCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.codeNumber): \(reason)" }
}
