import Wire

/// How the customer pays, as QA writes it: `cash`, `card`, `QR` / `現金`, `カード`, `QR決済`.
extension PaymentMethod {
    /// The `{method}` parameter's regular expression (longer words first). `ＱＲ` is the
    /// full-width `QR` a Japanese input method may type.
    static let pattern = "QR決済|ＱＲ決済|現金|カード|cash|card|QR|qr|ＱＲ"

    /// The method as a step writes it in `language`.
    public func written(_ language: StepLanguage) -> String {
        switch self {
        case .cash: language.pick("cash", "現金")
        case .card: language.pick("card", "カード")
        case .qr: language.pick("QR", "QR決済")
        }
    }

    init?(written text: String) {
        switch text {
        case "cash", "現金": self = .cash
        case "card", "カード": self = .card
        case "QR", "qr", "QR決済", "ＱＲ", "ＱＲ決済": self = .qr
        default: return nil
        }
    }
}
