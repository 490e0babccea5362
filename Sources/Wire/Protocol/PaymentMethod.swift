/// How a customer pays: `takePayment`'s `method`.
public enum PaymentMethod: String, Equatable, Sendable, CaseIterable {
    case cash, card, qr
}
