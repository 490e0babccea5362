/// Every stable rejection code of the domain (domain.md plus the project's additions).
public enum RejectionCode: String, Sendable, CaseIterable {
    // Register (domain.md §1).
    case wrongPhase
    case invalidPrice
    case duplicateProduct
    case unknownProduct
    case invalidQuantity
    case priceMismatch
    case unknownLine
    case invalidDiscount
    case invalidAmount
    case invalidMember
    case paymentsTaken
    case emptyCart
    case noMember
    case pointsExceedBalance
    case pointsExceedTotal
    case overpayment
    case amountOwed
    case cartNotEmpty
    case unknownOrder
    case alreadyRefunded
    // Calendar (domain.md §3).
    case invalidTime
    case unknownStaff
    case duplicateReservation
    case overCapacity
    case unknownReservation
    case alreadyCheckedOut
    case invalidStaff
    case invalidCapacity
    case duplicateStaff
    case invalidMetrics
    case invalidViewport
}
