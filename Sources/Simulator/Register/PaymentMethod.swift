/// How a customer pays.
public enum PaymentMethod: String, Equatable, Sendable, CaseIterable {
    case cash
    case card
    case qr

    /// Only cash can exceed what is owed: the drawer gives change, a card terminal cannot.
    public var givesChange: Bool { self == .cash }
}
