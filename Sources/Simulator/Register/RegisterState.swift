/// Everything the register knows: catalog, cart, members, payments, phase and orders.
///
/// Amounts are derived (computed properties), never stored, so they cannot disagree with
/// the cart they come from.
public struct RegisterState: Equatable, Sendable {
    public var catalog: [Product] = []
    public var lines: [CartLine] = []
    public var cartDiscount: CartDiscount?
    /// Every loyalty account, in the order they were first identified.
    public var members: [MemberAccount] = []
    /// The id of the member at the counter, if any.
    public var memberID: String?
    /// The id of the account last identified at the counter; kept after the customer leaves
    /// so a feature can still check that account's balance.
    public var lastMemberID: String?
    /// Points the cashier entered in the payment phase; retained when going back to the cart.
    public var pointsToUse: Int = 0
    public var payments: [Payment] = []
    public var phase: RegisterPhase = .notEntered
    public var orders: [Order] = []
    /// Reservations checked out into the current cart; the order is linked to them.
    public var reservations: [String] = []

    public init() {}

    /// The account with `id`, if it exists.
    public func account(_ id: String) -> MemberAccount? {
        members.first { $0.id.hasSameCodePoints(as: id) }
    }

    /// The account of the member at the counter.
    public var member: MemberAccount? {
        memberID.flatMap(account)
    }

    /// The account last identified at the counter.
    public var lastMember: MemberAccount? {
        lastMemberID.flatMap(account)
    }

    /// The most recently completed order.
    public var lastOrder: Order? { orders.last }

    /// The order with `id`, if recorded.
    public func order(_ id: String) -> Order? {
        orders.first { $0.id.hasSameCodePoints(as: id) }
    }

    /// The cart line named `name`.
    public func line(_ name: String) -> CartLine? {
        lines.first { $0.name.hasSameCodePoints(as: name) }
    }

    /// The order the current phase is about (complete or refunding).
    public var phaseOrder: Order? {
        switch phase {
        case .complete(let order), .refunding(let order): return order
        case .notEntered, .ordering: return nil
        }
    }
}

// The amounts of domain.md §1; in `complete` they are the recorded order's.
extension RegisterState {
    /// The cart's subtotal before any discount: Σ unitPrice × quantity.
    var cartSubtotal: Int { lines.reduce(0) { $0 + $1.amount } }

    /// The cart's discount: never more than its subtotal.
    var cartDiscountAmount: Int { cartDiscount?.discount(on: cartSubtotal) ?? 0 }

    /// What the points may cover at most: the amount due before points.
    var amountDueBeforePoints: Int { cartSubtotal - cartDiscountAmount }

    public var subtotal: Int {
        if case .complete(let order) = phase { return order.subtotal }
        return cartSubtotal
    }

    public var discount: Int {
        if case .complete(let order) = phase { return order.discount }
        return cartDiscountAmount
    }

    /// Points applied to this order: only in the payment phase and only with a member.
    public var pointsApplied: Int {
        switch phase {
        case .complete(let order):
            return order.pointsUsed
        case .ordering:
            guard let member else { return 0 }
            return max(0, min(pointsToUse, member.points, amountDueBeforePoints))
        case .notEntered, .refunding:
            return 0
        }
    }

    /// What the customer owes: subtotal − discount − pointsApplied.
    public var total: Int {
        if case .complete(let order) = phase { return order.total }
        return subtotal - discount - pointsApplied
    }

    /// Σ payments.
    public var paid: Int {
        if case .complete(let order) = phase { return order.paid }
        return payments.reduce(0) { $0 + $1.amount }
    }

    /// What is still owed: max(total − paid, 0).
    public var remaining: Int { max(total - paid, 0) }

    /// The change to hand back: max(paid − total, 0).
    public var change: Int {
        if case .complete(let order) = phase { return order.change }
        return max(paid - total, 0)
    }
}
