/// The actions a `/register` request names (protocol.md, "Register"): what the step library
/// sends, the simulator decodes and the explorer records, in one list.
public enum RegisterActionName: String, Sendable, CaseIterable {
    case setCatalog, addItem, setQuantity, removeItem, setCartDiscount, clearCartDiscount
    case identifyMember, clearMember, startCheckout, applyPoints, editCart, takePayment
    case cancelPayments, completeWithoutPayment, nextCustomer, startRefund, confirmRefund
    case cancelRefund, reset, getState
}

/// The actions a `/calendar` request names (protocol.md, "Calendar").
public enum CalendarActionName: String, Sendable, CaseIterable {
    case setStaff, book, setMenu, cancelBooking, setMetrics, layout, setViewport, scroll
    case setService, load, release, viewState, checkoutReservation, reset, getState
}
