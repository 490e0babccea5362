import Testing

@testable import SpecRunner
@testable import StepLibrary

/// The library against the real simulator, started in-process on loopback.
@Suite("Against the simulator", .serialized)
struct LiveSimulatorTests {
    static let catalog = """
        Given the catalog:
          | name  | price |
          | Latte | 520   |
          | Scone | ¥350  |
        """

    func run(_ text: String, timeout: Duration = .seconds(2)) async throws -> ScenarioDriver.Outcome {
        let driver = try await ScenarioDriver.start(timeout: timeout)
        defer { Task { await driver.stop() } }
        return try await driver.run(text, timeout: timeout)
    }

    @Test("a sale in English: cart, discount, member points, payment, change")
    func englishSale() async throws {
        let outcome = try await run(
            Self.catalog + """

                And the customer is a loyalty member with 500 points
                When I add 2 "Latte" to the cart
                And I add "Scone" to the cart
                And I add "Bag" at ¥5 to the cart
                Then the display shows the cart screen
                And the display shows subtotal ¥1,395
                And the display shows the lines:
                  | name  | quantity | amount |
                  | Latte | 2        | 1040   |
                  | Scone | 1        | 350    |
                  | Bag   | 1        | 5      |
                When I set a cart discount of 10%
                Then the display shows discount ¥139
                And points are hidden
                When I start checkout
                And I apply 300 points
                Then the display shows the payment screen
                And the display shows points ¥300
                And the display shows total ¥956
                When the customer pays ¥500 by card
                Then the display shows the partial screen
                And the display shows remaining ¥456
                When the customer pays 1,000円 by cash
                Then the display shows the complete screen
                And the display shows change ¥544
                And the last order is "1001"
                And the member has 200 points
                And the display does not show remaining
                """)
        #expect(outcome.passed, "\(String(describing: outcome.failedStep)) \(String(describing: outcome.hookFailure))")
    }

    @Test("the same in Japanese, with 「…」 strings and Japanese names")
    func japaneseSale() async throws {
        let outcome = try await run(
            """
            前提 商品カタログ:
              | name | price |
              | ラテ  | 520   |
            かつ お客さまは500ポイントを持つ会員である
            もし カートに「ラテ」を2個追加する
            ならば カスタマーディスプレイはカート画面である
            かつ カスタマーディスプレイに小計¥1,040が表示される
            もし お会計に進む
            かつ 40ポイントを利用する
            ならば カスタマーディスプレイに合計1,000円が表示される
            もし お客さまが現金で¥1,000を支払う
            ならば カスタマーディスプレイは完了画面である
            かつ カスタマーディスプレイにお釣り¥0が表示される
            かつ 会員のポイント残高は460である
            """)
        #expect(outcome.passed, "\(String(describing: outcome.failedStep)) \(String(describing: outcome.hookFailure))")
    }

    @Test("a rejected plain action fails its step with the simulator's code and message")
    func plainRejection() async throws {
        let outcome = try await run("When I start checkout\nThen it succeeds")
        let failed = try #require(outcome.failedStep)
        #expect(failed.text == "I start checkout")
        #expect(failed.failure.kind == .rejected)
        #expect(failed.failure.message.contains("emptyCart"))
        // How to expect the refusal instead, in the step's language.
        #expect(failed.failure.details?.contains("`it is rejected with \"emptyCart\"`") == true)
        #expect(outcome.hookFailure == nil)
        let japanese = try #require(try await run("もし お会計に進む").failedStep)
        #expect(japanese.failure.details?.contains("「「emptyCart」で拒否される」") == true)
    }

    @Test("a rejected table row fails the setup step")
    func rejectedTable() async throws {
        let outcome = try await run("Given the catalog:\n  | name | price |\n  | Latte | -1 |")
        #expect(outcome.failedStep?.failure.kind == .rejected)
        #expect(outcome.failedStep?.failure.message.contains("invalidPrice") == true)
    }

    @Test("try forms record the outcome; the checks pass on the right code")
    func tryForms() async throws {
        let outcome = try await run(
            Self.catalog + """

                When I try to start checkout
                Then it is rejected with "emptyCart"
                And the display was not updated
                When I try to add "Latte" to the cart
                Then it succeeds
                When the customer tries to pay ¥100 by cash
                Then it is rejected with "wrongPhase"
                もし カートに「Cake」を追加しようとする
                ならば 「unknownProduct」で拒否される
                もし お会計に進もうとする
                ならば 成功する
                """)
        #expect(outcome.passed, "\(String(describing: outcome.failedStep)) \(String(describing: outcome.hookFailure))")
    }

    @Test("a Japanese percentage may be typed full-width, as an input method gives it")
    func fullWidthPercent() async throws {
        let outcome = try await run(
            Self.catalog + """

                もし カートに「Latte」を追加する
                かつ 10％の全体割引を設定する
                ならば カスタマーディスプレイに割引¥52が表示される
                もし 5％の全体割引を設定しようとする
                ならば 成功する
                """)
        #expect(outcome.passed, "\(String(describing: outcome.failedStep)) \(String(describing: outcome.hookFailure))")
    }

    @Test("a wrong expected code fails as an assertion naming both codes")
    func wrongCode() async throws {
        let outcome = try await run("When I try to start checkout\nThen it is rejected with \"wrongPhase\"")
        let failure = try #require(outcome.failedStep?.failure)
        #expect(failure.kind == .assertion)
        #expect(failure.message.contains("emptyCart"))
        #expect(failure.message.contains("wrongPhase"))
    }

    @Test("an unchecked try outcome fails the scenario at its end, naming the try step's line")
    func unchecked() async throws {
        let outcome = try await run(
            "Given the catalog:\n  | name | price |\n  | Latte | 1 |\nWhen I try to start checkout")
        #expect(outcome.failedStep == nil)
        let failure = try #require(outcome.hookFailure)
        #expect(failure.kind == .assertion)
        #expect(failure.message.contains("test.feature:4"))
    }

    @Test("a display assertion that does not hold fails with the screen as text")
    func displayFailureText() async throws {
        // A limit a loaded machine keeps: the add must be answered within it.
        let outcome = try await run(
            Self.catalog + "\nWhen I add \"Latte\" to the cart\nThen the display shows total ¥999",
            timeout: .seconds(5))
        let failure = try #require(outcome.failedStep?.failure)
        #expect(failure.kind == .assertion)
        #expect(failure.message.contains("total ¥999"))
        #expect(failure.message.contains("total is ¥520"))
        let details = try #require(failure.details)
        #expect(details.contains("screen: cart"))
        #expect(details.contains("total     ¥520"))
        #expect(!details.contains("<"))
    }

    @Test("a negative amount, as the screen writes a discount, fails at once: amounts are written positive")
    func negativeAmount() async throws {
        let started = ContinuousClock.now
        let outcome = try await run(
            Self.catalog + "\nWhen I add \"Latte\" to the cart\nAnd I set a cart discount of ¥100\n"
                + "Then the display shows discount -¥100",
            timeout: .seconds(30))
        #expect(ContinuousClock.now - started < .seconds(10), "no wait for what cannot match")
        let failure = try #require(outcome.failedStep?.failure)
        #expect(failure.kind == .assertion)
        #expect(
            failure.message
                == "expected the display to show discount -¥100, but a step writes every amount positive, a discount"
                + " or points used too, though the screen shows it with a minus (write discount ¥100)")
        #expect(failure.details?.contains("screen: cart") == true, "\(failure.details ?? "")")
    }

    @Test("a refused value that begins or ends with a space (a full-width one) says so")
    func spacedValue() async throws {
        let outcome = try await run(Self.catalog + "\nWhen I add \"Latte\u{3000}\" to the cart")
        let failure = try #require(outcome.failedStep?.failure)
        #expect(failure.kind == .rejected)
        #expect(
            failure.details?.hasPrefix(
                "\"Latte\u{3000}\" ends with a full-width space (U+3000): the value is read with it\nIf it should be"
            ) == true, "\(failure.details ?? "")")
        #expect(QuotedValueSpacing.note(in: [" ラテ"], language: .ja) == "「 ラテ」の始めに半角スペースがあります（値はそれも含めて読まれます）")
        #expect(QuotedValueSpacing.note(in: ["Latte", 2], language: .en) == nil)
        // A value holding the other quotes: its own edges, not the quotes inside it.
        let inner = try await run(Self.catalog + "\nWhen I add 'a\" at ¥5 to the cart \"b' to the cart")
        #expect(
            inner.failedStep?.failure.details?.contains("begins with") == false,
            "\(String(describing: inner.failedStep))")
    }

    @Test("amounts up to the register's limit, 2^53 − 1, go over the protocol exactly; one above is invalidPrice")
    func largestAmounts() async throws {
        let outcome = try await run(
            """
            When I add "Big" at ¥9,000,000,000,000,000 to the cart
            Then the display shows total ¥9,000,000,000,000,000
            When I add "Top" at ¥7,199,254,740,991 to the cart
            Then the display shows total ¥9,007,199,254,740,991
            When I try to add "Over" at ¥9,007,199,254,740,992 to the cart
            Then it is rejected with "invalidPrice"
            """)
        #expect(outcome.passed, "\(String(describing: outcome.failedStep))")
    }

    @Test("display updates are counted after the first snapshot, and a second display connects")
    func updatesAndSecondDisplay() async throws {
        let outcome = try await run(
            Self.catalog + """

                Then the display received 0 updates
                And the display shows the welcome screen
                When I add "Latte" to the cart
                And I add "Scone" to the cart
                Then the display received 2 updates
                When a second display connects
                Then the second display shows the cart screen
                And the display shows the text "Latte"
                When I start checkout
                Then the second display shows the payment screen
                """)
        #expect(outcome.passed, "\(String(describing: outcome.failedStep)) \(String(describing: outcome.hookFailure))")
    }

    @Test("a count of updates at Int.max fails as a count the display did not reach, without overflowing")
    func updatesAtIntMax() async throws {
        let outcome = try await run(
            "Then the display received 9223372036854775807 updates", timeout: .milliseconds(300))
        #expect(outcome.failedStep?.failure.kind == .assertion)
        #expect(outcome.failedStep?.failure.message.contains("expected 9223372036854775807 display update(s)") == true)
    }

    @Test("`the display was not updated` as the first step: the snapshot sent on connecting is no update")
    func notUpdatedFirst() async throws {
        let outcome = try await run("Then the display was not updated\nAnd the display shows the welcome screen")
        #expect(outcome.passed, "\(String(describing: outcome.failedStep))")
    }

    @Test("`the display was not updated` fails when the previous step changed the screen")
    func notUpdatedFails() async throws {
        let outcome = try await run(
            Self.catalog + "\nWhen I add \"Latte\" to the cart\nThen the display was not updated")
        #expect(outcome.failedStep?.failure.kind == .assertion)
    }

    @Test("each scenario starts from the reset state with a fresh display")
    func isolation() async throws {
        let driver = try await ScenarioDriver.start()
        defer { Task { await driver.stop() } }
        let first = try await driver.run(Self.catalog + "\nWhen I add \"Latte\" to the cart")
        #expect(first.passed)
        let second = try await driver.run(
            "Then the display shows the welcome screen\nAnd the display received 0 updates\nWhen I try to add \"Latte\" to the cart\nThen it is rejected with \"unknownProduct\""
        )
        #expect(second.passed, "\(String(describing: second.failedStep))")
    }
}
