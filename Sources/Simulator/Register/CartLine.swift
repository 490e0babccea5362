/// One line of the cart, identified by its name.
public struct CartLine: Equatable, Sendable {
    public var name: String
    public var unitPrice: Int
    public var quantity: Int

    public init(name: String, unitPrice: Int, quantity: Int) {
        self.name = name
        self.unitPrice = unitPrice
        self.quantity = quantity
    }

    /// The line total: unit price × quantity.
    public var amount: Int { unitPrice * quantity }
}
