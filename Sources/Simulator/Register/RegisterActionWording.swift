/// How rejection messages name an action: the phrase after "Cannot …".
enum RegisterActionWording {
    static func verb(_ action: RegisterAction) -> String {
        switch action {
        case .catalogSet: return "set the catalog"
        case .itemAdded(let name, _, _): return "add \"\(name)\""
        case .quantityChanged(let name, _): return "change the quantity of \"\(name)\""
        case .itemRemoved(let name): return "remove \"\(name)\""
        case .cartDiscountSet: return "set a cart discount"
        case .cartDiscountCleared: return "clear the cart discount"
        case .memberIdentified: return "identify a member"
        case .memberCleared: return "clear the member"
        case .checkoutStarted: return "start checkout"
        case .pointsApplied: return "apply points"
        case .cartEditRequested: return "go back to edit the cart"
        case .paymentTaken: return "take a payment"
        case .paymentsCancelled: return "cancel the payments"
        case .completedWithoutPayment: return "complete the order without payment"
        case .nextCustomerServed: return "serve the next customer"
        case .refundStarted(let order): return "start a refund of order \"\(order)\""
        case .refundConfirmed: return "confirm a refund"
        case .refundCancelled: return "cancel a refund"
        case .registerReset: return "reset the register"
        }
    }
}
