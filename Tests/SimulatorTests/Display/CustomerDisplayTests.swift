import Foundation
import Testing
import Wire

@testable import Simulator

@Suite("Customer display: screens and fields")
struct CustomerDisplayTests {
    /// The `data-field` names in a snapshot, in order.
    static func fields(_ html: String) -> [String] {
        html.components(separatedBy: "data-field=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
            .map(String.init)
    }

    /// A money field as the snapshot writes it: its label and amount in spans of their own.
    static func amount(_ field: String, _ amount: Int, _ label: String, _ text: String) -> String {
        #"<p data-field="\#(field)" data-amount="\#(amount)"><span class="label">\#(label)</span> "#
            + #"<span class="amount">\#(text)</span></p>"#
    }

    static func screen(_ html: String) -> String? {
        html.components(separatedBy: "data-screen=\"").dropFirst().first?.split(separator: "\"").first.map(String.init)
    }

    @Test("an empty cart shows the welcome screen with only the greeting")
    func welcome() {
        let html = CustomerDisplay.render(StoreState())
        #expect(html == "<main data-screen=\"welcome\">\n  <p data-field=\"greeting\">いらっしゃいませ</p>\n</main>")
    }

    @Test("the cart screen shows lines, subtotal, discount and total, never points")
    func cart() {
        var store = StoreHarness.inPayment(memberPoints: 500)
        store.send(.pointsApplied(300))
        store.send(.cartEditRequested)
        store.send(.cartDiscountSet(.amount(100)))
        let html = CustomerDisplay.render(store.state)
        #expect(Self.screen(html) == "cart")
        #expect(Self.fields(html) == ["line", "line", "subtotal", "discount", "total"])
        #expect(html.contains(Self.amount("total", 1400, "合計", "¥1,400")))
        #expect(html.contains(Self.amount("discount", 100, "割引", "-¥100")))
    }

    @Test("discount is absent when it is ¥0")
    func noDiscount() {
        let store = StoreHarness.withCart()
        #expect(Self.fields(CustomerDisplay.render(store.state)) == ["line", "line", "subtotal", "total"])
    }

    @Test("the payment screen is the protocol's example, with points when applied")
    func payment() {
        var store = StoreHarness()
        store.send(.itemAdded(name: "Coffee", price: 450, quantity: 2))
        store.send(.cartDiscountSet(.amount(100)))
        store.send(.memberIdentified(id: "M-1", points: 300))
        store.send(.checkoutStarted)
        store.send(.pointsApplied(300))
        let expected = """
            <main data-screen="payment">
              <h1>お支払い</h1>
              <ul>
                <li data-field="line" data-name="Coffee" data-quantity="2" data-amount="900">\
            <span class="name">Coffee</span> <span class="quantity">×2</span> <span class="amount">¥900</span></li>
              </ul>
              \(Self.amount("subtotal", 900, "小計", "¥900"))
              \(Self.amount("discount", 100, "割引", "-¥100"))
              \(Self.amount("points", 300, "ポイント利用", "-¥300"))
              \(Self.amount("total", 500, "合計", "¥500"))
            </main>
            """
        #expect(CustomerDisplay.render(store.state) == expected)
    }

    @Test("a screen's text, tags stripped, is its heading, then its fields' text as the contract writes them")
    func readableText() {
        var store = StoreHarness()
        store.send(.itemAdded(name: "Coffee", price: 450, quantity: 2))
        store.send(.cartDiscountSet(.amount(100)))
        store.send(.memberIdentified(id: "M-1", points: 300))
        store.send(.checkoutStarted)
        store.send(.pointsApplied(300))
        let text = CustomerDisplay.render(store.state).replacingOccurrences(
            of: "<[^>]*>", with: "", options: .regularExpression
        ).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text == "お支払い Coffee ×2 ¥900 小計 ¥900 割引 -¥100 ポイント利用 -¥300 合計 ¥500")
    }

    @Test("every screen but the welcome screen (its greeting) opens with a heading of its own")
    func headings() {
        let headings = DisplayScreen.allCases.compactMap { CustomerDisplay.heading(of: $0).map { "\($0)" } }
        #expect(headings == ["カート", "お支払い", "一部支払い", "完了", "返金"])
        let cart = CustomerDisplay.render(StoreHarness.withCart().state)
        #expect(cart.hasPrefix("<main data-screen=\"cart\">\n  <h1>カート</h1>\n"))
    }

    @Test("points are absent on the payment screen when none are applied")
    func paymentWithoutPoints() {
        let store = StoreHarness.inPayment(memberPoints: 500)
        #expect(Self.fields(CustomerDisplay.render(store.state)) == ["line", "line", "subtotal", "total"])
    }

    @Test("a partial payment shows total, paid and remaining only")
    func partial() {
        var store = StoreHarness.inPayment()
        store.send(.paymentTaken(.card, amount: 1_000))
        let html = CustomerDisplay.render(store.state)
        #expect(Self.screen(html) == "partial")
        #expect(Self.fields(html) == ["total", "paid", "remaining"])
        #expect(html.contains(Self.amount("paid", 1000, "お預かり", "¥1,000")))
        #expect(html.contains(Self.amount("remaining", 500, "残り", "¥500")))
    }

    @Test("the complete screen shows change even when it is ¥0, and thanks")
    func complete() {
        var store = StoreHarness.inPayment()
        store.send(.paymentTaken(.card, amount: 1_500))
        let html = CustomerDisplay.render(store.state)
        #expect(Self.screen(html) == "complete")
        #expect(Self.fields(html) == ["total", "paid", "change", "thanks"])
        #expect(html.contains(Self.amount("change", 0, "お釣り", "¥0")))
        #expect(html.contains("ありがとうございました"))
    }

    @Test("the refund screen shows the order's lines and its total as the refund")
    func refund() {
        var store = StoreHarness.inPayment(memberPoints: 200)
        store.send(.pointsApplied(200))
        store.send(.paymentTaken(.cash, amount: 1_300))
        store.send(.nextCustomerServed)
        store.send(.refundStarted(order: "1001"))
        let html = CustomerDisplay.render(store.state)
        #expect(Self.screen(html) == "refund")
        #expect(Self.fields(html) == ["line", "line", "refund"])
        #expect(html.contains(Self.amount("refund", 1300, "返金", "¥1,300")))
        #expect(html.contains(#"data-name="Coffee" data-quantity="2" data-amount="900""#))
    }

    @Test("names are escaped in text and attributes")
    func escaping() {
        var store = StoreHarness()
        store.send(.itemAdded(name: #"<b>Tea & "Cake"</b> 'x'"#, price: 1_200, quantity: 1))
        let html = CustomerDisplay.render(store.state)
        let escaped = "&lt;b&gt;Tea &amp; &quot;Cake&quot;&lt;/b&gt; &#39;x&#39;"
        #expect(html.contains("data-name=\"\(escaped)\""))
        #expect(
            html.contains(
                #">\#(escaped)</span> <span class="quantity">×1</span> <span class="amount">¥1,200</span></li>"#))
        #expect(!html.contains("<b>"))
    }

    @Test(
        "yen formatting groups thousands",
        arguments: [
            (0, "¥0"), (999, "¥999"), (1_200, "¥1,200"),
            (1_234_567, "¥1,234,567"), (-100, "-¥100"), (100_000, "¥100,000"),
        ])
    func yen(amount: Int, text: String) {
        #expect(YenText.format(amount) == text)
    }
}
