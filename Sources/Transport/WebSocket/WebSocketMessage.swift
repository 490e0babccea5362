/// A whole WebSocket data message (its fragments joined).
public enum WebSocketMessage: Sendable, Equatable, CustomStringConvertible {
    case text(String)
    case binary([UInt8])

    /// The text of a text message, or `nil` for binary.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    public var description: String {
        switch self {
        case .text(let text): "text(\(text.utf8.count) bytes)"
        case .binary(let bytes): "binary(\(bytes.count) bytes)"
        }
    }
}
