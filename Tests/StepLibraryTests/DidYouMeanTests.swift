import Testing

@testable import SpecRunner
@testable import StepLibrary

/// "Did you mean" over the real library: what QA most likely wrote instead of a step of
/// steps.md, and the step they meant, first.
@Suite("Did you mean, with the QA library")
struct DidYouMeanTests {
    static let suggester: StepSuggester = {
        let registry = QAStepLibrary.definitions.registry
        return StepSuggester(
            expressions: registry.definitions.map(\.expression), valueTypes: registry.parameterTypes.customTypes,
            synonyms: registry.synonyms)
    }()

    @Test(
        "the step meant comes first",
        arguments: [
            // Another verb for the library's (synonyms).
            (#"I reserve "R1" with "Aoi" from 10:00 to 11:00"#, "I book {string} with {string} from {time} to {time}"),
            (#"I delete "Latte" from the cart"#, "I remove {string} from the cart"),
            ("the products:", "the catalog:"),
            ("the display hides points", "the display does not show {field}"),
            // The library's own word said otherwise (`reservation` for `booking`).
            (#"I cancel reservation "R1""#, "I cancel booking {string}"),
            // A value that is also a word of the step (`discount`), and `{int}%` read as one value.
            ("I apply a discount of 10%", "I set a cart discount of {int}%"),
            // Every value of the library's types taken, the words around them all different.
            ("the total is ¥500", "the display shows {field} {yen}"),
            // Quoted text needs a step with a parameter for it.
            ("「ラテ」を削除する", "カートから{string}を削除する"),
            ("カートに「ラテ」を入れる", "カートに{string}を追加する"),
            ("「ラテ」をカートに入れる", "カートに{string}を追加する"),
            ("10%の割引を設定する", "{int}%の全体割引を設定する"),
            // Japanese names for the customer display, and a display step that does not name it.
            ("顧客ディスプレイは注文画面である", "カスタマーディスプレイは{screen}画面である"),
            ("お客様ディスプレイに合計¥300が表示される", "カスタマーディスプレイに{field}{yen}が表示される"),
            ("画面に「合計」が表示される", "カスタマーディスプレイに{string}と表示される"),
            ("ディスプレイに「コーヒー」と表示される", "カスタマーディスプレイに{string}と表示される"),
            ("2台目のディスプレイはお会計画面である", "2台目のディスプレイは{screen}画面である"),
            // A display check that names no display, as QA most often write one.
            ("合計468円が表示される", "カスタマーディスプレイに{field}{yen}が表示される"),
            ("合計は468円であること", "カスタマーディスプレイに{field}{yen}が表示される"),
            ("お釣りは480円と表示される", "カスタマーディスプレイに{field}{yen}が表示される"),
            ("完了画面が表示されること", "カスタマーディスプレイは{screen}画面である"),
            // Other ways of saying a check, a refusal, the catalog and a refund.
            ("ポイント残高が200になっていること", "会員のポイント残高は{int}である"),
            ("「overpayment」エラーになる", "{string}で拒否される"),
            // A value written among Japanese without its quotes.
            ("overpaymentエラーになること", "{string}で拒否される"),
            ("以下の商品が登録されている:", "商品カタログ:"),
            ("1001番の注文を返品する", "注文{string}の返品を開始する"),
            ("お客様が現金で¥500を支払う", "お客さまが{method}で{yen}を支払う"),
            ("カートから「ラテ」を取り除く", "カートから{string}を削除する"),
            // Starting the checkout, using points and cancelling, as QA say them.
            ("会計を開始する", "お会計に進む"),
            ("精算に進む", "お会計に進む"),
            ("お支払いに進む", "お会計に進む"),
            ("200ポイントを使う", "{int}ポイントを利用する"),
            ("予約「R1」をキャンセルする", "予約{string}を取り消す"),
        ])
    func meant(text: String, expected: String) {
        #expect(
            Self.suggester.suggest(for: text).map(\.source).first == expected,
            "\(Self.suggester.suggest(for: text).map(\.source))")
    }

    /// QA's word for the library's, a space between Japanese words, full-width letters
    /// outside a value: the step meant comes first, with a note naming the slip.
    @Test(
        arguments: [
            (
                "お客様が現金で¥1,000を支払う", "お客さまが{method}で{yen}を支払う",
                "ステップでは「お客様」を「お客さま」と書きます。そうすると上のステップになります"
            ),
            (
                #"I reserve "R1" with "Aoi" from 10:00 to 11:00"#,
                "I book {string} with {string} from {time} to {time}",
                "the step says 'book' where this one has 'reserve': with it, it is the step above"
            ),
            ("カートに「ラテ」を 追加する", "カートに{string}を追加する", "「を 追加」の空白を取ると上のステップになります（語と語の間に空白は入れません）"),
            ("商品カタログ", "商品カタログ:", "最後に「:」を付けると上のステップになります"),
            (
                #"I add "Latte" to the cart:"#, "I add {string} to the cart",
                "without the final ':' it is the step above"
            ),
            (
                "予約「Ｒ１」はｘ1200、幅120で描画される", "予約{string}はx{float}、幅{float}で描画される",
                "「ｘ」は全角の英字です。半角の「x」にすると上のステップになります"
            ),
        ])
    func namedSlip(text: String, meant: String, note: String) {
        let found = Self.suggester.suggest(for: text, language: text.hasWideScript ? "ja" : "en")
        #expect(found.first?.source == meant, "\(found)")
        #expect(found.first?.misfits == [note], "\(found)")
    }

    @Test("a step written with a full stop at its end gets that step first, and a note saying so")
    func finalStop() {
        let english = Self.suggester.suggest(for: "the display shows the payment screen.")
        #expect(english.first?.source == "the display shows the {screen} screen")
        #expect(english.first?.misfits == ["without the final '.' it is the step above: steps end without a full stop"])
        let japanese = Self.suggester.suggest(for: "お会計に進む。", language: "ja")
        #expect(japanese.first?.source == "お会計に進む")
        #expect(japanese.first?.misfits.first?.hasPrefix("最後の「。」を取ると上のステップになります") == true)
    }

    @Test("a value its type does not take is explained in Japanese in a Japanese feature, the English values after")
    func japaneseValueHint() {
        let method = Self.suggester.suggest(for: "お客さまがクレジットカードで¥450を支払う", language: "ja")
        #expect(method.first?.source == "お客さまが{method}で{yen}を支払う")
        #expect(
            method.first?.misfits == ["「クレジットカード」は{method}として読めません（現金、カード、QR決済 のいずれか。英語では cash, card, QR）"],
            "\(method.first?.misfits ?? [])")
        let english = Self.suggester.suggest(for: "the customer pays ¥450 by credit", language: "en")
        #expect(english.first?.misfits.first?.contains("(one of cash, card, QR / 現金, カード, QR決済)") == true)
    }

    @Test("a step with a comment written after it gets that step first, and a note saying so")
    func trailingComment() {
        let english = Self.suggester.suggest(for: #"I add "Latte" at ¥450 to the cart # the latte"#)
        #expect(english.first?.source == "I add {string} at {yen} to the cart")
        #expect(
            english.first?.misfits == [
                "without '# the latte' it is the step above: Gherkin has no comments at the end of a line, so it is"
                    + " part of the step; put the comment on a line of its own"
            ])
        let japanese = Self.suggester.suggest(for: "お会計に進む # 空のカート", language: "ja")
        #expect(japanese.first?.source == "お会計に進む")
        #expect(japanese.first?.misfits.first?.hasPrefix("「# 空のカート」を取ると上のステップになります") == true)
    }

    @Test("full-width digits, and a word between the keyword and the step (もしも), are named with the step meant")
    func typing() {
        let digits = Self.suggester.suggest(for: "２台目のディスプレイが接続する", language: "ja")
        #expect(digits.first?.source == "2台目のディスプレイが接続する")
        #expect(digits.first?.misfits == ["「２」は全角数字です。半角の「2」にすると上のステップになります"])
        let amount = Self.suggester.suggest(for: "the display shows total ¥１２０", language: "en")
        #expect(amount.first?.source == "the display shows {field} {yen}", "\(amount.map(\.source))")
        let moshimo = Self.suggester.suggest(for: "も カートに「ラテ」を2個追加する", language: "ja")
        #expect(moshimo.first?.source == "カートに{string}を{int}個追加する")
        #expect(moshimo.first?.misfits == ["前の「も」を取ると上のステップになります（キーワードのすぐ後にステップを書きます）"])
        let invisible = Self.suggester.suggest(for: "カートに\u{200B}「ラテ」を追加する", language: "ja")
        #expect(invisible.first?.source == "カートに{string}を追加する")
        #expect(invisible.first?.misfits.first?.hasPrefix("ステップに見えない文字 U+200B が含まれています") == true)
        let english = Self.suggester.suggest(for: "I start\u{FEFF} checkout")
        #expect(english.first?.source == "I start checkout")
        #expect(english.first?.misfits.first?.hasPrefix("the step holds an invisible character, U+FEFF") == true)
        let nbsp = Self.suggester.suggest(for: "I\u{A0}add \"Latte\" to the cart")
        #expect(nbsp.first?.source == "I add {string} to the cart")
        #expect(
            nbsp.first?.misfits == [
                "the step holds a non-breaking space (U+00A0) where a plain space goes (a chat tool may have pasted it):"
                    + " with a plain space it is the step above; retype the spaces"
            ])
        let word = Self.suggester.suggest(for: "a the catalog:")
        #expect(word.first?.source == "the catalog:")
        #expect(
            word.first?.misfits == [
                "without 'a' before it, it is the step above: the step follows its keyword directly"
            ])
    }

    @Test("a negative amount with its minus typed wrong (ー¥1, ¥-100) is told where the '-' goes")
    func yenMinus() {
        let longVowel = Self.suggester.suggest(for: "ー¥1の全体割引を設定しようとする", language: "ja")
        #expect(longVowel.first?.source == "{yen}の全体割引を設定しようとする")
        #expect(
            longVowel.first?.misfits == ["「ー¥1」は{yen}として読めません。先頭の「ー」はマイナス記号ではありません。半角の「-」で -¥1 と書きます"])
        let after = Self.suggester.suggest(for: "I try to set a cart discount of ¥-100")
        #expect(after.first?.source == "I try to set a cart discount of {yen}")
        #expect(after.first?.misfits == [#""¥-100" is not a {yen}: the minus goes before the ¥, -¥100"#])
        let other = Self.suggester.suggest(for: "I try to set a cart discount of ¥10円")
        #expect(
            other.first?.misfits.first?.hasSuffix("(write ¥1,200, ¥1200, 1,200円 or 1200 yen; negative -¥100)") == true)
    }

    @Test("a whole number grouped wrong (1,00) is no step: {int} takes only commas every three digits")
    func thousands() {
        let english = Self.suggester.suggest(for: "I apply 1,00 points")
        #expect(english.first?.source == "I apply {int} points")
        #expect(english.first?.misfits.first?.hasPrefix(#""1,00" is not a {int}"#) == true, "\(english)")
        let japanese = Self.suggester.suggest(for: "1,00ポイントを利用する", language: "ja")
        #expect(japanese.first?.source == "{int}ポイントを利用する")
        #expect(japanese.first?.misfits.first?.hasPrefix("「1,00」は{int}として読めません") == true, "\(japanese)")
    }

    @Test("the customer display and its update count are ranked by the wordings QA write for them")
    func customerDisplayRanking() {
        // Each of these is a step's other wording but for a word: the step comes first,
        // not `the second display …` (one word from `the customer display …`) or `the
        // display shows the text …` (the words `the display` and a number).
        let cases = [
            ("the customer display is showing the cart screen", "the display shows the {screen} screen"),
            ("the customer display shows the cart scren", "the display shows the {screen} screen"),
            ("the display has been refreshed 3 times", "the display received {int} update(s)"),
            ("the display got updated 3 times", "the display received {int} update(s)"),
            ("the customer display showed total ¥600", "the display shows {field} {yen}"),
        ]
        for (text, meant) in cases {
            #expect(Self.suggester.suggest(for: text).map(\.source).first == meant, "`\(text)`")
        }
        let value = Self.suggester.suggest(for: "the customer display shows the basket screen")
        #expect(value.first?.source == "the display shows the {screen} screen")
        #expect(value.first?.misfits.first?.hasPrefix(#""basket" is not a {screen}"#) == true, "\(value)")
        let japanese = [
            ("カスタマーディスプレイが3回更新されました", "カスタマーディスプレイは{int}回更新された"),
            ("2台目のディスプレイが3回更新されました", "2台目のディスプレイは{int}回更新された"),
            ("顧客ディスプレイはカート画面であること", "カスタマーディスプレイは{screen}画面である"),
        ]
        for (text, meant) in japanese {
            #expect(Self.suggester.suggest(for: text).map(\.source).first == meant, "`\(text)`")
        }
    }

    @Test("a quote opened and never closed is named, with the value closed")
    func unclosedQuote() {
        let english = Self.suggester.suggest(for: #"I add "Latte to the cart"#)
        #expect(english.first?.misfits == [#"the '"' before Latte is never closed: write "Latte""#], "\(english)")
        let japanese = Self.suggester.suggest(for: "カートに「ラテを追加する", language: "ja")
        #expect(japanese.first?.misfits == ["「が閉じていません。「ラテ」と書きます"], "\(japanese)")
    }

    @Test("typographic quotes (a word processor's) are named, in the step's language")
    func curlyQuotes() {
        let english = Self.suggester.suggest(for: "I add “Latte” to the cart")
        #expect(english.first?.source == "I add {string} to the cart")
        #expect(english.first?.misfits.first?.hasPrefix("the step's quotes are typographic") == true, "\(english)")
        let japanese = Self.suggester.suggest(for: "カートに“ラテ”を追加する", language: "ja")
        #expect(japanese.first?.misfits.first?.hasPrefix("引用符が“…”や‘…’") == true, "\(japanese)")
    }

    @Test("a value with more than its quoted text says what has no place in the step")
    func leftOver() {
        let english = Self.suggester.suggest(for: #"I add 2 "Big" at ¥5 to the cart"#)
        #expect(english.first?.source == "I add {string} at {yen} to the cart")
        #expect(english.first?.misfits == [#""2 "Big"" is more than a {string}: '2' has no place in this step"#])
        let japanese = Self.suggester.suggest(for: "カートに¥5の2個「レジ袋」を追加する", language: "ja")
        #expect(
            japanese.first?.misfits == ["「2個「レジ袋」」には{string}のほかに「2個」があり、このステップにはその置き場所がありません"],
            "\(japanese)")
    }

    @Test("a step registered with full-width punctuation as well is suggested once")
    func fullWidthOnce() {
        let found = Self.suggester.suggest(for: "スタッフ一覧:").map(\.source)
        #expect(found.first == "スタッフ:")
        #expect(!found.contains("スタッフ："), "\(found)")
        let percent = Self.suggester.suggest(for: "10%の割引を設定する").map(\.source)
        #expect(!percent.contains("{int}％の全体割引を設定する"), "\(percent)")
    }
}
