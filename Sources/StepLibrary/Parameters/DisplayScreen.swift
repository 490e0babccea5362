import Wire

/// A customer-display screen by its English or Japanese name, as QA writes it.
extension DisplayScreen: DisplayWord {
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
}
