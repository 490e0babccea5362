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

    /// The phase as a refusal names it: domain.md's words, then the wire name
    /// (`the cart phase (notEntered)`).
    public static func described(_ name: String) -> String {
        switch name {
        case "notEntered": return "the cart phase (notEntered)"
        case "ordering": return "the payment phase (ordering)"
        case "complete": return "the complete phase, after payment (complete)"
        case "refunding": return "the refund phase (refunding)"
        default: return "the \(name) phase"
        }
    }

    /// Why an action is refused in `phase`: `Cannot add "Coffee" in the payment phase
    /// (ordering); it is allowed only in the cart phase (notEntered).`
    public static func refusal(_ doing: String, in phase: String, allowed: [String]) -> String {
        let places = allowed.map(described)
        let list =
            places.count <= 1
            ? places.joined() : places.dropLast().joined(separator: ", ") + " and " + (places.last ?? "")
        return "Cannot \(doing) in \(described(phase)); it is allowed only in \(list)."
    }
}
