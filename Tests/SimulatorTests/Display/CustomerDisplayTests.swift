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
        #expect(html.contains(#"<p data-field="total" data-amount="1400">合計 ¥1,400</p>"#))
        #expect(html.contains(#"<p data-field="discount" data-amount="100">割引 -¥100</p>"#))
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
              <ul>
                <li data-field="line" data-name="Coffee" data-quantity="2" data-amount="900">Coffee ×2 ¥900</li>
              </ul>
              <p data-field="subtotal" data-amount="900">小計 ¥900</p>
              <p data-field="discount" data-amount="100">割引 -¥100</p>
              <p data-field="points" data-amount="300">ポイント利用 -¥300</p>
              <p data-field="total" data-amount="500">合計 ¥500</p>
            </main>
            """
        #expect(CustomerDisplay.render(store.state) == expected)
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
        #expect(html.contains(#"<p data-field="paid" data-amount="1000">お預かり ¥1,000</p>"#))
        #expect(html.contains(#"<p data-field="remaining" data-amount="500">残り ¥500</p>"#))
    }

    @Test("the complete screen shows change even when it is ¥0, and thanks")
    func complete() {
        var store = StoreHarness.inPayment()
        store.send(.paymentTaken(.card, amount: 1_500))
        let html = CustomerDisplay.render(store.state)
        #expect(Self.screen(html) == "complete")
        #expect(Self.fields(html) == ["total", "paid", "change", "thanks"])
        #expect(html.contains(#"<p data-field="change" data-amount="0">お釣り ¥0</p>"#))
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
        #expect(html.contains(#"<p data-field="refund" data-amount="1300">返金 ¥1,300</p>"#))
        #expect(html.contains(#"data-name="Coffee" data-quantity="2" data-amount="900""#))
    }

    @Test("names are escaped in text and attributes")
    func escaping() {
        var store = StoreHarness()
        store.send(.itemAdded(name: #"<b>Tea & "Cake"</b> 'x'"#, price: 1_200, quantity: 1))
        let html = CustomerDisplay.render(store.state)
        let escaped = "&lt;b&gt;Tea &amp; &quot;Cake&quot;&lt;/b&gt; &#39;x&#39;"
        #expect(html.contains("data-name=\"\(escaped)\""))
        #expect(html.contains(">\(escaped) ×1 ¥1,200</li>"))
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
