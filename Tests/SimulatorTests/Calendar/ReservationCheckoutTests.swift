import Testing

@testable import Simulator

@Suite("Calendar: checking out a reservation")
struct ReservationCheckoutTests {
    static func booked() -> StoreHarness {
        var store = StoreHarness.withStaff()
        store.book(
            "R1", "Sato", "10:00", "11:00",
            menu: [
                Product(name: "Cut", price: 4_000), Product(name: "Shampoo", price: 1_000),
            ])
        return store
    }

    @Test("the menu goes into the cart as ad-hoc lines and the order is linked")
    func checkout() {
        var store = Self.booked()
        store.send(.reservationCheckedOut("R1"))
        #expect(
            store.register.lines == [
                CartLine(name: "Cut", unitPrice: 4_000, quantity: 1),
                CartLine(name: "Shampoo", unitPrice: 1_000, quantity: 1),
            ])
        #expect(CustomerDisplay.screen(for: store.register) == .cart)
        #expect(store.calendar.checkedOut == ["R1"])
        store.send(.checkoutStarted)
        store.send(.paymentTaken(.cash, amount: 5_000))
        #expect(store.register.lastOrder?.reservations == ["R1"])
        store.send(.nextCustomerServed)
        #expect(store.register.reservations.isEmpty)
    }

    @Test("rejections: wrongPhase first, then unknownReservation, then alreadyCheckedOut")
    func rejections() {
        var store = Self.booked()
        store.send(.itemAdded(name: "X", price: 1, quantity: 1))
        store.send(.checkoutStarted)
        store.reject(.reservationCheckedOut("R9"), .wrongPhase)
        store.send(.cartEditRequested)
        store.reject(.reservationCheckedOut("R9"), .unknownReservation)
        store.send(.reservationCheckedOut("R1"))
        store.reject(.reservationCheckedOut("R1"), .alreadyCheckedOut)
    }

    @Test("a menu line at another price than the cart's line rejects the whole checkout")
    func priceMismatch() {
        var store = Self.booked()
        store.send(.itemAdded(name: "Shampoo", price: 1_200, quantity: 1))
        store.reject(.reservationCheckedOut("R1"), .priceMismatch)
    }
}
