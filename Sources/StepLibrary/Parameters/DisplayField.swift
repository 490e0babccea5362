/// A field of the customer display, by its English or Japanese name, as `data-field`.
public enum DisplayField: String, Sendable, CaseIterable, DisplayWord {
    case subtotal, discount, points, total, paid, remaining, change, refund

    /// The Japanese name QA writes (the display's own label, shortened).
    public var japaneseName: String {
        switch self {
        case .subtotal: return "小計"
        case .discount: return "割引"
        case .points: return "ポイント"
        case .total: return "合計"
        case .paid: return "お預かり"
        case .remaining: return "残り"
        case .change: return "お釣り"
        case .refund: return "返金"
        }
    }
}
