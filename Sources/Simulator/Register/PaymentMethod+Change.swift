import Wire

extension PaymentMethod {
    /// Only cash can exceed what is owed: the drawer gives change, a card terminal cannot.
    public var givesChange: Bool { self == .cash }
}
