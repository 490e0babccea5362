/// The customer display's screens: the `data-screen` of a snapshot's root element.
public enum DisplayScreen: String, Sendable, CaseIterable {
    case welcome, cart, payment, partial, complete, refund
}
