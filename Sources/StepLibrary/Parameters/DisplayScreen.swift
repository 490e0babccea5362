import Wire

/// A customer-display screen by its English or Japanese name, as QA writes it.
extension DisplayScreen {
    /// The Japanese name QA writes.
    var japaneseName: String {
        switch self {
        case .welcome: return "ようこそ"
        case .cart: return "カート"
        case .payment: return "お支払い"
        case .partial: return "一部支払い"
        case .complete: return "完了"
        case .refund: return "返金"
        }
    }

    /// The `{screen}` parameter's regular expression.
    static var pattern: String {
        allCases.map(\.rawValue).joined(separator: "|") + "|" + allCases.map(\.japaneseName).joined(separator: "|")
    }

    /// The screen a step wrote (English or Japanese), or nil.
    init?(written text: String) {
        guard
            let screen = DisplayScreen(rawValue: text)
                ?? DisplayScreen.allCases.first(where: { $0.japaneseName == text })
        else { return nil }
        self = screen
    }
}
