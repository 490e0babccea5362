import Wire

/// One payment taken for the current order.
public struct Payment: Equatable, Sendable {
    public var method: PaymentMethod
    public var amount: Int

    public init(method: PaymentMethod, amount: Int) {
        self.method = method
        self.amount = amount
    }
}
