/// The customer display's screens: the `data-screen` of a snapshot's root element.
public enum DisplayScreen: String, Sendable, CaseIterable {
    case welcome
    case cart
    case payment
    case partial
    case complete
    case refund
}
