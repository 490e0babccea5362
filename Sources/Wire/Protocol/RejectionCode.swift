/// Every stable rejection code of the domain (domain.md plus the project's additions).
public enum RejectionCode: String, Sendable, CaseIterable {
    // Register (domain.md §1).
    case wrongPhase, invalidPrice, duplicateProduct, unknownProduct, invalidQuantity, priceMismatch
    case unknownLine, invalidDiscount, invalidAmount, invalidMember, paymentsTaken, emptyCart, noMember
    case pointsExceedBalance, pointsExceedTotal, overpayment, amountOwed, cartNotEmpty, unknownOrder
    case alreadyRefunded
    // Calendar (domain.md §3).
    case invalidTime, unknownStaff, duplicateReservation, overCapacity, unknownReservation, alreadyCheckedOut
    case invalidStaff, invalidCapacity, duplicateStaff, invalidMetrics, invalidViewport
}

/// The protocol's own codes, for a request a register cannot read (protocol.md): no rule
/// refused it, the register did not take it.
public enum RequestErrorCode: String, Sendable, CaseIterable {
    case badRequest, unknownAction, badParameter
}
