/// A catalog product: a name the cashier can pick and its tax-included price in yen.
public struct Product: Equatable, Sendable {
    public var name: String
    public var price: Int

    public init(name: String, price: Int) {
        self.name = name
        self.price = price
    }
}
