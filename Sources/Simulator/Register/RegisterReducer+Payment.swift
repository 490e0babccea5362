import Wire

// The payment-phase rules: members, points, payments and completion.
extension RegisterReducer {
    static func identifyMember(_ state: inout RegisterState, id: String, points: Int) throws(Rejection) {
        try checkAmount(points, what: "A points balance")
        try requireNoPayments(state, toDo: "identify a member")
        guard !id.isEmpty else {
            throw Rejection(.invalidMember, "A member id must not be empty.")
        }
        // Points typed for one customer's account must not carry over to another's. They
        // were typed for the account last at the counter, also after `clearMember`.
        if state.lastMemberID.map({ !$0.hasSameCodePoints(as: id) }) ?? true { state.pointsToUse = 0 }
        if let index = state.members.firstIndex(where: { $0.id.hasSameCodePoints(as: id) }) {
            state.members[index].points = points
        } else {
            state.members.append(MemberAccount(id: id, points: points))
        }
        state.memberID = id
        state.lastMemberID = id
    }

    static func applyPoints(_ state: inout RegisterState, _ points: Int) throws(Rejection) {
        // Only domain.md's `n < 0` here: points above the balance are `pointsExceedBalance`
        // however many, and a balance is never above the register's limit.
        guard points >= 0 else {
            throw Rejection(.invalidAmount, "Points to use must not be negative (got \(points)).")
        }
        try requireNoPayments(state, toDo: "apply points")
        guard let member = state.member else {
            throw Rejection(.noMember, "Cannot apply points: no member is identified at the counter.")
        }
        guard points <= member.points else {
            throw Rejection(
                .pointsExceedBalance,
                "Cannot apply \(points) points: member \(member.id) has only \(member.points) points.")
        }
        let due = state.amountDueBeforePoints
        guard points <= due else {
            throw Rejection(
                .pointsExceedTotal, "Cannot apply \(points) points: the amount due is only \(YenText.format(due)).")
        }
        state.pointsToUse = points
    }

    static func takePayment(
        _ state: inout RegisterState, method: PaymentMethod, amount: Int, _ environment: SimulatorEnvironment
    ) throws(Rejection) {
        guard amount > 0 else {
            throw Rejection(.invalidAmount, "A payment must be more than ¥0 (got \(YenText.format(amount))).")
        }
        try checkAmount(amount, what: "A payment", isYen: true)
        // The amount paid is shown and carried too: it stays within the limit, as a subtotal does.
        guard amount <= RegisterLimits.maximumAmount - state.paid else {
            throw Rejection(
                .invalidAmount,
                "A payment of \(YenText.format(amount)) would take the amount paid past "
                    + "\(YenText.format(RegisterLimits.maximumAmount)), the most the register can hold.")
        }
        let remaining = state.remaining
        guard method.givesChange || amount <= remaining else {
            throw Rejection(
                .overpayment,
                "A \(method.rawValue) payment cannot exceed the remaining \(YenText.format(remaining)) "
                    + "(got \(YenText.format(amount))); only cash gives change.")
        }
        state.payments.append(Payment(method: method, amount: amount))
        if state.paid >= state.total { complete(&state, environment) }
    }

    /// Records the order with the next id, takes the applied points from the member's
    /// balance and moves to `complete`.
    static func complete(_ state: inout RegisterState, _ environment: SimulatorEnvironment) {
        let pointsUsed = state.pointsApplied
        let order = Order(
            id: environment.orderID(state.orders.count), lines: state.lines, subtotal: state.subtotal,
            discount: state.discount, pointsUsed: pointsUsed, total: state.total, payments: state.payments,
            change: state.change, member: state.memberID, reservations: state.reservations,
            completedAt: environment.now())
        if let memberID = state.memberID,
            let index = state.members.firstIndex(where: { $0.id.hasSameCodePoints(as: memberID) })
        {
            state.members[index].points -= pointsUsed
        }
        state.orders.append(order)
        state.phase = .complete(order)
    }

    static func serveNextCustomer(_ state: inout RegisterState) {
        state.lines = []
        state.cartDiscount = nil
        state.memberID = nil
        state.pointsToUse = 0
        state.payments = []
        state.reservations = []
        state.phase = .notEntered
    }

    /// `isYen` writes the values as money (`¥99,999,999`); points are plain numbers.
    static func checkAmount(_ value: Int, what: String, isYen: Bool = false) throws(Rejection) {
        let written = { (number: Int) in isYen ? YenText.format(number) : String(number) }
        guard value >= 0 else {
            throw Rejection(.invalidAmount, "\(what) must not be negative (got \(written(value))).")
        }
        guard value <= RegisterLimits.maximumAmount else {
            throw Rejection(
                .invalidAmount,
                "\(what) must be at most \(written(RegisterLimits.maximumAmount)) (got \(written(value))).")
        }
    }
}
