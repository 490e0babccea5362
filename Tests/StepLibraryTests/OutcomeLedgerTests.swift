import Testing

@testable import SpecRunner
@testable import StepLibrary

@Suite("Try outcomes")
struct OutcomeLedgerTests {
    let first = SourceLine(uri: "features/cart.feature", line: 12)
    let second = SourceLine(uri: "features/cart.feature", line: 15)

    @Test("a checked rejection passes and leaves nothing unchecked")
    func rejectionChecked() {
        var ledger = OutcomeLedger()
        ledger.record(
            .rejected(code: "emptyCart", message: "The cart is empty."), at: first, stepText: "I try to start checkout")
        #expect(ledger.expectRejection("emptyCart") == nil)
        #expect(ledger.uncheckedFailure == nil)
    }

    @Test("a different code fails with both codes and the try step's line")
    func wrongCode() throws {
        var ledger = OutcomeLedger()
        ledger.record(
            .rejected(code: "unknownProduct", message: "No product \"X\"."), at: first, stepText: "I try to add")
        let result = ledger.expectRejection("emptyCart")
        let failure = try #require(result)
        #expect(failure.kind == .assertion)
        #expect(failure.message.contains("emptyCart"))
        #expect(failure.message.contains("unknownProduct"))
        #expect(failure.message.contains("features/cart.feature:12"))
    }

    @Test(
        "a code the simulator never gives is named, with the one most likely meant",
        arguments: [
            ("emptycart", "emptyCart"), ("EmptyCart ", "emptyCart"), ("cartEmpty", "emptyCart"),
            ("unknwnProduct", "unknownProduct"),
        ])
    func unknownCode(written: String, meant: String) throws {
        var ledger = OutcomeLedger()
        ledger.record(
            .rejected(code: "emptyCart", message: "The cart is empty."), at: first, stepText: "I try to start checkout")
        let result = ledger.expectRejection(written)
        let failure = try #require(result)
        #expect(
            failure.details
                == "the try step: I try to start checkout\n\"\(written)\" is no rejection code of the built-in simulator"
                + " (did you mean \"\(meant)\"?); `spec-run steps` lists them")
        // A known code that is simply not this rejection's gets no such note.
        ledger.record(.rejected(code: "emptyCart", message: ""), at: first, stepText: "I try to start checkout")
        #expect(ledger.expectRejection("wrongPhase")?.details == "the try step: I try to start checkout")
        ledger.record(.rejected(code: "emptyCart", message: ""), at: first, stepText: "お会計に進もうとする")
        #expect(ledger.expectRejection("wrongPhase", language: .ja)?.details == "試した操作: お会計に進もうとする")
    }

    @Test("expecting a rejection of a step that succeeded fails")
    func succeededButRejectionExpected() throws {
        var ledger = OutcomeLedger()
        ledger.record(.succeeded, at: first, stepText: "I try to add")
        let result = ledger.expectRejection("emptyCart")
        let failure = try #require(result)
        #expect(failure.message.contains("succeeded"))
        #expect(ledger.expectSuccess() == nil)
    }

    @Test("expecting success of a rejected step fails with its code and message")
    func rejectedButSuccessExpected() throws {
        var ledger = OutcomeLedger()
        ledger.record(.rejected(code: "emptyCart", message: "The cart is empty."), at: first, stepText: "x")
        let result = ledger.expectSuccess()
        let failure = try #require(result)
        #expect(failure.kind == .assertion)
        #expect(failure.message.hasSuffix(#"but it was rejected with "emptyCart": The cart is empty."#))
    }

    @Test("an outcome never checked fails the scenario naming the try step's line")
    func unchecked() throws {
        var ledger = OutcomeLedger()
        ledger.record(.succeeded, at: first, stepText: "I try to add \"Latte\" to the cart")
        ledger.record(.rejected(code: "emptyCart", message: ""), at: second, stepText: "I try to start checkout")
        #expect(ledger.expectRejection("emptyCart") == nil)
        let failure = try #require(ledger.uncheckedFailure)
        #expect(failure.kind == .assertion)
        #expect(failure.message.contains("unchecked outcome"))
        #expect(failure.message.contains("features/cart.feature:12"))
        #expect(!failure.message.contains("features/cart.feature:15"))
        #expect(failure.message.contains("`it is rejected with \"CODE\"` or `it succeeds`"))
    }

    @Test("a Japanese try step left unchecked is told the Japanese checks")
    func uncheckedJapanese() throws {
        var ledger = OutcomeLedger()
        ledger.record(.succeeded, at: first, stepText: "カートに「ラテ」を追加しようとする", language: .ja)
        let failure = try #require(ledger.uncheckedFailure)
        #expect(failure.message.hasPrefix("未確認の結果: features/cart.feature:12 "), "\(failure.message)")
        #expect(
            failure.message.hasSuffix("次の「…しようとする」より前に「「CODE」で拒否される」か「成功する」で確かめます"),
            "\(failure.message)")
        #expect(failure.details == "features/cart.feature:12: カートに「ラテ」を追加しようとする (成功しました)")
    }

    @Test("a check with no try step before it is an error that says what to write")
    func noTryStep() throws {
        var ledger = OutcomeLedger()
        let result = ledger.expectSuccess()
        let failure = try #require(result)
        #expect(failure.kind == .error)
        #expect(failure.message.contains("I try to"))
        #expect(ledger.uncheckedFailure == nil)
    }
}
