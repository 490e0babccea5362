import Foundation

/// A completed order as recorded at the moment it was fully paid.
public struct Order: Equatable, Sendable {
    /// The order id: `"1001"`, `"1002"`, … in creation order.
    public var id: String
    public var lines: [CartLine]
    public var subtotal: Int
    public var discount: Int
    /// The points taken from the member's balance (= `pointsApplied` at completion).
    public var pointsUsed: Int
    /// What the customer was charged: subtotal − discount − points used.
    public var total: Int
    public var payments: [Payment]
    public var change: Int
    /// The member at the counter when the order completed, if any.
    public var member: String?
    /// The reservations checked out into this order.
    public var reservations: [String]
    public var completedAt: Date
    public var refunded: Bool

    public init(
        id: String, lines: [CartLine], subtotal: Int, discount: Int, pointsUsed: Int, total: Int,
        payments: [Payment], change: Int, member: String?, reservations: [String], completedAt: Date,
        refunded: Bool = false
    ) {
        self.id = id
        self.lines = lines
        self.subtotal = subtotal
        self.discount = discount
        self.pointsUsed = pointsUsed
        self.total = total
        self.payments = payments
        self.change = change
        self.member = member
        self.reservations = reservations
        self.completedAt = completedAt
        self.refunded = refunded
    }

    /// Σ payments.
    public var paid: Int { payments.reduce(0) { $0 + $1.amount } }
}
