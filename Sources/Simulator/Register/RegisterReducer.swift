import Wire

/// The register's one reduce function: checks an action against the phase and the rules of
/// domain.md §1, then applies it.
///
/// Every check runs before the first mutation, so a rejected action leaves the state exactly
/// as it was.
public enum RegisterReducer {
    /// Applies `action` to `state`, or throws the first failing check's rejection (the state
    /// is then untouched).
    public static func reduce(
        _ state: inout RegisterState, _ action: RegisterAction, _ environment: SimulatorEnvironment
    ) throws(Rejection) {
        try checkPhase(state.phase, for: action)
        switch action {
        case .catalogSet(let products):
            try setCatalog(&state, products)
        case .itemAdded(let name, let price, let quantity):
            try addItem(&state, name: name, price: price, quantity: quantity)
        case .quantityChanged(let name, let quantity):
            try setQuantity(&state, name: name, quantity: quantity)
        case .itemRemoved(let name):
            guard state.line(name) != nil else { throw unknownLine(name, in: state) }
            state.lines.removeAll { $0.name.hasSameCodePoints(as: name) }
        case .cartDiscountSet(let discount):
            try setDiscount(&state, discount)
        case .cartDiscountCleared:
            state.cartDiscount = nil
        case .memberIdentified(let id, let points):
            try identifyMember(&state, id: id, points: points)
        case .memberCleared:
            try requireNoPayments(state, toDo: "clear the member")
            // The typed points stay (domain.md lists no effect on them): without a member
            // none apply, and identifying the same member again applies them again.
            state.memberID = nil
        case .checkoutStarted:
            guard !state.lines.isEmpty else {
                throw Rejection(.emptyCart, "Cannot start checkout: the cart is empty.")
            }
            state.phase = .ordering
        case .pointsApplied(let points):
            try applyPoints(&state, points)
        case .cartEditRequested:
            try requireNoPayments(state, toDo: "go back to edit the cart")
            state.phase = .notEntered
        case .paymentTaken(let method, let amount):
            try takePayment(&state, method: method, amount: amount, environment)
        case .paymentsCancelled:
            state.payments = []
        case .completedWithoutPayment:
            guard state.total <= 0 else {
                throw Rejection(
                    .amountOwed,
                    "Cannot complete without payment: \(YenText.format(state.remaining)) is still owed.")
            }
            complete(&state, environment)
        case .nextCustomerServed:
            serveNextCustomer(&state)
        case .refundStarted(let orderID):
            try startRefund(&state, orderID: orderID)
        case .refundConfirmed:
            confirmRefund(&state)
        case .refundCancelled:
            state.phase = .notEntered
        case .registerReset:
            state = RegisterState()
        }
    }

    /// The phases in which `action` is allowed (domain.md §1's "allowed in" column).
    static func allowedPhases(for action: RegisterAction) -> [String]? {
        switch action {
        case .catalogSet, .registerReset:
            return nil
        case .itemAdded, .quantityChanged, .itemRemoved, .cartDiscountSet, .cartDiscountCleared, .checkoutStarted,
            .refundStarted:
            return ["notEntered"]
        case .memberIdentified, .memberCleared:
            return ["notEntered", "ordering"]
        case .pointsApplied, .cartEditRequested, .paymentTaken, .paymentsCancelled, .completedWithoutPayment:
            return ["ordering"]
        case .nextCustomerServed:
            return ["complete"]
        case .refundConfirmed, .refundCancelled:
            return ["refunding"]
        }
    }

    private static func checkPhase(_ phase: RegisterPhase, for action: RegisterAction) throws(Rejection) {
        guard let allowed = allowedPhases(for: action), !allowed.contains(phase.name) else { return }
        throw Rejection(
            .wrongPhase, RegisterPhase.refusal(RegisterActionWording.verb(action), in: phase.name, allowed: allowed))
    }

    static func unknownLine(_ name: String, in state: RegisterState) -> Rejection {
        Rejection(
            .unknownLine,
            "There is no line \"\(name)\" in the cart." + NameGuess.hint(for: name, among: state.lines.map(\.name)))
    }

    static func requireNoPayments(_ state: RegisterState, toDo what: String) throws(Rejection) {
        guard state.payments.isEmpty else {
            throw Rejection(
                .paymentsTaken,
                "Cannot \(what): \(YenText.format(state.paid)) has already been paid (cancel the payments first).")
        }
    }
}
