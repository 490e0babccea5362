import CucumberExpressions
import Testing
import Wire

@testable import SpecRunner
@testable import StepLibrary

/// The words QA wrote (issue 31): each is one step, exactly one definition, with the
/// values it says. The features in `features/wordings/` and `features/ja/wordings/` run
/// them on the built-in simulator.
@Suite("The words QA wrote")
struct OtherWordingsTests {
    /// Each wording, the step it is, and (when it has them) the values it gives, as text.
    static let english: [(text: String, step: String, values: [String])] = [
        ("I apply 1,000 points", "I apply {int} points", ["1000"]),
        (
            "the customer is a loyalty member with 1,500 points", "the customer is a loyalty member with {int} points",
            ["1500"]
        ),
        ("the member has 1,200 points", "the member has {int} points", ["1200"]),
        ("the display shows the total ¥600", "the display shows {field} {yen}", ["total", "600"]),
        ("the customer display shows the total ¥600", "the display shows {field} {yen}", ["total", "600"]),
        ("the customer display shows the cart screen", "the display shows the {screen} screen", ["cart"]),
        ("the customer display does not show the discount", "the display does not show {field}", ["discount"]),
        (#"it should be rejected with "emptyCart""#, "it is rejected with {string}", ["emptyCart"]),
        ("it should succeed", "it succeeds", []),
        ("the display should show total ¥600", "the display shows {field} {yen}", ["total", "600"]),
        ("the customer display should show the total ¥600", "the display shows {field} {yen}", ["total", "600"]),
        (#"the last order should be "1001""#, "the last order is {string}", ["1001"]),
        ("the customer pays ¥320 in cash", "the customer pays {yen} by {method}", ["320", "cash"]),
        ("the customer pays ¥320 with card", "the customer pays {yen} by {method}", ["320", "card"]),
        ("the customer tries to pay ¥320 in cash", "the customer tries to pay {yen} by {method}", ["320", "cash"]),
        ("the display has been updated 3 times", "the display received {int} update(s)", ["3"]),
        ("the display was updated 1 time", "the display received {int} update(s)", ["1"]),
        ("the customer display should have been updated 2 times", "the display received {int} update(s)", ["2"]),
        ("I set the catalog:", "the catalog:", []),
        ("I set the staff:", "the staff:", []),
        ("I load the calendar", "the calendar loads", []),
        ("the calendar tries to load", "I try to load the calendar", []),
        (
            "I set the viewport to 600 wide and 200 high", "the viewport is {float} wide and {float} high",
            ["600.0", "200.0"]
        ),
        ("I proceed to checkout", "I start checkout", []),
        ("I try to proceed to checkout", "I try to start checkout", []),
        ("the visible time range is 9:00 to 14:00", "the visible time range is {time} to {time}", ["9:00", "14:00"]),
        (#"reservation "R2" is drawn at y 48"#, "reservation {string} is drawn at y {float}", ["R2", "48.0"]),
        (
            #"the calendar shows the error view with "timeout""#, "the calendar shows the error view with {string}",
            ["timeout"]
        ),
        (#"order "1001" is refunded"#, "order {string} is refunded", ["1001"]),
        ("order 1001 is refunded", "order {string} is refunded", ["1001"]),
        ("the second display received 1 update", "the second display received {int} update(s)", ["1"]),
        ("the second display has been updated 2 times", "the second display received {int} update(s)", ["2"]),
    ]

    static let japanese: [(text: String, step: String, values: [String])] = [
        ("1,000ポイントを利用する", "{int}ポイントを利用する", ["1000"]),
        ("お客さまは１，５００ポイントを持つ会員である", "お客さまは{int}ポイントを持つ会員である", ["1500"]),
        ("お会計へ進む", "お会計に進む", []),
        ("お会計へ進もうとする", "お会計に進もうとする", []),
        ("「emptyCart」で拒否されること", "{string}で拒否される", ["emptyCart"]),
        ("成功すること", "成功する", []),
        ("カスタマーディスプレイに合計¥600が表示されること", "カスタマーディスプレイに{field}{yen}が表示される", ["total", "600"]),
        ("カスタマーディスプレイに合計 ¥600 が表示される", "カスタマーディスプレイに{field}{yen}が表示される", ["total", "600"]),
        ("カスタマーディスプレイはカート画面であること", "カスタマーディスプレイは{screen}画面である", ["cart"]),
        ("カスタマーディスプレイに次の明細が表示されること:", "カスタマーディスプレイに次の明細が表示される:", []),
        ("カートに「ラテ」を2つ追加する", "カートに{string}を{int}個追加する", ["ラテ", "2"]),
        ("カートに「ラテ」を2点追加する", "カートに{string}を{int}個追加する", ["ラテ", "2"]),
        ("カートに「ラテ」を2つ追加しようとする", "カートに{string}を{int}個追加しようとする", ["ラテ", "2"]),
        ("「ラテ」の数量を3つに変更する", "{string}の数量を{int}に変更する", ["ラテ", "3"]),
        ("「R1」を「Aoi」に10時から11時30分まで予約する", "{string}を{string}に{time}から{time}まで予約する", ["R1", "Aoi", "10:00", "11:30"]),
        ("グリッドを9時半までスクロールする", "グリッドを{time}までスクロールする", ["9:30"]),
        ("予約「R1」はx 1200、幅 60で描画される", "予約{string}はx{float}、幅{float}で描画される", ["R1", "1200.0", "60.0"]),
        ("予約「R1」は x 1200、幅 60 で描画されること", "予約{string}はx{float}、幅{float}で描画される", ["R1", "1200.0", "60.0"]),
        // The amount first, as written: the step reads its values by type.
        ("お客さまが¥320を現金で支払う", "お客さまが{method}で{yen}を支払う", ["320", "cash"]),
        ("お客さまが¥320を現金で支払おうとする", "お客さまが{method}で{yen}を支払おうとする", ["320", "cash"]),
        ("商品カタログを設定する:", "商品カタログ:", []),
        ("商品カタログを設定する：", "商品カタログ:", []),
        ("カスタマーディスプレイが3回更新された", "カスタマーディスプレイは{int}回更新された", ["3"]),
        ("表示されている時間帯は9時から14時までである", "表示されている時間帯は{time}から{time}までである", ["9:00", "14:00"]),
        ("予約「R2」はy48で描画される", "予約{string}はy{float}で描画される", ["R2", "48.0"]),
        ("カレンダーはエラー画面で「タイムアウト」を表示している", "カレンダーはエラー画面で{string}を表示している", ["タイムアウト"]),
        ("注文「1001」は返品済みである", "注文{string}は返品済みである", ["1001"]),
        ("注文1001は返品済みであること", "注文{string}は返品済みである", ["1001"]),
        ("2台目のディスプレイは1回更新された", "2台目のディスプレイは{int}回更新された", ["1"]),
        ("2台目のディスプレイが2回更新されたこと", "2台目のディスプレイは{int}回更新された", ["2"]),
    ]

    /// A value as text: a time as sent, a field or screen by its data name.
    static func text(_ value: any Sendable) -> String {
        switch value {
        case let time as WrittenTime: time.text
        case let field as DisplayField: field.rawValue
        case let screen as DisplayScreen: screen.rawValue
        case let method as PaymentMethod: method.rawValue
        default: "\(value)"
        }
    }

    @Test("each wording QA wrote is exactly one step, with its values", arguments: english + japanese)
    func wording(_ text: String, _ step: String, _ values: [String]) throws {
        let found = StepDefinitionTests.matches(text)
        #expect(found.map(\.expression.source) == [step], "`\(text)`")
        guard found.count == 1, let arguments = found.first?.expression.match(text) else { return }
        let read = try arguments.map { Self.text(try $0.value()) }
        #expect(read == values, "`\(text)`")
    }

    /// A line an expression matches: each parameter an example value, optional text left
    /// out or kept, the first word of an alternation.
    static func sample(_ expression: String, keepingOptional: Bool, japanese: Bool) -> String {
        let values = [
            "int": "2", GroupedInteger.typeName: "1,000", "float": "60", "string": japanese ? "「X」" : #""X""#,
            "yen": "¥100", "time": "10:00", "method": "cash", "field": "total", "screen": "cart",
        ]
        let line = try? ExpressionText.writeOut(expression, optionalParts: keepingOptional) { values[$0] ?? "?" }
        return line ?? "?"
    }

    @Test("every wording of every step is that step alone: a line made from it matches no other definition")
    func everyWordingIsOneStep() {
        let definitions = StepDefinitionTests.registry.definitions
        var lines = 0
        for (index, definition) in definitions.enumerated() {
            let japanese = definition.expression.source.unicodeScalars.contains { $0.value >= 0x3000 }
            for wording in definition.expression.wordings {
                for keep in [false, true] {
                    let line = Self.sample(wording.source, keepingOptional: keep, japanese: japanese)
                    let found = definitions.indices.filter { definitions[$0].expression.match(line) != nil }
                    #expect(
                        found == [index],
                        "`\(line)` (from `\(wording.source)`) matches \(found.map { definitions[$0].expression.source })"
                    )
                    lines += 1
                }
            }
        }
        #expect(lines > 2 * definitions.count)
    }

    @Test("a check's should form, and a try form made from another wording of the plain one")
    func rules() {
        #expect(OtherWordings.expectation("it is rejected with {string}", .en) == "it should be rejected with {string}")
        #expect(
            OtherWordings.expectation("the display does not show {field}", .en) == "the display should not show {field}"
        )
        #expect(OtherWordings.expectation("成功する", .ja) == "成功すること")
        #expect(OtherWordings.expectation("カスタマーディスプレイに次の明細が表示される:", .ja) == "カスタマーディスプレイに次の明細が表示されること:")
        #expect(
            OtherWordings.tryForm(of: "お会計へ進む", plain: "お会計に進む", try: "お会計に進もうとする") == "お会計へ進もうとする")
        #expect(
            OtherWordings.tryForm(
                of: "I proceed to checkout", plain: "I start checkout", try: "I try to start checkout")
                == "I try to proceed to checkout")
        #expect(OtherWordings.plainForm(ofTry: "カレンダーを読み込もうとする", .ja) == "カレンダーを読み込む")
        #expect(OtherWordings.plainForm(ofTry: "I try to set the catalog:", .en) == "I set the catalog:")
        #expect(OtherWordings.tryForm(ofPlain: "the calendar loads") == "the calendar tries to load")
        #expect(OtherWordings.tryForm(ofPlain: "the customer pays {yen}") == "the customer tries to pay {yen}")
        #expect(OtherWordings.tryForm(ofPlain: "the viewport is {float} wide and {float} high") == nil)
        #expect(OtherWordings.tryForm(ofPlain: "the calendar metrics are hour width {float}") == nil)
        #expect(OtherWordings.tryForm(ofPlain: "the booking service responds") == nil)
        #expect(
            OtherWordings.spaced("予約{string}はx{float}、幅{float}で描画される")
                == "予約( ){string}( )は( )x( ){float}( )、幅( ){float}( )で描画される")
    }

    @Test("a Japanese time is read as H:MM; a cell that is not one stays as written, to be told as such")
    func japaneseTimes() {
        #expect(ClockTime.japaneseClock("10時") == "10:00")
        #expect(ClockTime.japaneseClock("10時30分") == "10:30")
        #expect(ClockTime.japaneseClock("9時5分") == "9:05")
        #expect(ClockTime.japaneseClock("11時半") == "11:30")
        #expect(ClockTime.japaneseClock("10時5") == "10時5")
        #expect(ClockTime.japaneseClock("時") == "時")
        #expect(throws: ClockTime.Failure.self) { _ = try ClockTime.read("9じ") }
        #expect((try? ClockTime.read("１０時３０分"))?.text == "10:30")
    }

    @Test("the catalogue lists the wordings QA read, not the spacing and full-width forms")
    func catalogueNamesThem() throws {
        let english = try #require(
            QAStepLibrary.catalogue(.en).first { $0.expression == "the display shows {field} {yen}" })
        #expect(english.alsoWritten.contains("the customer display shows the {field} {yen}"))
        #expect(english.alsoWritten.contains("the display should show {field} {yen}"))
        let japanese = try #require(QAStepLibrary.catalogue(.ja).first { $0.expression == "{int}%の全体割引を設定する" })
        #expect(japanese.alsoWritten.isEmpty, "\(japanese.alsoWritten)")
        #expect(english.step != japanese.step)
        let pair = QAStepLibrary.catalogue(.ja).first { $0.step == english.step }
        #expect(pair?.expression == "カスタマーディスプレイに{field}{yen}が表示される")
    }
}
