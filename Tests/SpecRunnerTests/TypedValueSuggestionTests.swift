import CucumberExpressions
import Testing

@testable import SpecRunner

/// "Did you mean" reads the values of the library's own parameter types in the text as
/// the parameters they would fill (StepSuggester's `valueTypes`).
@Suite("Did you mean: values read as their types")
struct TypedValueSuggestionTests {
    private let registry: ParameterTypeRegistry = {
        var registry = ParameterTypeRegistry()
        // Failing to define these fails every test below through the missing suggestions.
        try? registry.define(ParameterType(name: "yen", regexps: [#"¥\d+(?:,\d{3})*"#]) { _ in 0 })
        try? registry.define(ParameterType(name: "time", regexps: [#"\d{1,2}:\d{2}"#]) { _ in 0 })
        try? registry.define(
            ParameterType(name: "screen", regexps: ["welcome|cart|payment|refund|ようこそ|カート|お支払い|返金"]) { $0 })
        try? registry.define(
            ParameterType(name: "field", regexps: ["subtotal|total|change|refund|小計|合計|お釣り|返金"]) { $0 })
        return registry
    }()

    private let library = [
        "カスタマーディスプレイに{field}{yen}が表示される",
        "カスタマーディスプレイに{string}と表示される",
        "カスタマーディスプレイに{field}が表示されない",
        "カスタマーディスプレイは{screen}画面である",
        "カートに{string}を追加する",
        "the display shows {field} {yen}",
        "the display shows the {screen} screen",
        "the display shows the text {string}",
        "I cancel the payments",
        "I change the quantity of {string} to {int}",
        "I add {string} to the cart",
        "I add {int} {string} to the cart",
        "I try to remove {string} from the cart",
        "I book {string} with {string} from {time} to {time}",
    ]

    private func suggestions(_ text: String, typed: Bool = true) throws -> [String] {
        let expressions = try library.map { try CucumberExpression($0, registry: registry) }
        let suggester = StepSuggester(expressions: expressions, valueTypes: typed ? registry.customTypes : [])
        return suggester.suggest(for: text).map(\.source)
    }

    @Test("a Japanese screen name makes the {screen} step the first suggestion")
    func japaneseScreen() throws {
        let text = "カスタマーディスプレイにようこそ画面が表示される"
        #expect(try suggestions(text).first == "カスタマーディスプレイは{screen}画面である")
        // Read by characters alone, the {field}{yen} step is closer: the reason for this.
        #expect(try suggestions(text, typed: false).first == "カスタマーディスプレイに{field}{yen}が表示される")
    }

    @Test("a definition that takes every value of the text comes before one that takes some")
    func everyValueFirst() throws {
        let found = try suggestions("カスタマーディスプレイに小計¥600が表示されている")
        #expect(found.first == "カスタマーディスプレイに{field}{yen}が表示される")
        #expect(try suggestions("the customer display shows total ¥1,000").first == "the display shows {field} {yen}")
    }

    @Test("function words (`with`, `from`, `into`) make no candidate related")
    func functionWords() throws {
        let booked = try suggestions(#"I bok "R1" with "Aiko" from 10:00 to 11:00"#)
        #expect(booked.first == "I book {string} with {string} from {time} to {time}")
        #expect(!booked.contains("I try to remove {string} from the cart"))
        // `cart` is a {screen} value, so `into` was the only word left to share, with nothing.
        #expect(try suggestions(#"I add 2 "Latte" into the cart"#).first == "I add {int} {string} to the cart")
    }

    @Test("an English screen name: the {screen} step first, and the value is no shared word")
    func englishScreen() throws {
        let found = try suggestions("the display is on the payment screen")
        #expect(found.first == "the display shows the {screen} screen")
        #expect(!found.contains("I cancel the payments"))
    }

    @Test("a value written into a definition counts as taken: a word that is also a {field} still matches its step")
    func literalValue() throws {
        #expect(
            try suggestions(#"I change the quantty of "Latte" to 3"#).first
                == "I change the quantity of {string} to {int}")
        #expect(try suggestions("カートへ「ラテ」を追加する").first == "カートに{string}を追加する")
    }

    @Test("the custom types are the registry's own, not the built-ins")
    func customTypes() {
        #expect(Set(registry.customTypes.map(\.name)) == ["yen", "time", "screen", "field"])
    }
}
