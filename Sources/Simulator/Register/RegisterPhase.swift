/// The checkout flow's phase (会計フローのフェーズ): exactly one at a time.
public enum RegisterPhase: Equatable, Sendable {
    /// The cart phase (商品をカートに入れるフェーズ); the initial phase.
    case notEntered
    /// The payment phase (お支払いをするフェーズ): points and payments happen here.
    case ordering
    /// All paid: the order is recorded and the change is known.
    case complete(Order)
    /// A past order is being refunded (返品・取消).
    case refunding(Order)

    /// The phase's name on the wire and in messages.
    public var name: String {
        switch self {
        case .notEntered: return "notEntered"
        case .ordering: return "ordering"
        case .complete: return "complete"
        case .refunding: return "refunding"
        }
    }
}
