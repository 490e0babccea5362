import CucumberExpressions
import Testing

@Suite("Snippet expression generator")
struct CucumberExpressionGeneratorTests {
    static func generate(_ text: String, _ types: ParameterType...) throws -> [GeneratedExpression] {
        var registry = ParameterTypeRegistry()
        for type in types {
            try registry.define(type)
        }
        return CucumberExpressionGenerator(registry: registry).generate(text)
    }

    static func word(_ name: String, _ regexp: String) -> ParameterType {
        ParameterType(name: name, regexps: [regexp]) { $0.first ?? nil }
    }

    @Test(
        "proposes the reference's best expression",
        arguments: [
            ("hello", "hello"),
            ("I have 10 cukes in my belly now", "I have {int} cukes in my belly now"),
            ("I have 2 cukes and 1.5 euro", "I have {int} cukes and {float} euro"),
            (#"I like "bangers" and 'mash'"#, "I like {string} and {string}"),
            ("I am 20% through", "I am {int}% through"),
            ("99999", "{int}"),
            ("The 1814/05/17 hey", #"The {int}\/{int}\/{int} hey"#),
            ("(", #"\("#),
            ("{", #"\{"#),
            (#"a\b"#, #"a\\b"#),
            ("i18n and a11y", "i18n and a11y"),
            ("I add 3 \"apple\" to the cart", "I add {int} {string} to the cart"),
        ])
    func bestExpression(text: String, expected: String) throws {
        #expect(try Self.generate(text).first?.source == expected)
    }

    @Test("names parameters after their types, numbered from the second use")
    func parameterNames() throws {
        let best = try #require(try Self.generate(#"I have 2 cukes, 5 "blind" and 'lame' mice"#).first)
        #expect(best.source == "I have {int} cukes, {int} {string} and {string} mice")
        #expect(best.parameterTypeNames == ["int", "int", "string", "string"])
        #expect(best.parameterNames == ["int", "int2", "string", "string2"])
    }

    @Test("lists every combination of equally good types, preferential first")
    func combinations() throws {
        let sources = try Self.generate("I have 2 cukes").map(\.source)
        #expect(sources == ["I have {int} cukes", "I have {float} cukes"])
    }

    @Test("uses custom types marked for snippets, as whole words only")
    func customTypes() throws {
        let color = Self.word("color", "red|blue|yellow")
        #expect(try Self.generate("I have a red ball", color).first?.source == "I have a {color} ball")
        let mup = Self.word("mup", "mup")
        #expect(try Self.generate("I like muppets", mup).first?.source == "I like muppets")
        #expect(try Self.generate("I like remup", mup).first?.source == "I like remup")
        #expect(try Self.generate("mup rules, a mup", mup).first?.source == "{mup} rules, a {mup}")
        let hidden = ParameterType(name: "hidden", regexps: ["red"], useForSnippets: false) { $0.first ?? nil }
        #expect(try Self.generate("I have a red ball", hidden).first?.source == "I have a red ball")
    }

    @Test("prefers the longest match at the leftmost position")
    func longestMatch() throws {
        let expressions = try Self.generate(
            "a", Self.word("zero-or-more", "[a-z]*"), Self.word("exactly-one", "[a-z]"))
        #expect(expressions.map(\.source) == ["{exactly-one}", "{zero-or-more}"])
        let yen = try Self.generate("I set a cart discount of ¥1,200", Fixtures.yen)
        #expect(yen.first?.source == "I set a cart discount of {yen}")
    }

    @Test("finds values in Japanese text, where no spaces separate words")
    func japanese() throws {
        #expect(try Self.generate("カートに「りんご」を3個追加する").first?.source == "カートに{string}を{int}個追加する")
        let payment = try Self.generate("お客さまが現金で1,200円を支払う", Fixtures.yen, Fixtures.method)
        #expect(payment.first?.source == "お客さまが{method}で{yen}を支払う")
        #expect(payment.first?.parameterNames == ["method", "yen"])
    }

    @Test("stops at 256 expressions")
    func limit() throws {
        let types = (1...4).map { Self.word("t\($0)", "x") }
        var registry = ParameterTypeRegistry()
        for type in types {
            try registry.define(type)
        }
        let text = Array(repeating: "x", count: 5).joined(separator: " ")
        #expect(CucumberExpressionGenerator(registry: registry).generate(text).count == 256)
    }

    @Test(
        "every proposal compiles and matches its text",
        arguments: [
            "I have 2 cukes and 1.5 euro", #"I like "bangers" and 'mash' (a lot) {really}"#, "The 1814/05/17 hey",
            #"odd \ backslash / slash"#, "カートに「りんご」を3個追加する", "the display shows total ¥1,200",
        ])
    func proposalsMatch(text: String) throws {
        var registry = ParameterTypeRegistry()
        try registry.define(Fixtures.yen)
        let expressions = CucumberExpressionGenerator(registry: registry).generate(text)
        #expect(!expressions.isEmpty)
        for generated in expressions {
            let expression = try CucumberExpression(generated.source, registry: registry)
            #expect(expression.match(text)?.count == generated.parameterTypeNames.count, "\(generated.source)")
        }
    }
}
