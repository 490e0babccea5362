import Simulator
import TestSupport
import Testing
import Wire

@testable import SpecRunner
@testable import StepLibrary

@Suite("Step definitions")
struct StepDefinitionTests {
    static let book = QAStepLibrary.definitions
    static var registry: StepRegistry { book.registry }

    /// The definitions whose expression matches `text`.
    static func matches(_ text: String) -> [StepDefinition] {
        registry.definitions.filter { $0.expression.match(text) != nil }
    }

    @Test("the library registers without errors")
    func registers() {
        #expect(Self.registry.registrationErrors == [])
        // Every definition is one line of the catalogue: the full-width `％` and `：` forms of
        // the Japanese steps, and every other wording, are wordings of that definition.
        #expect(Self.registry.definitions.count == Self.book.entries.count)
        #expect(Self.matches("10％の全体割引を設定する").map(\.expression.source) == ["{int}%の全体割引を設定する"])
        #expect(Self.matches("商品カタログを設定しようとする：").map(\.expression.source) == ["商品カタログを設定しようとする:"])
        #expect(Self.matches("商品カタログ：").map(\.expression.source) == ["商品カタログ:"])
    }

    @Test("steps.md is readable and lists the steps", .requires(.sharedFolder))
    func documentFound() throws {
        let expressions = try StepsDocument.expressions()
        #expect(expressions.count > 100)
        #expect(expressions.contains("I add {string} at {yen} to the cart"))
        #expect(expressions.contains("商品カタログを設定しようとする:"))
        #expect(expressions.contains("お会計に進もうとする"))
    }

    @Test("every expression of steps.md is defined exactly as written", .requires(.sharedFolder))
    func everyExpressionDefined() throws {
        let defined = Set(Self.registry.definitions.map(\.expression.source))
        for expression in try StepsDocument.expressions() {
            #expect(defined.contains(expression), "steps.md promises `\(expression)`")
        }
    }

    @Test("every line written from steps.md matches exactly one definition, the one it names", .requires(.sharedFolder))
    func everyLineMatchesOnce() throws {
        for expression in try StepsDocument.expressions() {
            for line in StepsDocument.exampleLines(for: expression) {
                let found = Self.matches(line)
                #expect(found.count == 1, "`\(line)` matches \(found.map(\.expression.source))")
                #expect(found.first?.expression.source == expression, "`\(line)`")
                if let match = found.first?.expression.match(line) {
                    for argument in match { #expect(throws: Never.self) { _ = try argument.value() } }
                }
            }
        }
    }

    @Test("every catalogue example matches exactly its own definition")
    func catalogueExamples() {
        let keywords = ["Given ", "When ", "Then ", "前提 ", "もし ", "ならば "]
        for entry in Self.book.entries {
            let text = keywords.reduce(entry.example) { line, keyword in
                line.hasPrefix(keyword) ? String(line.dropFirst(keyword.count)) : line
            }
            let found = Self.matches(text)
            #expect(found.map(\.expression.source) == [entry.expression], "`\(entry.example)`")
        }
    }

    @Test("every action has a try form in both languages")
    func tryForms() {
        let tries = Self.book.entries.filter { $0.kind == .try }
        #expect(tries.filter { $0.language == .en }.count == tries.filter { $0.language == .ja }.count)
        for entry in tries {
            switch entry.language {
            case .en: #expect(entry.expression.contains("try to") || entry.expression.contains("tries to"))
            case .ja: #expect(entry.expression.contains("うとする"), "`\(entry.expression)` is not volitional + とする")
            }
        }
        // 25 register/calendar actions, plus the catalog, staff, reservations and menu tables.
        #expect(tries.count >= 2 * 30)
    }

    @Test("try examples change only the verb")
    func tryExampleWording() {
        #expect(
            StepBook.tryExample(
                Phrase("I add {string} to the cart", #"I add "Latte" to the cart"#),
                tryExpression: "I try to add {string} to the cart")
                == #"I try to add "Latte" to the cart"#)
        #expect(
            StepBook.tryExample(Phrase("カートに{string}を追加する", "カートに「ラテ」を追加する"), tryExpression: "カートに{string}を追加しようとする")
                == "カートに「ラテ」を追加しようとする")
        #expect(
            StepBook.tryExample(
                Phrase("the customer pays {yen} by {method}", "the customer pays ¥500 by card"),
                tryExpression: "the customer tries to pay {yen} by {method}")
                == "the customer tries to pay ¥500 by card")
        #expect(StepBook.tryExample(Phrase("お会計に進む", "お会計に進む"), tryExpression: "お会計に進もうとする") == "お会計に進もうとする")
    }

    @Test("the catalogue text groups the steps with an example each, in both languages")
    func catalogueText() {
        let english = StepCatalogue.text(.en)
        #expect(english.contains("\nregister\n"))
        #expect(english.contains("\ndisplay"))
        #expect(english.contains("\ncalendar"))
        #expect(english.contains("  I add {string} at {yen} to the cart\n      When I add \"Bag\" at ¥5 to the cart\n"))
        #expect(english.contains("      Given the catalog:\n        | name | price |\n    also:"))
        // A column a table may leave out is named under the header, as the step reads it.
        #expect(
            english.contains("        | id | staff | start | end | customer |\n        (customer may be left out)\n"))
        // The calendar's steps come with how its numbers are made, found by a search too.
        #expect(english.contains("y = the row's top + lane × (item height + padding)"))
        #expect(
            StepCatalogue.text(.ja, matching: ["レーン"])?.contains("y = 行の上端 + レーン × (item height + padding)") == true)
        let japanese = StepCatalogue.text(.ja)
        #expect(japanese.contains("        | name | capacity |\n        （capacity列は省略できます）\n"))
        #expect(StepCatalogue.json(.en, matching: ["staff:"]).contains(#""optionalColumns":["capacity"]"#))
        #expect(japanese.contains("  カートに{string}を追加しようとする\n      もし カートに「ラテ」を追加しようとする\n"))
        #expect(!japanese.contains("I add {string}"))
        #expect(QAStepLibrary.catalogue(.en).count == QAStepLibrary.catalogue(.ja).count)
    }

    @Test("the catalogue lists every code the simulator rejects with, with its meaning, in both languages")
    func catalogueCodes() {
        let english = StepCatalogue.text(.en)
        let japanese = StepCatalogue.text(.ja)
        #expect(english.contains("\nRejection codes (it is rejected with \"CODE\")\n  register\n    wrongPhase "))
        #expect(japanese.contains("\n拒否コード (「CODE」で拒否される)\n  レジ\n    wrongPhase "))
        let codes = RejectionCode.allCases.map(\.rawValue) + RequestErrorCode.allCases.map(\.rawValue)
        for code in codes {
            #expect(english.contains("\n    \(code) "), "\(code) is not in the catalogue")
            #expect(RejectionCodeGloss.japanese(code) != nil, "\(code) has no Japanese meaning")
        }
        // And no meaning for a code the protocol does not have: a dry run would take it.
        #expect(Set(RejectionCodeGloss.areas.flatMap(\.entries).map(\.code)) == Set(codes))
    }

    @Test("a refusal's hint gives the try form for a rule's code, not for a protocol code or an unfilled placeholder")
    func refusalHints() {
        let tryStep = "I try to void the last line"
        let rule = StepBook.expectRefusalHint(code: "emptyCart", tryStep: tryStep, language: .en)
        #expect(
            rule
                == "If it should be refused, write `I try to void the last line` and check it with `it is rejected with \"emptyCart\"`."
        )
        for code in ["unknownAction", "badParameter", "badRequest"] {
            for language in StepLanguage.allCases {
                let hint = StepBook.expectRefusalHint(code: code, tryStep: tryStep, language: language)
                #expect(!hint.contains(tryStep) && hint.contains(code), "\(hint)")
            }
        }
        let japanese = StepBook.expectRefusalHint(code: "unknownAction", tryStep: tryStep, language: .ja)
        #expect(japanese.hasPrefix("「unknownAction」は操作の規則による拒否ではなく"))
        // A placeholder no Examples column filled is the mistake, not the refusal.
        let unfilled = StepBook.expectRefusalHint(
            code: "unknownProduct", tryStep: "I try to add \"<prodct>\" to the cart", language: .en)
        #expect(
            unfilled
                == "The step still holds <prodct>: no Examples column of that name gives it a value (the table under"
                + " 'Examples:' names its column as the step does).")
        let unfilledJapanese = StepBook.expectRefusalHint(
            code: "unknownProduct", tryStep: "「<商品>」をカートに追加しようとする", language: .ja)
        #expect(
            unfilledJapanese
                == "ステップに<商品>が残っています。その名前の「例」の列がなく、値が入りません（「例:」の下の表の見出しに、ステップと同じ名前を書きます）。")
    }
}
