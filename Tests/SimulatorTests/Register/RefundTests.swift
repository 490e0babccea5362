import Testing

@testable import Simulator

@Suite("Register: refunds")
struct RefundTests {
    /// Order 1001 (¥1,500, 300 points from M-1) completed and the next customer served.
    static func afterOneOrder() -> StoreHarness {
        var store = StoreHarness.inPayment(memberPoints: 1_000)
        store.send(.pointsApplied(300))
        store.send(.paymentTaken(.cash, amount: 1_200))
        store.send(.nextCustomerServed)
        return store
    }

    @Test("confirming a refund marks the order and gives its points back")
    func confirm() {
        var store = Self.afterOneOrder()
        #expect(store.register.account("M-1")?.points == 700)
        store.send(.refundStarted(order: "1001"))
        #expect(store.register.phase.name == "refunding")
        #expect(store.register.phaseOrder?.total == 1_200)
        store.send(.refundConfirmed)
        #expect(store.register.phase == .notEntered)
        #expect(store.register.order("1001")?.refunded == true)
        #expect(store.register.account("M-1")?.points == 1_000)
    }

    @Test("points given back stop at the register's limit, 2^53 − 1: a balance is never above it")
    func refundStopsAtTheLimit() {
        var store = Self.afterOneOrder()
        store.send(.memberIdentified(id: "M-1", points: RegisterLimits.maximumNumber - 100))
        store.send(.refundStarted(order: "1001"))
        store.send(.refundConfirmed)
        #expect(store.register.order("1001")?.refunded == true)
        #expect(store.register.account("M-1")?.points == RegisterLimits.maximumNumber)
    }

    @Test("cancelling a refund changes nothing else")
    func cancel() {
        var store = Self.afterOneOrder()
        let before = store.register
        store.send(.refundStarted(order: "1001"))
        store.send(.refundCancelled)
        #expect(store.register == before)
    }

    @Test("refund rejections: cartNotEmpty, unknownOrder, alreadyRefunded")
    func rejections() {
        var store = Self.afterOneOrder()
        store.send(.itemAdded(name: "A", price: 1, quantity: 1))
        store.reject(.refundStarted(order: "9999"), .cartNotEmpty)
        store.send(.itemRemoved(name: "A"))
        let unknown = store.reject(.refundStarted(order: "9999"), .unknownOrder)
        #expect(unknown?.message == "There is no order \"9999\".")
        store.send(.refundStarted(order: "1001"))
        store.reject(.refundStarted(order: "1001"), .wrongPhase)
        store.reject(.itemAdded(name: "A", price: 1, quantity: 1), .wrongPhase)
        store.send(.refundConfirmed)
        store.reject(.refundStarted(order: "1001"), .alreadyRefunded)
    }

    @Test("amounts while refunding are the empty cart's")
    func amountsWhileRefunding() {
        var store = Self.afterOneOrder()
        store.send(.refundStarted(order: "1001"))
        #expect(store.register.pointsApplied == 0)
        #expect(store.register.total == 0)
    }
}
