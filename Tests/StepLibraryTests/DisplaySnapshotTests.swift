import Testing

@testable import StepLibrary

@Suite("Display snapshots")
struct DisplaySnapshotTests {
    static let payment = """
        <main data-screen="payment">
          <ul>
            <li data-field="line" data-name="Coffee" data-quantity="2" data-amount="900">Coffee ×2 ¥900</li>
            <li data-field="line" data-name="Tea &amp; &quot;Cake&quot;" data-quantity="1" data-amount="450">Tea &amp; &quot;Cake&quot; ×1 ¥450</li>
          </ul>
          <p data-field="subtotal" data-amount="1350">小計 ¥1,350</p>
          <p data-field="discount" data-amount="100">割引 -¥100</p>
          <p data-field="points" data-amount="300">ポイント利用 -¥300</p>
          <p data-field="total" data-amount="950">合計 ¥950</p>
        </main>
        """

    @Test("the protocol's example reads as screen, lines and fields")
    func protocolExample() throws {
        let snapshot = DisplaySnapshot(html: Self.payment)
        #expect(snapshot.screen == "payment")
        #expect(snapshot.lines.count == 2)
        let first = try #require(snapshot.lines.first)
        #expect(first.itemName == "Coffee")
        #expect(first.quantity == 2)
        #expect(first.amount == 900)
        #expect(snapshot.lines.last?.itemName == #"Tea & "Cake""#)
        #expect(snapshot.field("subtotal")?.amount == 1350)
        #expect(snapshot.field("discount")?.amount == 100)
        #expect(snapshot.field("points")?.amount == 300)
        #expect(snapshot.field("total")?.amount == 950)
        #expect(snapshot.field("paid") == nil)
        #expect(snapshot.field("total")?.text == "合計 ¥950")
    }

    @Test("the text has tags stripped, entities decoded and whitespace collapsed")
    func text() {
        let snapshot = DisplaySnapshot(html: Self.payment)
        #expect(snapshot.text.contains(#"Tea & "Cake" ×1 ¥450"#))
        #expect(snapshot.text.contains("小計 ¥1,350 割引 -¥100"))
        #expect(!snapshot.text.contains("<"))
        #expect(!snapshot.text.contains("&amp;"))
    }

    @Test("escaped markup in a product name stays text")
    func escapedMarkup() {
        let html =
            #"<main data-screen='cart'><li data-field="line" data-name="&lt;b&gt;Tea&lt;/b&gt;" data-quantity=1 data-amount=100>&lt;b&gt;Tea&lt;/b&gt; &#215;1 &#x00A5;100</li></main>"#
        let snapshot = DisplaySnapshot(html: html)
        #expect(snapshot.screen == "cart")
        #expect(snapshot.lines.first?.itemName == "<b>Tea</b>")
        #expect(snapshot.lines.first?.quantity == 1)
        #expect(snapshot.text == "<b>Tea</b> ×1 ¥100")
    }

    @Test("spaces of every kind collapse to one, attribute names are case-blind and the last repeat wins")
    func whitespaceAndAttributes() {
        let html =
            "<MAIN Data-Screen=\"payment\">\n <P data-field=\"total\" data-amount=\"5\" DATA-AMOUNT=\" 950 \">"
            + "合計\u{3000}\u{3000}&nbsp;\t¥950\u{00A0}</P>\u{3000}</MAIN>"
        let snapshot = DisplaySnapshot(html: html)
        #expect(snapshot.screen == "payment")
        #expect(snapshot.field("total")?.amount == 950)
        #expect(snapshot.field("total")?.text == "合計 ¥950")
        #expect(snapshot.text == "合計 ¥950")
    }

    @Test("a page without the contract's markers has no screen and no fields")
    func noMarkers() {
        let snapshot = DisplaySnapshot(html: "<html><body><p>hello</p><script>var x = '<p>';</script></body></html>")
        #expect(snapshot.screen == nil)
        #expect(snapshot.fields.isEmpty)
        #expect(snapshot.text == "hello")
        #expect(snapshot.readable(.en).hasPrefix("screen: (none"))
    }

    @Test(
        "broken HTML never crashes",
        arguments: ["<", "<main data-screen=\"x", "&", "&#xZZ;", "<p data-field>", "</p></p>", "<!-- x"])
    func broken(html: String) {
        _ = DisplaySnapshot(html: html).readable(.en)
    }

    @Test("the readable form shows the screen and each field with its value, not HTML")
    func readable() {
        let readable = DisplaySnapshot(html: Self.payment).readable(.en)
        #expect(
            readable == """
                screen: payment
                  line      Coffee ×2 ¥900
                  line      Tea & "Cake" ×1 ¥450
                  subtotal  ¥1,350
                  discount  ¥100
                  points    ¥300
                  total     ¥950
                """)
    }

    @Test("fields without an amount show their text")
    func greeting() {
        let readable = DisplaySnapshot(
            html: #"<main data-screen="welcome"><h1 data-field="greeting">いらっしゃいませ</h1></main>"#
        ).readable(.en)
        #expect(readable == "screen: welcome\n  greeting  いらっしゃいませ")
    }

    @Test("in Japanese, the greeting and the thanks are named in Japanese too; an unknown field keeps its name")
    func japaneseTextFields() {
        let welcome = DisplaySnapshot(
            html: #"<main data-screen="welcome"><h1 data-field="greeting">いらっしゃいませ</h1></main>"#)
        #expect(welcome.readable(.ja) == "画面: ようこそ\n  あいさつ  いらっしゃいませ")
        let complete = DisplaySnapshot(
            html: #"<main data-screen="complete"><p data-field="thanks">ありがとうございました</p><p data-field="qr">x</p></main>"#
        )
        #expect(complete.readable(.ja) == "画面: 完了\n  お礼      ありがとうございました\n  qr        x")
    }

    @Test("a field's text includes its nested elements' text; void and self-closing fields have none")
    func nestedFields() {
        let snapshot = DisplaySnapshot(
            html:
                #"<main data-screen="cart"><div data-field="outer">A <span data-field="inner">B</span> C<br data-field="br">D</div><img data-field="img"/></main>"#
        )
        #expect(snapshot.fields.map(\.name) == ["outer", "inner", "br", "img"])
        #expect(snapshot.fields.map(\.text) == ["A B CD", "B", "", ""])
        #expect(snapshot.text == "A B CD")
    }

    @Test("script bodies and comments hold no fields, whatever the tag's case")
    func scriptsAndComments() {
        let snapshot = DisplaySnapshot(
            html:
                #"<main data-screen="x"><SCRIPT>if (a<b) { "<p data-field='x'>" }</script><p data-field="total" data-amount="5">t</p><!-- <p data-field="hidden"> --></main>"#
        )
        #expect(snapshot.fields.map(\.name) == ["total"])
        #expect(snapshot.field("total")?.amount == 5)
        #expect(snapshot.text == "t")
    }

    @Test("an end tag also closes the elements left open inside it")
    func unclosedInside() {
        let snapshot = DisplaySnapshot(html: #"<main data-screen="x"><p data-field="a">x<b>y</p>z</main>"#)
        #expect(snapshot.field("a")?.text == "xy")
        #expect(snapshot.text == "xyz")
    }
}
