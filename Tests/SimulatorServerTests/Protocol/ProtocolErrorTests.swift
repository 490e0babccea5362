import Foundation
import Simulator
import Testing

@testable import SimulatorServer

@Suite("Protocol: badRequest, unknownAction and badParameter")
struct ProtocolErrorTests {
    @Test(
        "malformed JSON is badRequest with a null id",
        arguments: [
            "", "{", "nope", #"{"id": 1, "action": "getState""#, #"{"id": 1,}"#, "[1, 2]", "42", #""text""#,
            #"{"id": 1, "action": "get\qState"}"#, #"{"id": 1 "action": 2}"#, "{\"a\": \"\u{01}\"}",
            String(repeating: "[", count: 100_000), #"{"id": 01}"#, #"{"a": "\ud800"}"#, "{\"id\": 1} x",
        ])
    func malformed(text: String) throws {
        var harness = EngineHarness()
        let response = try harness.sendText(.register, text)
        #expect(response["ok"] as? Bool == false)
        #expect(response["id"] is NSNull)
        let error = try #require(response["error"] as? [String: Any])
        #expect(error["code"] as? String == "badRequest")
    }

    @Test("a missing or non-string action is badRequest with the id echoed")
    func missingAction() throws {
        var harness = EngineHarness()
        var response = try harness.sendText(.register, #"{"id": 3}"#)
        #expect(int(response["id"]) == 3)
        #expect((response["error"] as? [String: Any])?["code"] as? String == "badRequest")
        response = try harness.sendText(.calendar, #"{"id": 4, "action": 12}"#)
        #expect((response["error"] as? [String: Any])?["code"] as? String == "badRequest")
    }

    @Test("an unknown action is unknownAction on either endpoint")
    func unknownAction() throws {
        var harness = EngineHarness()
        try harness.error(.register, ["action": "fly"], code: "unknownAction")
        try harness.error(.register, ["action": "book"], code: "unknownAction")
        try harness.error(.calendar, ["action": "addItem", "name": "A"], code: "unknownAction")
    }

    @Test(
        "a missing or mistyped required field is badParameter naming it",
        arguments: [
            (#"{"action": "addItem"}"#, "name"),
            (#"{"action": "addItem", "name": 5}"#, "name"),
            (#"{"action": "addItem", "name": "A", "price": "100"}"#, "price"),
            (#"{"action": "addItem", "name": "A", "price": 1.5}"#, "price"),
            (#"{"action": "addItem", "name": "A", "price": 1, "quantity": true}"#, "quantity"),
            (#"{"action": "setQuantity", "name": "A"}"#, "quantity"),
            (#"{"action": "removeItem"}"#, "name"),
            (#"{"action": "setCatalog"}"#, "products"),
            (#"{"action": "setCatalog", "products": "x"}"#, "products"),
            (#"{"action": "setCatalog", "products": [5]}"#, "products[0]"),
            (#"{"action": "setCatalog", "products": [{"name": "A", "price": 1}, {"name": "B"}]}"#, "products[1].price"),
            (#"{"action": "setCatalog", "products": [{"price": 1}]}"#, "products[0].name"),
            (#"{"action": "setCartDiscount"}"#, "amount"),
            (#"{"action": "setCartDiscount", "amount": 1, "percent": 1}"#, "amount"),
            (#"{"action": "setCartDiscount", "percent": "10"}"#, "percent"),
            (#"{"action": "identifyMember"}"#, "points"),
            (#"{"action": "identifyMember", "points": 1, "member": 1}"#, "member"),
            (#"{"action": "applyPoints", "points": "1"}"#, "points"),
            (#"{"action": "takePayment", "amount": 1}"#, "method"),
            (#"{"action": "takePayment", "method": "bitcoin", "amount": 1}"#, "method"),
            (#"{"action": "takePayment", "method": "cash"}"#, "amount"),
            (#"{"action": "startRefund"}"#, "order"),
            (#"{"action": "startRefund", "order": 1001}"#, "order"),
        ])
    func badParameter(request: String, field: String) throws {
        var harness = EngineHarness()
        let error = try harness.error(.register, json: request, code: "badParameter")
        #expect(error["field"] as? String == field)
        #expect((error["message"] as? String)?.contains("\"\(field)\"") == true)
    }

    @Test("a word outside a field's choices names the words it takes, sorted, and what came")
    func unknownChoice() throws {
        var harness = EngineHarness()
        let method = try harness.error(
            .register, json: #"{"action": "takePayment", "method": "bitcoin", "amount": 1}"#, code: "badParameter")
        #expect(method["message"] as? String == #"Parameter "method" must be one of card, cash, qr (got "bitcoin")."#)
        let pane = try harness.error(
            .calendar, json: #"{"action": "scroll", "pane": "side", "x": 1}"#, code: "badParameter")
        #expect(pane["message"] as? String == #"Parameter "pane" must be one of grid, header, staff (got "side")."#)
    }

    @Test("unknown extra fields are ignored, and an integral 2.0 counts as 2")
    func extraFields() throws {
        var harness = EngineHarness()
        let state = try harness.ok(
            .register, ["action": "addItem", "name": "A", "price": 100, "quantity": 2.0, "colour": "blue"])
        #expect(int((state["lines"] as? [[String: Any]])?.first?["quantity"]) == 2)
    }

    @Test("huge numbers are badParameter, never a trap")
    func hugeNumbers() throws {
        var harness = EngineHarness()
        for literal in ["1e400", "99999999999999999999999", "-1e300", "1e16", "9007199254740992"] {
            let response = try harness.sendText(
                .register, #"{"id": 1, "action": "addItem", "name": "A", "price": "# + literal + "}")
            let error = try #require(response["error"] as? [String: Any])
            #expect(error["code"] as? String == "badParameter" || error["code"] as? String == "invalidPrice")
        }
    }

    @Test("strings with escapes and non-ASCII text survive the round trip")
    func escapes() throws {
        var harness = EngineHarness()
        let response = try harness.sendText(
            .register, #"{"id": 1, "action": "addItem", "name": "\"T\\e\u00e9\ud83c\udf75\n\/", "price": 1}"#)
        let lines = try #require((response["state"] as? [String: Any])?["lines"] as? [[String: Any]])
        #expect(lines.first?["name"] as? String == "\"T\\eé🍵\n/")
    }
}
