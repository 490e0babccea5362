import Testing

@testable import Simulator

@Suite("Register: members, points and payments")
struct PaymentTests {
    @Test("identifying a member creates or updates the account and puts it at the counter")
    func identifyMember() {
        var store = StoreHarness.withCart()
        store.send(.memberIdentified(id: "M-1", points: 500))
        #expect(store.register.member == MemberAccount(id: "M-1", points: 500))
        store.send(.memberIdentified(id: "M-1", points: 300))
        #expect(store.register.members == [MemberAccount(id: "M-1", points: 300)])
        store.send(.memberIdentified(id: "M-2", points: 0))
        #expect(store.register.members.count == 2)
        #expect(store.register.member?.id == "M-2")
    }

    @Test("member rejections: invalidAmount, then paymentsTaken, then an empty id")
    func memberRejections() {
        var store = StoreHarness.inPayment(memberPoints: 100)
        store.send(.paymentTaken(.cash, amount: 100))
        let negative = store.reject(.memberIdentified(id: "M-1", points: -1), .invalidAmount)
        #expect(negative?.message == "A points balance must not be negative (got -1).")
        store.reject(.memberIdentified(id: "M-1", points: 10), .paymentsTaken)
        store.reject(.memberIdentified(id: "", points: 10), .paymentsTaken)
        var fresh = StoreHarness.withCart()
        fresh.reject(.memberIdentified(id: "", points: 10), .invalidMember)
    }

    @Test("clearing the member after a payment is paymentsTaken even with no member at the counter")
    func clearMemberAfterPayment() {
        var store = StoreHarness.inPayment()
        store.send(.paymentTaken(.cash, amount: 100))
        store.reject(.memberCleared, .paymentsTaken)
    }

    @Test("member actions are wrongPhase when complete or refunding")
    func memberWrongPhase() {
        var store = StoreHarness.inPayment()
        store.send(.paymentTaken(.cash, amount: 1_500))
        store.reject(.memberIdentified(id: "M-1", points: -1), .wrongPhase)
        store.reject(.memberCleared, .wrongPhase)
    }

    @Test("points are applied in the payment phase only, capped by balance and amount due")
    func pointsApplied() {
        var store = StoreHarness.withCart()
        store.send(.memberIdentified(id: "M-1", points: 500))
        store.send(.checkoutStarted)
        store.send(.pointsApplied(300))
        #expect(store.register.pointsToUse == 300)
        #expect(store.register.pointsApplied == 300)
        #expect(store.register.total == 1_200)
        #expect(store.register.remaining == 1_200)
    }

    @Test("apply points rejections run in the documented order")
    func applyPointsRejections() {
        var store = StoreHarness.inPayment()
        store.reject(.pointsApplied(-1), .invalidAmount)
        store.reject(.pointsApplied(10), .noMember)
        store.send(.memberIdentified(id: "M-1", points: 2_000))
        store.reject(.pointsApplied(2_001), .pointsExceedBalance)
        // However many: above the balance is pointsExceedBalance, not a limit of the register's.
        store.reject(.pointsApplied(Int.max), .pointsExceedBalance)
        let tooMuch = store.reject(.pointsApplied(1_501), .pointsExceedTotal)
        #expect(tooMuch?.message == "Cannot apply 1501 points: the amount due is only ¥1,500.")
        store.send(.paymentTaken(.cash, amount: 100))
        store.reject(.pointsApplied(-1), .invalidAmount)
        store.reject(.pointsApplied(10), .paymentsTaken)
        var cart = StoreHarness.withCart()
        cart.reject(.pointsApplied(-1), .wrongPhase)
    }

    @Test("pointsExceedTotal is judged after the discount")
    func pointsAfterDiscount() {
        var store = StoreHarness.withCart()
        store.send(.cartDiscountSet(.amount(1_000)))
        store.send(.memberIdentified(id: "M-1", points: 2_000))
        store.send(.checkoutStarted)
        store.reject(.pointsApplied(501), .pointsExceedTotal)
        store.send(.pointsApplied(500))
        #expect(store.register.total == 0)
    }

    @Test("retained points are kept but not applied in the cart, and re-clamped on the next checkout")
    func retainedPoints() {
        var store = StoreHarness.inPayment(memberPoints: 1_000)
        store.send(.pointsApplied(1_000))
        store.send(.cartEditRequested)
        #expect(store.register.phase == .notEntered)
        #expect(store.register.pointsToUse == 1_000)
        #expect(store.register.pointsApplied == 0)
        #expect(store.register.total == 1_500)
        store.send(.itemRemoved(name: "Cake"))
        store.send(.checkoutStarted)
        #expect(store.register.pointsApplied == 900)
        #expect(store.register.total == 0)
    }

    @Test("edit cart is paymentsTaken once a payment is in")
    func editCartAfterPayment() {
        var store = StoreHarness.inPayment()
        store.send(.paymentTaken(.card, amount: 500))
        store.reject(.cartEditRequested, .paymentsTaken)
        store.send(.paymentsCancelled)
        #expect(store.register.payments.isEmpty)
        store.send(.cartEditRequested)
    }

    @Test("identifying another member drops the points typed for the previous one")
    func switchingMember() {
        var store = StoreHarness.inPayment(memberPoints: 1_000)
        store.send(.pointsApplied(200))
        store.send(.memberIdentified(id: "M-1", points: 150))
        #expect(store.register.pointsToUse == 200)
        #expect(store.register.pointsApplied == 150)
        store.send(.memberIdentified(id: "M-2", points: 900))
        #expect(store.register.pointsToUse == 0)
        store.send(.pointsApplied(100))
        store.send(.memberCleared)
        store.send(.memberIdentified(id: "M-1", points: 900))
        #expect(store.register.pointsToUse == 0)
        #expect(store.register.pointsApplied == 0)
    }

    @Test("clearing the member keeps the typed points, unapplied; the same member again applies them")
    func clearingKeepsTypedPoints() {
        var store = StoreHarness.inPayment(memberPoints: 1_000)
        store.send(.pointsApplied(300))
        store.send(.memberCleared)
        #expect(store.register.pointsToUse == 300)
        #expect(store.register.pointsApplied == 0)
        #expect(store.register.total == 1_500)
        store.send(.memberIdentified(id: "M-1", points: 200))
        #expect(store.register.pointsApplied == 200)
        #expect(store.register.total == 1_300)
    }

    @Test("a partial payment leaves a remainder; reaching the total completes the order")
    func partialThenComplete() {
        var store = StoreHarness.inPayment(memberPoints: 500)
        store.send(.pointsApplied(500))
        store.send(.paymentTaken(.card, amount: 400))
        #expect(store.register.paid == 400)
        #expect(store.register.remaining == 600)
        store.send(.paymentTaken(.cash, amount: 1_000))
        guard case .complete(let order) = store.register.phase else {
            Issue.record("expected complete, got \(store.register.phase)")
            return
        }
        #expect(order.id == "1001")
        #expect(order.total == 1_000)
        #expect(order.pointsUsed == 500)
        #expect(order.change == 400)
        #expect(store.register.change == 400)
        #expect(store.register.paid == 1_400)
        #expect(store.register.member?.points == 0)
        // The balance is now 0, so only the recorded order can still say 500 points.
        #expect(store.register.pointsApplied == 500)
        #expect(store.register.total == 1_000)
        #expect(order.completedAt == store.environment.now())
    }

    @Test("payment rejections: invalidAmount, then overpayment by card or qr")
    func paymentRejections() {
        var store = StoreHarness.inPayment()
        store.reject(.paymentTaken(.cash, amount: 0), .invalidAmount)
        store.reject(.paymentTaken(.card, amount: -5), .invalidAmount)
        let large = store.reject(.paymentTaken(.cash, amount: 9_007_199_254_740_992), .invalidAmount)
        // Money is written as money; a points balance stays a number.
        #expect(large?.message == "A payment must be at most ¥9,007,199,254,740,991 (got ¥9,007,199,254,740,992).")
        let over = store.reject(.paymentTaken(.card, amount: 1_501), .overpayment)
        #expect(over?.message.contains("¥1,500") == true)
        store.reject(.paymentTaken(.qr, amount: 1_501), .overpayment)
        store.send(.paymentTaken(.qr, amount: 1_000))
        store.reject(.paymentTaken(.card, amount: 501), .overpayment)
        store.send(.paymentTaken(.card, amount: 500))
        #expect(store.register.change == 0)
    }

    @Test("a payment that would take the amount paid past 2^53 − 1 is invalidAmount, and changes nothing")
    func paidStaysWithinTheLimit() {
        var store = StoreHarness.inPayment()
        store.send(.paymentTaken(.cash, amount: 999))
        let before = store.register
        let past = store.reject(.paymentTaken(.cash, amount: RegisterLimits.maximumNumber), .invalidAmount)
        #expect(
            past?.message
                == "A payment of ¥9,007,199,254,740,991 would take the amount paid past ¥9,007,199,254,740,991,"
                + " the most the register can hold.")
        #expect(store.register == before)
        store.send(.paymentTaken(.cash, amount: RegisterLimits.maximumNumber - 999))
        #expect(store.register.phase.name == "complete")
    }

    @Test("only cash gives change")
    func cashChange() {
        var store = StoreHarness.inPayment()
        store.send(.paymentTaken(.cash, amount: 2_000))
        #expect(store.register.change == 500)
        #expect(store.register.total == 1_500)
    }

    @Test("complete without payment needs points to cover everything")
    func completeWithoutPayment() {
        var store = StoreHarness.inPayment(memberPoints: 2_000)
        let owed = store.reject(.completedWithoutPayment, .amountOwed)
        #expect(owed?.message == "Cannot complete without payment: ¥1,500 is still owed.")
        store.send(.pointsApplied(1_500))
        store.send(.completedWithoutPayment)
        #expect(store.register.lastOrder?.pointsUsed == 1_500)
        #expect(store.register.member?.points == 500)
        #expect(store.register.total == 0)
        #expect(store.register.change == 0)
    }

    @Test("payment-phase actions are wrongPhase in the cart")
    func paymentWrongPhase() {
        var store = StoreHarness.withCart()
        store.reject(.cartEditRequested, .wrongPhase)
        store.reject(.paymentTaken(.cash, amount: -1), .wrongPhase)
        store.reject(.paymentsCancelled, .wrongPhase)
        store.reject(.completedWithoutPayment, .wrongPhase)
        store.reject(.nextCustomerServed, .wrongPhase)
        store.reject(.refundConfirmed, .wrongPhase)
        store.reject(.refundCancelled, .wrongPhase)
    }

    @Test("next customer clears the counter but keeps orders, members and the catalog")
    func nextCustomer() {
        var store = StoreHarness.inPayment(memberPoints: 100)
        store.send(.pointsApplied(100))
        store.send(.paymentTaken(.cash, amount: 2_000))
        store.send(.nextCustomerServed)
        #expect(store.register.phase == .notEntered)
        #expect(store.register.lines.isEmpty)
        #expect(store.register.cartDiscount == nil)
        #expect(store.register.member == nil)
        #expect(store.register.lastMember?.points == 0)
        #expect(store.register.pointsToUse == 0)
        #expect(store.register.payments.isEmpty)
        #expect(store.register.orders.count == 1)
        #expect(store.register.catalog.count == 2)
        #expect(store.register.total == 0)
    }

    @Test("order ids count up from 1001")
    func orderIDs() {
        var store = StoreHarness()
        for expected in ["1001", "1002", "1003"] {
            store.send(.itemAdded(name: "A", price: 100, quantity: 1))
            store.send(.checkoutStarted)
            store.send(.paymentTaken(.cash, amount: 100))
            #expect(store.register.lastOrder?.id == expected)
            store.send(.nextCustomerServed)
        }
    }
}
