import Gherkin
import Simulator
import Testing
import Wire

@testable import SpecRunner
@testable import StepLibrary

/// A failing check is worded in its step's language (docs/steps.md, "Failure messages"):
/// the same wrong expectation in English and in Japanese.
@Suite("Failure messages in the step's language", .serialized)
struct FailureLanguageTests {
    /// The scenario's failure. A display check that waits for its screen waits out the
    /// step's limit, kept short for it; every other check is decided at once, and gets a
    /// limit a loaded machine keeps (its requests are answered within it too).
    private func failure(_ text: String, limit: Duration = .seconds(10)) async throws -> StepFailure {
        let driver = try await ScenarioDriver.start(timeout: limit)
        defer { Task { await driver.stop() } }
        let outcome = try await driver.run(text, timeout: limit)
        return try #require(outcome.failedStep?.failure ?? outcome.hookFailure, "the scenario should fail")
    }

    @Test("a display check: the screens and fields by the names the step used")
    func displayCheck() async throws {
        let english = try await failure(
            """
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            When I add "Latte" to the cart
            Then the display shows the payment screen
            """)
        // Made on the snapshot that followed the answer: nothing to wait for, nor said.
        #expect(english.message == "expected the display to show the payment screen, but the screen is cart")
        // A check that waits for its screen (the second display's) says how long.
        let waited = try await failure(
            """
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            When a second display connects
            And I add "Latte" to the cart
            Then the second display shows the payment screen
            """, limit: .milliseconds(1500))
        #expect(
            waited.message
                == "expected the second display to show the payment screen, but the screen is cart (waited until the"
                + " step's limit of 1.5 seconds)", "\(waited.message)")
        #expect(english.details?.hasPrefix("the display shows:\nscreen: cart\n  line      Latte ×1 ¥500") == true)

        let japanese = try await failure(
            """
            前提 商品カタログ:
              | name | price |
              | ラテ | 500   |
            もし カートに「ラテ」を追加する
            ならば カスタマーディスプレイに小計¥600が表示される
            """)
        #expect(japanese.message == "カスタマーディスプレイは小計¥600のはずが、小計は¥500でした")
        #expect(
            japanese.details?.hasPrefix("カスタマーディスプレイの表示:\n画面: カート\n  明細      ラテ ×1 ¥500") == true,
            "\(japanese.details ?? "")")
    }

    @Test("a lines check of several lines says what differs: the order, or the lines missing and not expected")
    func linesDifference() async throws {
        let cart = """
            Given the catalog:
              | name  | price |
              | Latte | 500   |
              | Scone | 300   |
            When I add "Latte" to the cart
            And I add "Scone" to the cart
            Then the display shows the lines:
              | name  | quantity | amount |

            """
        let order = try await failure(cart + "      | Scone | 1 | 300 |\n      | Latte | 1 | 500 |")
        #expect(
            order.message.hasSuffix("Latte ×1 ¥500; Scone ×1 ¥300 (the same lines, in another order)"),
            "\(order.message)")
        let changed = try await failure(cart + "      | Latte | 2 | 1000 |\n      | Scone | 1 | 300 |")
        #expect(
            changed.message.hasSuffix("(missing: Latte ×2 ¥1,000; not expected: Latte ×1 ¥500)"), "\(changed.message)")
        let japanese = try await failure(
            """
            前提 商品カタログ:
              | name | price |
              | ラテ | 500 |
            もし カートに「ラテ」を追加する
            ならば カスタマーディスプレイに次の明細が表示される:
              | name | quantity | amount |
              | ラテ | 1 | 500 |
              | スコーン | 1 | 300 |
            """)
        #expect(japanese.message.hasSuffix("明細は ラテ ×1 ¥500 でした（足りない明細: スコーン ×1 ¥300）"), "\(japanese.message)")
        // One line against one says all there is to say already.
        let single = try await failure(
            cart.replacingOccurrences(of: "And I add \"Scone\" to the cart\n", with: "")
                + "      | Latte | 2 | 1000 |")
        #expect(single.message.hasSuffix("but the lines are Latte ×1 ¥500"), "\(single.message)")
    }

    @Test("a step that failed before it sent anything is told without the display; a refusal with it")
    func displayOnlyOnceSent() async throws {
        let cell = try await failure("Given the catalog:\n  | name  | price |\n  | Latte | abc   |")
        #expect(cell.message.contains(#""abc" is not a yen amount"#), "\(cell.message)")
        #expect(cell.details?.contains("the display shows:") != true, "\(cell.details ?? "")")
        let refused = try await failure("When I start checkout")
        #expect(refused.details?.contains("the display shows:\nscreen: welcome") == true, "\(refused.details ?? "")")
    }

    @Test("the name a refusal says was meant is said again in Japanese")
    func meantName() async throws {
        let japanese = try await failure(
            "前提 商品カタログ:\n| name | price |\n| ラテ | 450 |\nもし カートに「ﾗﾃ」を追加する")
        #expect(japanese.message.hasSuffix(#"Did you mean "ラテ"?（もしかして「ラテ」）"#), "\(japanese.message)")
        #expect(StepLanguage.en.meant(in: #"x. Did you mean "ラテ"?"#).isEmpty)
        #expect(StepLanguage.ja.meant(in: "no guess here").isEmpty)
    }

    @Test("a refused table names the rows that caused it, by their lines")
    func refusedTableRows() async throws {
        let duplicate = try await failure(
            """
            Given the catalog:
              | name  | price |
              | Latte | 500   |
              | Tea   | 300   |
              | Latte | 450   |
            """)
        #expect(duplicate.message.hasPrefix(#"rejected with "duplicateProduct": "#), "\(duplicate.message)")
        // The driver's tables have no lines in a file; the runner's give `table row 1 (line 5)`.
        #expect(duplicate.message.hasSuffix(#"lists "Latte" more than once. See table row 1 and table row 3."#))
        let negative = try await failure(
            """
            前提 スタッフ:
              | name | capacity |
              | 佐藤 | 1 |
              | 鈴木 | -1 |
            """)
        #expect(negative.message.hasSuffix("(got -1). 該当: 表の2行目"), "\(negative.message)")
    }

    @Test("an outline's table row names the Examples row its values come from")
    func outlineRowLabel() {
        let table = PickleTable(rows: [
            PickleTableRow(cells: [PickleTableCell(value: "name"), PickleTableCell(value: "price")], line: 4),
            PickleTableRow(
                cells: [PickleTableCell(value: "Tea"), PickleTableCell(value: "abc")], line: 5, valuesLine: 12),
        ])
        #expect(StepTable(table, language: .en).rows.first?.label() == "table row 1 (line 5, values from line 12)")
        #expect(StepTable(table, language: .ja).rows.first?.label() == "表の1行目（5行目、値は12行目の例から）")
    }

    @Test("a refused calendar step shows the display only when the register has something on it")
    func calendarRefusalDisplay() async throws {
        let alone = try await failure(#"When I book "R1" with "Nobody" from 10:00 to 11:00"#)
        #expect(alone.message.hasPrefix(#"rejected with "unknownStaff""#), "\(alone.message)")
        #expect(alone.details?.contains("the display shows:") == false, "\(alone.details ?? "")")
        let withCart = try await failure(
            """
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            And I add "Latte" to the cart
            When I check out reservation "R9"
            """)
        #expect(withCart.details?.contains("the display shows:\nscreen: cart") == true, "\(withCart.details ?? "")")
        // A register step's refusal shows even the welcome screen.
        let register = try await failure("When I start checkout")
        #expect(register.details?.contains("the display shows:\nscreen: welcome") == true, "\(register.details ?? "")")
    }

    @Test("an outcome check and a register query in Japanese")
    func outcomeAndQuery() async throws {
        let rejection = try await failure(
            """
            もし カートに「ケーキ」を追加しようとする
            ならば 「emptyCart」で拒否される
            """)
        #expect(
            rejection.message.hasSuffix(
                "の操作は「emptyCart」（カートが空）で拒否されるはずが、「unknownProduct」（カタログにない商品）で拒否されました"
                    + "（\"ケーキ\" is not in the catalog (give a price to add it ad hoc).）"
            ), "\(rejection.message)")
        let order = try await failure("ならば 直前の注文は「1001」である")
        #expect(order.message == "直前の注文は「1001」のはずが、注文がありませんでした")
        let plain = try await failure("もし カートに「ケーキ」を追加する")
        #expect(plain.message.hasPrefix("「unknownProduct」（カタログにない商品）で拒否されました: "), "\(plain.message)")
        // The hint is the step as written, in its try form; then what the display showed
        // (runner.md: a failure's body holds it), here the welcome screen.
        #expect(
            plain.details?.hasPrefix(
                "拒否されるはずなら「カートに「ケーキ」を追加しようとする」と書き、続けて「「unknownProduct」で拒否される」で確かめます。\n"
                    + "カスタマーディスプレイの表示:\n") == true,
            "\(plain.details ?? "")")
    }

    /// The register's message names phases by their codes: the failure says which phase the
    /// action belongs to and the step that leads there, in the step's language.
    @Test("a wrongPhase refusal names the step that leads to the action's phase")
    func wrongPhase() async throws {
        let japanese = try await failure("もし お客さまが現金で¥1,000を支払う")
        #expect(
            japanese.details?.hasPrefix(
                "これはお支払いのフェーズの操作です。その前に「お会計に進む」が要ります。\n"
                    + "拒否されるはずなら「お客さまが現金で¥1,000を支払おうとする」")
                == true, "\(japanese.details ?? "")")
        let english = try await failure(
            """
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            When I add "Latte" to the cart
            And I start checkout
            And I add "Latte" to the cart
            """)
        #expect(
            english.details?.hasPrefix(
                "This is done in the cart phase: in the payment phase, `I go back to edit the cart` comes before it;"
                    + " after a completed sale, `I serve the next customer`.\nIf it should be refused") == true,
            "\(english.details ?? "")")
        // Another refusal gets no word on phases.
        let other = try await failure("When I add \"Cake\" to the cart")
        #expect(other.details?.hasPrefix("If it should be refused") == true, "\(other.details ?? "")")
    }

    @Test("the steps a wrongPhase hint names are the library's own")
    func wrongPhaseStepsAreDefined() {
        let definitions = QAStepLibrary.definitions.registry.definitions
        let hints = RegisterActionName.allCases.flatMap { name in
            [StepLanguage.en, .ja].compactMap { WrongPhaseHint.text(for: .register(name), language: $0) }
        }.joined()
        let named = [
            "I start checkout", "I go back to edit the cart", "I serve the next customer",
            #"I start a refund of order "…""#, "お会計に進む", "内容を変更する", "次のお客さまに進む", "注文「…」の返品を開始する",
        ]
        for step in named {
            #expect(hints.contains(step), "\(step)")
            #expect(definitions.contains { $0.expression.match(step) != nil }, "\(step)")
        }
    }

    @Test("a calendar check in Japanese, and the same step in English stays English")
    func calendar() async throws {
        let japanese = try await failure("ならば カレンダーは予約一覧を表示している")
        #expect(japanese.message == "カレンダーは予約一覧を表示しているはずが、空の画面を表示していました")
        let english = try await failure("Then the calendar shows the content")
        #expect(english.message == "expected the calendar to show the content, but it shows the empty view")
    }

    @Test("calendar layout checks name what they found: the lane, the reservations, the rows")
    func layoutChecks() async throws {
        let booked = """
            Given the staff:
              | name | capacity |
              | Sato | 2        |
            When I book "R1" with "Sato" from 10:00 to 11:00
            """
        let lane = try await failure(booked + "\nThen reservation \"R1\" is in lane 1")
        #expect(lane.message.hasSuffix(" to be 1, but it is 0"), "\(lane.message)")
        let missing = try await failure(booked + "\nThen reservation \"R9\" is in lane 0")
        #expect(
            missing.message == "expected reservation \"R9\" in the layout, but it has only R1", "\(missing.message)")
        let both = try await failure(booked + "\nThen reservation \"R1\" is drawn at x 1000 with width 100")
        #expect(
            both.message
                == "expected the x of reservation \"R1\" to be 1000, but it is 1200; and expected the width of"
                + " reservation \"R1\" to be 100, but it is 120", "\(both.message)")
        let lanes = try await failure(booked + "\nThen the row of \"Sato\" has 2 lanes")
        #expect(
            lanes.message == "expected the number of lanes in the row of \"Sato\" to be 2, but it is 1",
            "\(lanes.message)")
        let row = try await failure(booked + "\nThen the row of \"Ito\" has 1 lane")
        #expect(row.message == "expected a row for \"Ito\", but the rows are Sato", "\(row.message)")
        let japanese = try await failure(
            """
            前提 スタッフ:
              | name | capacity |
              | 佐藤 | 2        |
            もし 「R1」を「佐藤」に10:00から11:00まで予約する
            ならば 予約「R9」はレーン0にある
            """)
        #expect(japanese.message == "予約「R9」がレイアウトにあるはずが、あるのはR1でした", "\(japanese.message)")
        let fullWidth = try await failure(booked + "\nThen reservation \"Ｒ１\" is in lane 0")
        #expect(
            fullWidth.message
                == "expected reservation \"Ｒ１\" in the layout, but it has only R1 (\"Ｒ１\" is typed in full width;"
                + " the layout has \"R1\")", "\(fullWidth.message)")
        let none = try await failure("Then reservation \"R1\" is in lane 0")
        #expect(
            none.message == "expected reservation \"R1\" in the layout, but the layout has no reservations",
            "\(none.message)")
    }

    @Test("the time header's check says times, as its step is written, with the x after them")
    func timeHeader() async throws {
        let english = try await failure("When I scroll the time header to 2:00\nThen the time header starts at 1:00")
        #expect(
            english.message == "expected the time header to start at 1:00 (x 120–122), but it starts at 2:00 (x 240)")
        let japanese = try await failure("ならば 時間ヘッダーは1:00から始まる")
        #expect(japanese.message == "時間ヘッダーは1:00 (x 120–122)から始まるはずが、0:00 (x 0)から始まっていました")
        // Part-way through a minute, the header starts in that minute (0:22 here), not another.
        let driver = try await ScenarioDriver.start(timeout: .seconds(10))
        let passing = try await driver.run(
            "When I scroll the grid to x 45 and y 0\nThen the time header starts at 0:22", timeout: .seconds(10))
        await driver.stop()
        #expect(passing.failedStep == nil && passing.hookFailure == nil)
        let between = try await failure("When I scroll the grid to x 45 and y 0\nThen the time header starts at 0:00")
        #expect(
            between.message
                == "expected the time header to start at 0:00 (x 0–2), but it starts at x 45, between 0:22 and 0:23")
        let betweenJapanese = try await failure("もし グリッドをx45、y0までスクロールする\nならば 時間ヘッダーは0:00から始まる")
        #expect(betweenJapanese.message == "時間ヘッダーは0:00 (x 0–2)から始まるはずが、x 45（0:22と0:23の間）から始まっていました")
    }

    @Test("Japanese waits and outcomes")
    func wording() {
        #expect(StepLanguage.ja.wait(.seconds(2)) == "2秒")
        #expect(StepLanguage.ja.wait(.milliseconds(1500)) == "1.5秒")
        #expect(StepLanguage.en.wait(.seconds(2)) == "2.0 seconds")
        #expect(StepLanguage.ja.outcome(.succeeded) == "成功しました")
        #expect(StepLanguage.ja.outcome(.rejected(code: "emptyCart", message: "")) == "「emptyCart」（カートが空）で拒否されました")
        // A code domain.md does not list (another register's) is shown as it is.
        #expect(StepLanguage.ja.outcome(.rejected(code: "tooLate", message: "")) == "「tooLate」で拒否されました")
        #expect(StepLanguage.en.code("emptyCart") == "\"emptyCart\"")
    }

    @Test("a column or a rejection code typed in full-width letters is named as the one meant")
    func fullWidthNames() {
        #expect(TableColumnGuess.column(for: "ｎａｍｅ", among: ["name", "price"]) == "name")
        #expect(RejectionCodeGloss.closestKnown(to: "ｅｍｐｔｙＣａｒｔ") == "emptyCart")
    }
}
