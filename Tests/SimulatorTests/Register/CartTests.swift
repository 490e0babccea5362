import Testing

@testable import Simulator

@Suite("Register: catalog and cart")
struct CartTests {
    @Test("the catalog is replaced, and lines keep the price they were added at")
    func catalogReplacement() {
        var store = StoreHarness.withCart()
        store.send(.catalogSet([Product(name: "Coffee", price: 500)]))
        #expect(store.register.catalog == [Product(name: "Coffee", price: 500)])
        #expect(store.register.line("Coffee")?.unitPrice == 450)
        #expect(store.register.subtotal == 1_500)
    }

    @Test("set catalog is allowed in every phase")
    func catalogAnyPhase() {
        var store = StoreHarness.inPayment()
        store.send(.catalogSet([]))
        #expect(store.register.catalog.isEmpty)
    }

    @Test("a negative catalog price is invalidPrice, checked before duplicates")
    func catalogInvalidPrice() {
        var store = StoreHarness()
        let rejection = store.reject(
            .catalogSet([Product(name: "A", price: 1), Product(name: "A", price: -1)]), .invalidPrice)
        #expect(rejection?.message == "The price of \"A\" must not be negative (got -¥1).")
        store.reject(.catalogSet([Product(name: "A", price: 9_007_199_254_740_992)]), .invalidPrice)
    }

    @Test("a product named twice is duplicateProduct")
    func catalogDuplicate() {
        var store = StoreHarness()
        store.reject(.catalogSet([Product(name: "A", price: 1), Product(name: "A", price: 1)]), .duplicateProduct)
    }

    @Test("names are compared by code point: an accent typed as one or two code points is two names")
    func codePointNames() {
        var store = StoreHarness()
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        store.send(.catalogSet([Product(name: composed, price: 300), Product(name: decomposed, price: 500)]))
        store.send(.itemAdded(name: decomposed, price: nil, quantity: 1))
        store.send(.itemAdded(name: composed, price: nil, quantity: 2))
        #expect(store.register.lines.map { $0.name.unicodeScalars.count } == [5, 4])
        #expect(store.register.lines.map(\.unitPrice) == [500, 300])
        #expect(store.register.subtotal == 1_100)
        store.send(.itemRemoved(name: composed))
        #expect(store.register.lines.map { $0.name.unicodeScalars.count } == [5])
        store.reject(
            .catalogSet([Product(name: composed, price: 1), Product(name: composed, price: 2)]), .duplicateProduct)
    }

    @Test("adding a catalog item uses its price and adding again raises the quantity")
    func addCatalogItem() {
        var store = StoreHarness.withCart()
        store.send(.itemAdded(name: "Coffee", price: nil, quantity: 1))
        #expect(
            store.register.lines == [
                CartLine(name: "Coffee", unitPrice: 450, quantity: 3),
                CartLine(name: "Cake", unitPrice: 600, quantity: 1),
            ])
        #expect(store.register.subtotal == 1_950)
    }

    @Test("an ad hoc item needs no catalog entry")
    func addAdHoc() {
        var store = StoreHarness()
        store.send(.itemAdded(name: "Gift wrap", price: 0, quantity: 1))
        store.send(.itemAdded(name: "Bag", price: 5, quantity: 3))
        #expect(store.register.lines.map(\.name) == ["Gift wrap", "Bag"])
        #expect(store.register.subtotal == 15)
    }

    @Test("addItem rejections run in the documented order")
    func addItemRejections() {
        var store = StoreHarness.withCart()
        // Unknown product comes first, even with a bad quantity.
        store.reject(.itemAdded(name: "Tea", price: nil, quantity: 0), .unknownProduct)
        store.reject(.itemAdded(name: "Tea", price: -5, quantity: 0), .invalidPrice)
        let quantity = store.reject(.itemAdded(name: "Tea", price: 100, quantity: 0), .invalidQuantity)
        #expect(quantity?.message == "Quantity must be at least 1 (got 0).")
        store.reject(.itemAdded(name: "Coffee", price: 500, quantity: 1), .priceMismatch)
        store.reject(.itemAdded(name: "Tea", price: 1, quantity: 9_007_199_254_740_992), .invalidQuantity)
        store.reject(.itemAdded(name: "Tea", price: 9_007_199_254_740_992, quantity: 1), .invalidPrice)
    }

    @Test("a name unknown only by how it was typed (case, width, a space at its end) is named in the refusal")
    func nameGuesses() {
        var store = StoreHarness()
        store.send(.catalogSet([Product(name: "ラテ", price: 450), Product(name: "Coffee", price: 400)]))
        let kana = store.reject(.itemAdded(name: "ﾗﾃ", price: nil, quantity: 1), .unknownProduct)
        #expect(kana?.message == #""ﾗﾃ" is not in the catalog (give a price to add it ad hoc). Did you mean "ラテ"?"#)
        let spaced = store.reject(.itemAdded(name: "ラテ\u{3000}", price: nil, quantity: 1), .unknownProduct)
        #expect(spaced?.message.hasSuffix(#" Did you mean "ラテ"?"#) == true)
        let other = store.reject(.itemAdded(name: "Tea", price: nil, quantity: 1), .unknownProduct)
        #expect(other?.message == #""Tea" is not in the catalog (give a price to add it ad hoc)."#)
        store.send(.itemAdded(name: "Coffee", price: nil, quantity: 1))
        let line = store.reject(.itemRemoved(name: "coffee"), .unknownLine)
        #expect(line?.message == #"There is no line "coffee" in the cart. Did you mean "Coffee"?"#)
        var calendar = StoreHarness.withStaff()
        let staff = calendar.reject(.reservationBooked(reservation("R1", "sato", "10:00", "11:00")), .unknownStaff)
        #expect(staff?.message == #"There is no staff member "sato". Did you mean "Sato"?"#)
        calendar.book("R1", "Sato", "10:00", "11:00")
        let booking = calendar.reject(.bookingCancelled("r1"), .unknownReservation)
        #expect(booking?.message == #"There is no reservation "r1". Did you mean "R1"?"#)
    }

    @Test("no upper limit below 2^53 − 1 (domain.md sets none); a subtotal past it is invalidQuantity")
    func largeNumbers() {
        let most = RegisterLimits.maximumNumber
        #expect(most == 1 << 53 - 1)
        var store = StoreHarness()
        store.send(.itemAdded(name: "Boat", price: 100_000_000_000, quantity: 1))
        store.send(.itemAdded(name: "Screw", price: 1, quantity: 10_000_000))
        store.send(.itemAdded(name: "Screw", price: 1, quantity: 1))
        #expect(store.register.subtotal == 100_010_000_001)
        // Past the most: a huge line, its product overflowing Int, and a raised quantity.
        let past = store.reject(.itemAdded(name: "Gold", price: most - 100_010_000_000, quantity: 1), .invalidQuantity)
        #expect(
            past?.message
                == "1 × \"Gold\" at ¥9,007,099,244,740,991 would take the subtotal past ¥9,007,199,254,740,991, the most the register can hold."
        )
        store.reject(.itemAdded(name: "Gold", price: most, quantity: most), .invalidQuantity)
        store.reject(.quantityChanged(name: "Boat", quantity: 90_072), .invalidQuantity)
        store.send(.itemAdded(name: "Gold", price: most - 100_010_000_001, quantity: 1))
        #expect(store.register.subtotal == most)
        store.send(.cartDiscountSet(.percent(100)))
        #expect(store.register.total == 0)
        store.send(.cartDiscountSet(.amount(most)))
        store.send(.checkoutStarted)
        store.send(.completedWithoutPayment)
    }

    @Test("a catalog price change makes re-adding by name a priceMismatch")
    func priceMismatchAfterCatalogChange() {
        var store = StoreHarness.withCart()
        store.send(.catalogSet([Product(name: "Coffee", price: 500)]))
        store.reject(.itemAdded(name: "Coffee", price: nil, quantity: 1), .priceMismatch)
    }

    @Test("set quantity changes a line and 0 removes it")
    func setQuantity() {
        var store = StoreHarness.withCart()
        store.send(.quantityChanged(name: "Cake", quantity: 4))
        #expect(store.register.line("Cake")?.quantity == 4)
        store.send(.quantityChanged(name: "Coffee", quantity: 0))
        #expect(store.register.lines.map(\.name) == ["Cake"])
        store.reject(.quantityChanged(name: "Tea", quantity: -1), .unknownLine)
        store.reject(.quantityChanged(name: "Cake", quantity: -1), .invalidQuantity)
    }

    @Test("remove item removes the line, unknown names are unknownLine")
    func removeItem() {
        var store = StoreHarness.withCart()
        store.send(.itemRemoved(name: "Coffee"))
        #expect(store.register.lines.map(\.name) == ["Cake"])
        let rejection = store.reject(.itemRemoved(name: "Coffee"), .unknownLine)
        #expect(rejection?.message == "There is no line \"Coffee\" in the cart.")
    }

    @Test("a fixed discount never exceeds the subtotal")
    func fixedDiscount() {
        var store = StoreHarness.withCart()
        store.send(.cartDiscountSet(.amount(200)))
        #expect(store.register.discount == 200)
        #expect(store.register.total == 1_300)
        store.send(.cartDiscountSet(.amount(5_000)))
        #expect(store.register.discount == 1_500)
        #expect(store.register.total == 0)
        store.send(.cartDiscountCleared)
        #expect(store.register.discount == 0)
    }

    @Test("a percentage discount rounds down", arguments: [(10, 150), (33, 495), (1, 15), (100, 1_500)])
    func percentDiscount(percent: Int, expected: Int) {
        var store = StoreHarness.withCart()
        store.send(.cartDiscountSet(.percent(percent)))
        #expect(store.register.discount == expected)
    }

    @Test("percentages of odd subtotals are floored")
    func percentFloor() {
        var store = StoreHarness()
        store.send(.itemAdded(name: "X", price: 999, quantity: 1))
        store.send(.cartDiscountSet(.percent(15)))
        #expect(store.register.discount == 149)
    }

    @Test("invalid discounts are invalidDiscount", arguments: [CartDiscount.amount(-1), .percent(0), .percent(101)])
    func invalidDiscount(discount: CartDiscount) {
        var store = StoreHarness.withCart()
        store.reject(.cartDiscountSet(discount), .invalidDiscount)
    }

    @Test("cart actions outside the cart phase are wrongPhase")
    func cartWrongPhase() {
        var store = StoreHarness.inPayment()
        let rejection = store.reject(.itemAdded(name: "Nope", price: nil, quantity: 0), .wrongPhase)
        #expect(rejection?.message.contains("ordering") == true)
        store.reject(.quantityChanged(name: "Nope", quantity: -1), .wrongPhase)
        store.reject(.itemRemoved(name: "Nope"), .wrongPhase)
        store.reject(.cartDiscountSet(.percent(500)), .wrongPhase)
        store.reject(.cartDiscountCleared, .wrongPhase)
        store.reject(.checkoutStarted, .wrongPhase)
        store.reject(.refundStarted(order: "1001"), .wrongPhase)
    }

    @Test("start checkout needs items")
    func emptyCart() {
        var store = StoreHarness()
        store.reject(.checkoutStarted, .emptyCart)
        store.send(.cartDiscountSet(.amount(100)))
        store.reject(.checkoutStarted, .emptyCart)
    }

    @Test("reset restores the register's initial state")
    func reset() {
        var store = StoreHarness.inPayment(memberPoints: 100)
        store.send(.paymentTaken(.cash, amount: 5_000))
        store.send(.registerReset)
        #expect(store.register == RegisterState())
        store.send(.itemAdded(name: "A", price: 10, quantity: 1))
        store.send(.checkoutStarted)
        store.send(.paymentTaken(.cash, amount: 10))
        #expect(store.register.lastOrder?.id == "1001")
    }
}
