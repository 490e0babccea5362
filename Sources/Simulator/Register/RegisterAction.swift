import Wire

/// What happened at the register, named after the cashier's or customer's act.
public enum RegisterAction: Equatable, Sendable {
    case catalogSet([Product])
    /// A catalog item (price nil) or an ad-hoc one (with a price) was added.
    case itemAdded(name: String, price: Int?, quantity: Int)
    case quantityChanged(name: String, quantity: Int)
    case itemRemoved(name: String)
    case cartDiscountSet(CartDiscount)
    case cartDiscountCleared
    case memberIdentified(id: String, points: Int)
    case memberCleared
    case checkoutStarted
    case pointsApplied(Int)
    case cartEditRequested
    case paymentTaken(PaymentMethod, amount: Int)
    case paymentsCancelled
    case completedWithoutPayment
    case nextCustomerServed
    case refundStarted(order: String)
    case refundConfirmed
    case refundCancelled
    case registerReset
}
