// Refunds (返品・取消) of past orders.
extension RegisterReducer {
    static func startRefund(_ state: inout RegisterState, orderID: String) throws(Rejection) {
        guard state.lines.isEmpty else {
            throw Rejection(.cartNotEmpty, "Cannot start a refund while the cart has items (clear the cart first).")
        }
        guard let order = state.order(orderID) else {
            throw Rejection(.unknownOrder, "There is no order \"\(orderID)\".")
        }
        guard !order.refunded else {
            throw Rejection(.alreadyRefunded, "Order \"\(orderID)\" has already been refunded.")
        }
        state.phase = .refunding(order)
    }

    /// Marks the order refunded and gives the points it used back to its member.
    static func confirmRefund(_ state: inout RegisterState) {
        guard case .refunding(let order) = state.phase else { return }
        if let index = state.orders.firstIndex(where: { $0.id == order.id }) {
            state.orders[index].refunded = true
        }
        if let memberID = order.member,
            let index = state.members.firstIndex(where: { $0.id.hasSameCodePoints(as: memberID) })
        {
            // Up to the limit: a balance is never above it (docs/domain-decisions.md), and
            // the refund itself goes through.
            let points = state.members[index].points
            state.members[index].points =
                min(points, RegisterLimits.maximumAmount - order.pointsUsed) + order.pointsUsed
        }
        state.phase = .notEntered
    }
}
