/// How the customer pays: `cash`, `card`, `QR` / `現金`, `カード`, `QR決済`.
public enum PaymentMethod: String, Sendable, CaseIterable {
    case cash
    case card
    case qr

    /// The `{method}` parameter's regular expression (longer words first). `ＱＲ` is the
    /// full-width `QR` a Japanese input method may type.
    static let pattern = "QR決済|ＱＲ決済|現金|カード|cash|card|QR|qr|ＱＲ"

    /// The method a step wrote, or nil.
    public init?(written text: String) {
        switch text {
        case "cash", "現金": self = .cash
        case "card", "カード": self = .card
        case "QR", "qr", "QR決済", "ＱＲ", "ＱＲ決済": self = .qr
        default: return nil
        }
    }

    /// The protocol's value (`takePayment`'s `method`).
    public var wireValue: String { rawValue }
}
