import Foundation
import Simulator
import Testing

@testable import SimulatorServer

@Suite("Protocol: /register actions")
struct RegisterCodecTests {
    static var coffeeCatalog: [String: Any] {
        [
            "action": "setCatalog", "products": [["name": "Coffee", "price": 450], ["name": "Cake", "price": 600]],
        ]
    }

    @Test("the state carries every field protocol.md lists")
    func stateFields() throws {
        var harness = EngineHarness()
        let state = try harness.ok(.register, ["action": "getState"])
        for field in [
            "phase", "lines", "subtotal", "discount", "pointsToUse", "pointsApplied", "total", "paid", "remaining",
            "change", "member", "members", "lastOrder", "orders",
        ] {
            #expect(state.keys.contains(field), "missing \(field)")
        }
        #expect(state["phase"] as? String == "notEntered")
        #expect(state["member"] is NSNull)
        #expect(state["lastOrder"] is NSNull)
    }

    @Test("every response carries the catalog as it is now, through changes, resets and other requests")
    func catalogFollowsChanges() throws {
        var harness = EngineHarness()
        func names(_ state: [String: Any]) -> [String?] {
            (state["catalog"] as? [[String: Any]] ?? []).map { $0["name"] as? String }
        }
        #expect(names(try harness.ok(.register, Self.coffeeCatalog)) == ["Coffee", "Cake"])
        #expect(names(try harness.ok(.register, ["action": "addItem", "name": "Cake"])) == ["Coffee", "Cake"])
        try harness.ok(.calendar, ["action": "getState"])
        let renamed = ["action": "setCatalog", "products": [["name": "Tea \"No.1\"", "price": 300]]] as [String: Any]
        var state = try harness.ok(.register, renamed)
        #expect(names(state) == ["Tea \"No.1\""])
        #expect((state["catalog"] as? [[String: Any]])?.first.map { int($0["price"]) } == 300)
        state = try harness.ok(.register, ["action": "reset"])
        #expect(names(state) == [])
        #expect(names(try harness.ok(.register, Self.coffeeCatalog)) == ["Coffee", "Cake"])
    }

    @Test("a whole sale over the wire: catalog, items, discount, member, points, payments, next customer")
    func wholeSale() throws {
        var harness = EngineHarness()
        try harness.ok(.register, Self.coffeeCatalog)
        try harness.ok(.register, ["action": "addItem", "name": "Coffee", "quantity": 2])
        try harness.ok(.register, ["action": "addItem", "name": "Bag", "price": 5])
        var state = try harness.ok(.register, ["action": "setQuantity", "name": "Bag", "quantity": 3])
        let lines = try #require(state["lines"] as? [[String: Any]])
        #expect(lines.map { $0["name"] as? String } == ["Coffee", "Bag"])
        #expect(lines.map { int($0["unitPrice"]) } == [450, 5])
        #expect(lines.map { int($0["quantity"]) } == [2, 3])
        try harness.ok(.register, ["action": "addItem", "name": "Cake"])
        try harness.ok(.register, ["action": "removeItem", "name": "Cake"])
        state = try harness.ok(.register, ["action": "setCartDiscount", "percent": 10])
        #expect(int(state["discount"]) == 91)
        try harness.ok(.register, ["action": "clearCartDiscount"])
        state = try harness.ok(.register, ["action": "setCartDiscount", "amount": 15])
        #expect(int(state["subtotal"]) == 915)
        #expect(int(state["total"]) == 900)
        state = try harness.ok(.register, ["action": "identifyMember", "points": 500])
        let member = try #require(state["member"] as? [String: Any])
        #expect(member["id"] as? String == "M-1")
        #expect(int(member["points"]) == 500)
        try harness.ok(.register, ["action": "identifyMember", "member": "M-9", "points": 5])
        try harness.ok(.register, ["action": "clearMember"])
        try harness.ok(.register, ["action": "identifyMember", "points": 500])
        try harness.ok(.register, ["action": "startCheckout"])
        state = try harness.ok(.register, ["action": "applyPoints", "points": 200])
        #expect(int(state["pointsToUse"]) == 200)
        #expect(int(state["pointsApplied"]) == 200)
        #expect(int(state["total"]) == 700)
        state = try harness.ok(.register, ["action": "takePayment", "method": "card", "amount": 300])
        #expect(state["phase"] as? String == "ordering")
        #expect(int(state["paid"]) == 300)
        #expect(int(state["remaining"]) == 400)
        try harness.ok(.register, ["action": "cancelPayments"])
        try harness.ok(.register, ["action": "takePayment", "method": "qr", "amount": 200])
        state = try harness.ok(.register, ["action": "takePayment", "method": "cash", "amount": 1_000])
        #expect(state["phase"] as? String == "complete")
        #expect(int(state["change"]) == 500)
        #expect(state["lastOrder"] as? String == "1001")
        let orders = try #require(state["orders"] as? [[String: Any]])
        #expect(orders.first?["id"] as? String == "1001")
        #expect(int(orders.first?["total"]) == 700)
        #expect(int(orders.first?["pointsUsed"]) == 200)
        #expect(orders.first?["refunded"] as? Bool == false)
        #expect(orders.first?["member"] as? String == "M-1")
        state = try harness.ok(.register, ["action": "nextCustomer"])
        #expect(state["phase"] as? String == "notEntered")
        let members = try #require(state["members"] as? [[String: Any]])
        #expect(members.map { $0["id"] as? String } == ["M-1", "M-9"])
        #expect(members.map { int($0["points"]) } == [300, 5])
    }

    @Test("edit cart, complete without payment, refunds and reset")
    func otherActions() throws {
        var harness = EngineHarness()
        try harness.ok(.register, ["action": "addItem", "name": "Tea", "price": 300])
        try harness.ok(.register, ["action": "identifyMember", "points": 1_000])
        try harness.ok(.register, ["action": "startCheckout"])
        try harness.ok(.register, ["action": "editCart"])
        try harness.ok(.register, ["action": "startCheckout"])
        try harness.ok(.register, ["action": "applyPoints", "points": 300])
        var state = try harness.ok(.register, ["action": "completeWithoutPayment"])
        #expect(state["phase"] as? String == "complete")
        try harness.ok(.register, ["action": "nextCustomer"])
        state = try harness.ok(.register, ["action": "startRefund", "order": "1001"])
        #expect(state["phase"] as? String == "refunding")
        #expect(state["order"] as? String == "1001")
        #expect(int(state["refundAmount"]) == 0)
        try harness.ok(.register, ["action": "cancelRefund"])
        try harness.ok(.register, ["action": "startRefund", "order": "1001"])
        state = try harness.ok(.register, ["action": "confirmRefund"])
        let orders = try #require(state["orders"] as? [[String: Any]])
        #expect(orders.first?["refunded"] as? Bool == true)
        state = try harness.ok(.register, ["action": "reset"])
        #expect((state["orders"] as? [Any])?.isEmpty == true)
        #expect((state["members"] as? [Any])?.isEmpty == true)
    }

    @Test("domain rejections come back with their code and message, state unchanged")
    func rejections() throws {
        var harness = EngineHarness()
        try harness.ok(.register, Self.coffeeCatalog)
        let error = try harness.error(
            .register, ["action": "addItem", "name": "Coffee", "quantity": 0], code: "invalidQuantity")
        #expect(error["message"] as? String == "Quantity must be at least 1 (got 0).")
        try harness.error(.register, ["action": "addItem", "name": "Tea"], code: "unknownProduct")
        try harness.error(.register, ["action": "startCheckout"], code: "emptyCart")
        try harness.error(.register, ["action": "takePayment", "method": "cash", "amount": 1], code: "wrongPhase")
        try harness.error(.register, ["action": "startRefund", "order": "1001"], code: "unknownOrder")
    }

    @Test("a whole number beyond Int's range is too large for the rule, not a malformed parameter")
    func wholeNumbersBeyondInt() throws {
        var harness = EngineHarness()
        try harness.ok(.register, Self.coffeeCatalog)
        // Int.max as a double (what a client that keeps numbers as doubles sends) is 2^63.
        try harness.error(
            .register, json: #"{"action":"addItem","name":"Coffee","quantity":9.223372036854776e18}"#,
            code: "invalidQuantity")
        try harness.error(
            .register, json: #"{"action":"addItem","name":"X","price":9223372036854775808}"#, code: "invalidPrice")
        try harness.error(
            .register, json: #"{"action":"setCartDiscount","percent":1e300}"#, code: "invalidDiscount")
        // Not a whole number: still malformed.
        try harness.error(
            .register, json: #"{"action":"addItem","name":"Coffee","quantity":1.5}"#, code: "badParameter")
    }

    @Test("id is echoed verbatim: numbers, strings and null")
    func idEcho() throws {
        var harness = EngineHarness()
        var response = try harness.sendText(.register, #"{"id": 42, "action": "getState"}"#)
        #expect(int(response["id"]) == 42)
        response = try harness.sendText(.register, #"{"id": "abc", "action": "getState"}"#)
        #expect(response["id"] as? String == "abc")
        response = try harness.sendText(.register, #"{"action": "getState"}"#)
        #expect(response["id"] is NSNull)
        #expect(response["ok"] as? Bool == true)
        let raw = harness.engine.handle(#"{"id": 7, "action": "nope"}"#, on: .register)
        #expect(raw.hasPrefix(#"{"id":7,"ok":false,"error":{"code":"unknownAction""#))
    }
}
