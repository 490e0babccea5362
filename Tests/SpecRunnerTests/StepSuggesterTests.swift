import CucumberExpressions
import Gherkin
import Testing

@testable import SpecRunner

@Suite("Did you mean")
struct StepSuggesterTests {
    private func suggester(_ sources: [String]) throws -> StepSuggester {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "yen", regexps: [#"¥\d+"#]) { _ in 0 })
        return StepSuggester(
            expressions: try sources.map { try CucumberExpression($0, registry: registry) },
            valueTypes: registry.customTypes)
    }

    private let library = [
        "I add {string} to the cart",
        "I add {int} {string} to the cart",
        "I add {string} at {yen} to the cart",
        "I remove {string} from the cart",
        "I change the quantity of {string} to {int}",
        "the display shows the {word} screen",
        "the row of {string} has {int} lane(s)",
        "カートに{string}を追加する",
        "カートに{string}を{int}個追加する",
    ]

    @Test(
        "ranks the closest expressions first, values abstracted",
        arguments: [
            (#"I add 3 "Tea" in the cart"#, ["I add {int} {string} to the cart", "I add {string} to the cart"]),
            (#"I put "Tea" to the cart"#, ["I add {string} to the cart", "I add {int} {string} to the cart"]),
            (#"I remove "Tea" form the cart"#, ["I remove {string} from the cart"]),
            (#"the row of "Sato" has 2 lanes"#, ["the row of {string} has {int} lane(s)"]),
            ("カートに「お茶」を3個追加した", ["カートに{string}を{int}個追加する", "カートに{string}を追加する"]),
        ])
    func ranking(text: String, expectedPrefix: [String]) throws {
        let suggestions = try suggester(library).suggest(for: text).map(\.source)
        #expect(Array(suggestions.prefix(expectedPrefix.count)) == expectedPrefix)
        #expect(suggestions.count <= 3)
    }

    @Test("a step close only in letters, sharing no word with the text, is left out")
    func sharedWords() throws {
        let steps = [
            "the catalog:", "I try to set the catalog:", "I cancel the payments", "I apply {int} points",
            "I try to apply {int} points",
        ]
        #expect(
            try suggester(steps).suggest(for: "I set the catalog:").map(\.source) == [
                "the catalog:", "I try to set the catalog:",
            ])
        // An ending or a typo leaves a word the same word.
        #expect(try suggester(steps).suggest(for: "I set the catalogue:").map(\.source).first == "the catalog:")
        #expect(try suggester(steps).suggest(for: "I set the catlog:").map(\.source).first == "the catalog:")
        #expect(try suggester(steps).suggest(for: "I set the xatalog:").map(\.source).first == "the catalog:")
        // Nothing in common but short words: no suggestion beats an unrelated one.
        #expect(try suggester(steps).suggest(for: "the shop is open").map(\.source).isEmpty)
        // No word of four letters to compare: the distance alone decides.
        #expect(try suggester(steps).suggest(for: "I set the map:").map(\.source).isEmpty == false)
        #expect(
            try suggester(steps).suggest(for: "I use 1,000 points").map(\.source) == [
                "I apply {int} points", "I try to apply {int} points",
            ])
    }

    @Test("a word no step has does not hide the steps that share the text's other words")
    func wordsNoStepHas() throws {
        let steps = ["I add {string} to the cart", "I add {int} {string} to the cart", "I set the catalog:"]
        // `basket` and `put` are in no step: `add` and `cart` decide.
        #expect(
            try suggester(steps).suggest(for: #"I add "Tea" to the basket"#).map(\.source).first
                == "I add {string} to the cart")
        #expect(
            try suggester(steps).suggest(for: #"I put "Tea" in the cart"#).map(\.source).first
                == "I add {string} to the cart")
        // A verb of three letters is a word; one edit makes another (`ad`d), two do not.
        #expect(
            try suggester(steps).suggest(for: #"I ad "Tea" to the bag"#).map(\.source).first
                == "I add {string} to the cart")
        #expect(StepSuggester.isSameWord(Array("bok"), Array("book")))
        #expect(!StepSuggester.isSameWord(Array("add"), Array("bag")))
    }

    @Test("text unlike any step gets no suggestions")
    func nothingClose() throws {
        #expect(try suggester(library).suggest(for: "the moon is made of cheese and crackers").map(\.source).isEmpty)
    }

    @Test("at most three, and an exact shape scores zero distance")
    func limit() throws {
        let suggestions = try suggester(library).suggest(for: #"I add "Milk" to the cart"#).map(\.source)
        #expect(suggestions.count == 3)
        #expect(suggestions.first == "I add {string} to the cart")
    }

    @Test("of two as close, the one that wants no value the text lacks comes first, whichever was defined first")
    func unfilledValues() throws {
        let wantsMore = "{string}に{yen}の割引を設定する"
        let fits = "{int}%の全体割引を設定する"
        for sources in [[wantsMore, fits], [fits, wantsMore]] {
            #expect(try suggester(sources).suggest(for: "10%の割引を設定する").map(\.source).first == fits, "\(sources)")
        }
    }

    @Test("a step that holds the whole text comes before one fewer characters away: the text left its value out")
    func valueLeftOut() throws {
        let sources = ["会員を解除する", "{int}ポイントの会員を呼び出す", "the cart total is {yen}", "the cart is empty"]
        #expect(try suggester(sources).suggest(for: "会員を呼び出す").map(\.source).first == "{int}ポイントの会員を呼び出す")
        #expect(
            try suggester(sources).suggest(for: "the cart total is").map(\.source).first == "the cart total is {yen}")
    }

    @Test("regular-expression definitions are shown by their source, groups abstracted")
    func regularExpressions() throws {
        let registry = ParameterTypeRegistry()
        let suggester = StepSuggester(expressions: [
            try RegularExpression(#"^I have (\d+) cukes in my (\w+)$"#, registry: registry),
            try CucumberExpression("I eat {int} cukes", registry: registry),
        ])
        #expect(
            suggester.suggest(for: "I have 4 cukes in the belly").map(\.source).first
                == #"^I have (\d+) cukes in my (\w+)$"#)
    }
}

@Suite("Snippets")
struct SnippetBuilderTests {
    @Test("a typed line per parameter, the table, and a pending body")
    func typed() {
        let snippet = SnippetBuilder.snippet(
            for: GeneratedExpression(
                source: "I add {int} {string} at {yen} to the cart", parameterTypeNames: ["int", "string", "yen"],
                parameterNames: ["int", "string", "yen"]),
            argument: .dataTable(PickleTable(rows: [])))
        #expect(
            snippet == """
                registry.step("I add {int} {string} at {yen} to the cart") { context in
                    let int: Int = try context.argument(0)
                    let string: String = try context.argument(1)
                    let yen = context.arguments[2]  // the {yen} value
                    let table = context.dataTable  // rows of cells, header first
                    throw PendingStep()
                }
                """)
    }

    @Test("a custom parameter type whose value type is known gets the same typed line")
    func typedCustom() {
        let snippet = SnippetBuilder.snippet(
            for: GeneratedExpression(
                source: "the change is {yen} at {time}", parameterTypeNames: ["yen", "time"],
                parameterNames: ["yen", "time"]),
            argument: nil, valueType: { $0 == "yen" ? "Int" : nil })
        #expect(
            snippet == """
                registry.step("the change is {yen} at {time}") { context in
                    let yen: Int = try context.argument(0)
                    let time = context.arguments[1]  // the {time} value
                    throw PendingStep()
                }
                """)
    }

    @Test("the generator's escaped text is escaped again for Swift")
    func escaped() {
        let generated = CucumberExpressionGenerator(registry: ParameterTypeRegistry()).generate(
            #"a "quoted (odd) {text} a/b \ end"#)
        let snippet = generated.first.map {
            SnippetBuilder.snippet(for: $0, argument: .docString(PickleDocString(mediaType: nil, content: "")))
        }
        #expect(
            snippet == #"""
                registry.step("a \"quoted \\(odd) \\{text} a\\/b \\\\ end") { context in
                    let docString = context.docString?.content ?? ""
                    throw PendingStep()
                }
                """#)
    }

    @Test("the real generator's proposal for a step with numbers and strings")
    func generator() {
        let generated = CucumberExpressionGenerator(registry: ParameterTypeRegistry()).generate(
            #"I add 3 "Tea" to the cart"#)
        let snippet = generated.first.map { SnippetBuilder.snippet(for: $0, argument: nil) } ?? ""
        #expect(snippet.hasPrefix(#"registry.step("I add {int} {string} to the cart") { context in"#))
        #expect(snippet.contains("let int: Int = try context.argument(0)"))
    }

    @Test("a text that misses a step only by a value its type refuses gets that step first, the value named")
    func valueMisfits() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(
            ParameterType(name: "screen", regexps: ["cart|payment"], valueHint: "cart or payment") { $0 })
        try registry.define(ParameterType(name: "yen", regexps: [#"¥\d+"#]) { _ in 0 })
        try registry.define(ParameterType(name: "field", regexps: ["total"]) { $0 })
        let suggester = StepSuggester(
            expressions: try [
                "the display shows {field} {yen}", "the display shows the text {string}",
                "the display shows the {screen} screen",
                "the display shows total {yen}", "I add {string} to the cart", "I add {string} at {yen} to the cart",
            ].map { try CucumberExpression($0, registry: registry) })
        let basket = suggester.suggest(for: "the display shows the basket screen")
        #expect(basket.first?.source == "the display shows the {screen} screen")
        #expect(basket.first?.misfits == [#""basket" is not a {screen} (cart or payment)"#])
        // `{field} {yen}` also takes the words if any value goes, but with every value
        // wrong it is another sentence: no note for it.
        #expect(basket.dropFirst().allSatisfy { $0.misfits.isEmpty })
        // Several ways to split the words: the one with the fewest wrong values.
        let split = suggester.suggest(for: "the display shows the totals ¥100")
        #expect(split.first?.source == "the display shows {field} {yen}")
        #expect(split.first?.misfits == [#""the totals" is not a {field}"#])
        // Two near misses with one wrong value each: the shorter wrong value first.
        let price = suggester.suggest(for: #"I add "Tea" at 100 to the cart"#)
        #expect(price.first?.source == "I add {string} at {yen} to the cart")
        #expect(price.first?.misfits == [#""100" is not a {yen}"#])
        #expect(price.dropFirst().first?.source == "I add {string} to the cart")
        let quotes = suggester.suggest(for: "the display shows the text hello")
        #expect(quotes.first?.misfits == [#""hello" is not a {string} (text in quotes: "…", '…' or 「…」)"#])
        let amount = suggester.suggest(for: "the display shows total 450 yen")
        #expect(amount.first?.source == "the display shows total {yen}")
        #expect(amount.first?.misfits == [#""450 yen" is not a {yen}"#])
        // A value that is the type's but for a space too many: the space is named.
        let spaced = suggester.suggest(for: "the display shows total  ¥100")
        #expect(spaced.first?.misfits == [#"" ¥100" has a space the step does not: without it, it is a {yen}"#])
        // Inside the value too (`¥ 100`, as `520 円` is typed).
        let inside = suggester.suggest(for: "the display shows total ¥ 100")
        #expect(inside.first?.misfits == [#""¥ 100" has a space the step does not: without it, it is a {yen}"#])
        // A word that differs too is not a value problem: ranked by distance, no note.
        let typo = suggester.suggest(for: #"I add "Tea" too the cart"#)
        #expect(typo.first == StepSuggester.Suggestion(source: "I add {string} to the cart", misfits: []))
        #expect(typo.allSatisfy { $0.misfits.isEmpty })
    }

    @Test("closest is the smallest distance of any reading, the first of equals, whatever it leaves out")
    func closestReading() {
        var generator = SystemRandomNumberGenerator()
        func text(_ length: Int) -> [Character] {
            (0..<length).map { _ in "abc".randomElement(using: &generator) ?? "a" }
        }
        for _ in 0..<500 {
            let readings = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                text(Int.random(in: 0...12, using: &generator))
            }
            let shape = text(Int.random(in: 0...12, using: &generator))
            // Every reading worked out, the first smallest kept.
            let each = readings.map { (StepSuggester.distance($0, shape), $0.count) }
            let expected = each.min { $0.0 < $1.0 } ?? (Int.max, 0)
            let found = StepSuggester.closest(readings, shape)
            #expect(found == expected, "\(readings) \(shape)")
            #expect(StepSuggester.closest(readings, shape, ordering: true) == expected)
        }
        // A megabyte-long step orders near misses by its length difference alone.
        let long = [Character](repeating: "|", count: 1_000_000)
        #expect(StepSuggester.closest([long], Array("I add"), ordering: true) == (999_995, 1_000_000))
    }
}
