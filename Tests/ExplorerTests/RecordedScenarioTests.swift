import Foundation
import TestSupport
import Testing
import Wire

@testable import Explorer

/// The register page's recorder: the requests the page sent, in; the scenario that does
/// the same, out (`RecordedScenario`, written by `ScenarioWriter`). The scenario runs
/// green on the built-in simulator.
@Suite struct RecordedScenarioTests {
    /// A checkout with points, as the register page sends it; the fourth payment is
    /// refused (a card payment above what remains).
    static let checkoutWithPoints = """
        {"language": "LANGUAGE", "name": "Checkout with points",
         "actions": [
          {"endpoint": "register", "request": {"action": "setCatalog",
            "products": [{"name": "Coffee", "price": 450}, {"name": "Tea", "price": 380}]}},
          {"endpoint": "register", "request": {"id": 7, "action": "addItem", "name": "Coffee", "quantity": 2}},
          {"endpoint": "register", "request": {"action": "addItem", "name": "Tea"}},
          {"endpoint": "register", "request": {"action": "identifyMember", "points": 500}},
          {"endpoint": "register", "request": {"action": "startCheckout"}},
          {"endpoint": "register", "request": {"action": "applyPoints", "points": 300}},
          {"endpoint": "register", "request": {"action": "takePayment", "method": "card", "amount": 5000}},
          {"endpoint": "register", "request": {"action": "takePayment", "method": "cash", "amount": 1000}}
         ]}
        """

    @Test func aCheckoutWithPointsIsWrittenWithTheScreensSeenAndRunsGreen() async throws {
        let answer = RecordedScenario.answer(Self.checkoutWithPoints.replacingOccurrences(of: "LANGUAGE", with: "en"))
        let parsed = try JSONParser.parse(answer)
        #expect(parsed["ok"]?.boolValue == true, "\(answer)")
        let feature = try #require(parsed["feature"]?.stringValue)
        let expected = """
            # Recorded on the register page of spec-run simulate
            Feature: Recorded on the register page

              Scenario: Checkout with points
                Given the catalog:
                  | name   | price |
                  | Coffee | 450   |
                  | Tea    | 380   |
                When I add 2 "Coffee" to the cart
                Then the display shows the cart screen
                And the display shows subtotal ¥900
                And the display shows total ¥900
                When I add "Tea" to the cart
                Then the display shows subtotal ¥1,280
                And the display shows total ¥1,280
                When I identify a loyalty member with 500 points
                And I start checkout
                Then the display shows the payment screen
                And the display shows subtotal ¥1,280
                And the display shows total ¥1,280
                When I apply 300 points
                Then the display shows points ¥300
                And the display shows total ¥980
                When the customer tries to pay ¥5,000 by card
                Then it is rejected with "overpayment"
                When the customer pays ¥1,000 by cash
                Then the display shows the complete screen
                And the display does not show points
                And the display shows total ¥980
                And the display shows paid ¥1,000
                And the display shows change ¥20
                And the display received 5 updates
                And the last order is "1001"
                And the member has 200 points

            """
        #expect(feature == expected, "\(feature)")
        try await Self.expectGreen(feature, "checkout-en")
    }

    @Test func japaneseIsWrittenInTheJapaneseSteps() async throws {
        let answer = RecordedScenario.answer(Self.checkoutWithPoints.replacingOccurrences(of: "LANGUAGE", with: "ja"))
        let feature = try #require(try JSONParser.parse(answer)["feature"]?.stringValue, "\(answer)")
        #expect(feature.hasPrefix("# language: ja\n"))
        #expect(feature.contains("    ならば カスタマーディスプレイはお支払い画面である\n"), "\(feature)")
        #expect(feature.contains("    ならば カスタマーディスプレイにポイント¥300が表示される\n"), "\(feature)")
        #expect(feature.contains("    もし お客さまがカードで¥5,000を支払おうとする\n    ならば 「overpayment」で拒否される\n"), "\(feature)")
        try await Self.expectGreen(feature, "checkout-ja")
    }

    @Test func theCalendarIsWrittenWithItsViewAndLayout() async throws {
        let message = """
            {"actions": [
              {"endpoint": "calendar", "request": {"action": "setStaff", "staff": [{"name": "Sato"}]}},
              {"endpoint": "calendar", "request": {"action": "book", "reservation": "R1", "staff": "Sato",
                "start": "10:00", "end": "10:30"}},
              {"endpoint": "calendar", "request": {"action": "load"}},
              {"endpoint": "calendar", "request": {"action": "layout"}}]}
            """
        let feature = try RecordedScenario.feature(message)
        #expect(feature.contains("      | Sato | 1        |\n"), "\(feature)")
        #expect(feature.contains(#"I book "R1" with "Sato" from 10:00 to 10:30"#), "\(feature)")
        #expect(feature.contains(#"reservation "R1" is drawn at x 1200 with width 60"#), "\(feature)")
        try await Self.expectGreen(feature, "calendar")
    }

    @Test(
        "a request no step can say is refused, naming the action and the field",
        arguments: [
            (#"{"action": "reset"}"#, "action 1: reset has no step in docs/steps.md a scenario can use"),
            (#"{"action": "respond"}"#, #"action 1: "respond" is no action of the protocol"#),
            (
                #"{"action": "addItem", "name": "Coffee", "price": 450, "quantity": 2}"#,
                "action 1: addItem: quantity is 2 with a price (a step adds an item at a price once)"
            ),
            (
                #"{"action": "identifyMember", "points": 5, "member": "M-2"}"#,
                #"action 1: identifyMember: member is not the default member "M-1" (the steps identify that one)"#
            ),
            (
                #"{"action": "applyPoints", "points": "lots"}"#,
                #"action 1: applyPoints: points is "lots", not a whole number"#
            ),
            (
                #"{"action": "addItem", "name": "Tea \"Leaf\" O'Brien"}"#,
                #"action 1: addItem: name "Tea \"Leaf\" O'Brien" holds both kinds of quote, which no step string can"#
            ),
            (
                #"{"action": "setCatalog", "products": [{"name": " Tea", "price": 1}]}"#,
                #"action 1: setCatalog: products item 1 " Tea" starts or ends with a space, which a table cell drops"#
            ),
            (
                #"{"action": "addItem", "name": "Tea\u0000"}"#,
                #"action 1: addItem: name "Tea\u0000" holds a NUL character, which no feature file can"#
            ),
            (#"{"action": "load"}"#, "action 1: load is a calendar action, sent to /register"),
        ])
    func unwritableRequests(request: String, error: String) throws {
        let message = #"{"actions": [{"endpoint": "register", "request": \#(request)}]}"#
        let answer = try JSONParser.parse(RecordedScenario.answer(message))
        #expect(answer["ok"]?.boolValue == false)
        #expect(answer["error"]?.stringValue == error)
    }

    @Test func aTablesColumnsLineUpAsTheConsolesDo() {
        // A dash or a combining accent takes one column, a kanji two (`TableLayout`).
        let table = ScenarioWriter.table([
            ["name", "price"], ["Tea — large", "150"], ["Cafe\u{0301}", "200"], ["お茶", "120"],
        ])
        #expect(
            table == """
                      | name        | price |
                      | Tea — large | 150   |
                      | Cafe\u{0301}        | 200   |
                      | お茶        | 120   |

                """)
    }

    @Test func aMalformedRecordingIsRefusedWithItsReason() throws {
        let cases = [
            ("not json", "the recording is not JSON (invalid JSON at byte 1: "),
            (#"{"language": "fr", "actions": []}"#, #"language "fr" is not en or ja"#),
            (#"{"actions": 3}"#, "the recording has no list of actions"),
            (#"{"actions": [{"request": {}}]}"#, "action 1 needs an endpoint (register or calendar) and a request"),
            (#"{"name": "a\u0000b", "actions": []}"#, "the name holds a NUL character, which no feature file can"),
        ]
        for (message, reason) in cases {
            let error = #expect(throws: ExploreAction.Unwritable.self, "\(message) was written") {
                try RecordedScenario.feature(message)
            }
            #expect(error?.description.hasPrefix(reason) == true, "\(String(describing: error))")
        }
        let many =
            "["
            + Array(repeating: #"{"endpoint": "register", "request": {"action": "startCheckout"}}"#, count: 2_001)
            .joined(separator: ",") + "]"
        let error = #expect(throws: ExploreAction.Unwritable.self, "2,001 actions were written") {
            try RecordedScenario.feature(#"{"actions": \#(many)}"#)
        }
        #expect(error?.description == "the recording has 2001 actions (at most 2000)")
    }

    /// Every request the writer sends reads back as the same action: the page's requests
    /// and the explorer's are one vocabulary.
    @Test func everyExploreActionReadsBackFromItsRequest() throws {
        let actions: [ExploreAction] = [
            .setCatalog([.init(name: "Coffee", number: 450)]), .addItem(name: "Coffee", price: nil, quantity: 2),
            .addItem(name: "Bag", price: 10, quantity: nil), .setQuantity(name: "Coffee", quantity: 3),
            .removeItem(name: "Bag"), .discountAmount(100), .discountPercent(10), .clearDiscount,
            .identifyMember(points: 500), .clearMember, .startCheckout, .applyPoints(100), .editCart,
            .takePayment(.qr, amount: 100), .cancelPayments, .completeWithoutPayment, .nextCustomer,
            .startRefund(order: "1001"), .confirmRefund, .cancelRefund, .setStaff([.init(name: "Sato", number: 2)]),
            .book(id: "R1", staff: "Sato", start: 600, end: 630), .cancelBooking(id: "R1"),
            .setMenu(id: "R1", [.init(name: "Cut", number: 4000)]), .setService(mode: "failing", message: "timeout"),
            .setService(mode: "hang", message: nil), .load, .release, .checkoutReservation(id: "R1"), .layout,
            .viewState,
        ]
        for action in actions {
            let request = try #require(try JSONParser.parse(action.request(id: 1)).objectValue)
            #expect(try ExploreAction(endpoint: action.endpoint, request: request) == action)
        }
    }

    /// Runs `feature` with the built binary on its built-in simulator and expects it to pass.
    static func expectGreen(_ feature: String, _ label: String) async throws {
        let folder = try BuiltBinary.temporaryDirectory("recorded-\(label)")
        let file = folder.appendingPathComponent("recorded.feature")
        try feature.write(to: file, atomically: true, encoding: .utf8)
        let output = try await BuiltBinary.execute([file.path], in: folder)
        #expect(
            output.status == 0,
            "\(label): fails on the built-in simulator\n\(feature)\n\(output.stdout)\(output.stderr)")
    }
}
