import CucumberExpressions
import Testing

@Suite("Custom parameter types")
struct CustomParameterTypeTests {
    @Test(
        "{yen} with several regexps and a transform",
        arguments: [
            ("¥1,200", 1200), ("¥1200", 1200), ("1,200円", 1200), ("1200 yen", 1200), ("-¥100", -100),
            ("-100円", -100), ("¥0", 0), ("¥12,345,678", 12_345_678),
        ])
    func yenValues(text: String, amount: Int) throws {
        let registry = try Fixtures.registry(Fixtures.yen)
        let expression = try CucumberExpression("I set a cart discount of {yen}", registry: registry)
        let arguments = try #require(expression.match("I set a cart discount of \(text)"))
        #expect(arguments.count == 1)
        #expect(arguments.first?.text == text)
        #expect(arguments.first?.parameterTypeName == "yen")
        #expect(try arguments.first?.value() as? Int == amount)
    }

    @Test("{yen} rejects malformed amounts", arguments: ["¥1,20", "1,2000円", "¥", "1200", "¥-100"])
    func yenRejects(text: String) throws {
        let registry = try Fixtures.registry(Fixtures.yen)
        let expression = try CucumberExpression("I set a cart discount of {yen}", registry: registry)
        #expect(expression.match("I set a cart discount of \(text)") == nil)
    }

    @Test("custom and built-in types together, in English and Japanese")
    func mixedTypes() throws {
        let registry = try Fixtures.registry(Fixtures.yen, Fixtures.method)
        let english = try CucumberExpression("the customer pays {yen} by {method}", registry: registry)
        #expect(try Fixtures.values(english, "the customer pays ¥1,200 by card") == [.int(1200), .string("card")])
        let japanese = try CucumberExpression("カートに{yen}の{string}を追加する", registry: registry)
        #expect(try Fixtures.values(japanese, "カートに1,200円の「りんご」を追加する") == [.int(1200), .string("りんご")])
        let payment = try CucumberExpression("お客さまが{method}で{yen}を支払う", registry: registry)
        #expect(try Fixtures.values(payment, "お客さまがQR決済で-100円を支払う") == [.string("QR決済"), .int(-100)])
        #expect(payment.parameterTypeNames == ["method", "yen"])
    }

    @Test("a multi-regexp type compiles to one group of alternatives")
    func multiRegexpGroup() throws {
        let registry = try Fixtures.registry(Fixtures.method)
        let expression = try CucumberExpression("by {method}", registry: registry)
        #expect(expression.regexSource == "^by ((?:cash|card|QR)|(?:現金|カード|QR決済))$")
    }

    @Test("a throwing transform surfaces from value(), not from match()")
    func transformErrors() throws {
        let registry = try Fixtures.registry(
            ParameterType(name: "odd", regexps: [#"\d+"#]) { groups in
                guard let text = groups.first ?? nil, let value = Int(text), value % 2 == 1 else {
                    throw CucumberExpressionError(message: "not odd")
                }
                return value
            })
        let expression = try CucumberExpression("{odd}", registry: registry)
        let argument = try #require(expression.match("4")?.first)
        #expect(throws: CucumberExpressionError.self) { try argument.value() }
        #expect(try expression.match("5")?.first?.value() as? Int == 5)
    }

    @Test("the built-in number types convert and check their range")
    func builtInNumbers() throws {
        let registry = ParameterTypeRegistry()
        func value(_ source: String, _ text: String) throws -> Any? {
            try CucumberExpression(source, registry: registry).match(text)?.first?.value()
        }
        #expect(try value("{byte}", "-128") as? Int == -128)
        #expect(throws: CucumberExpressionError.self) { try value("{byte}", "128") }
        #expect(throws: CucumberExpressionError.self) { try value("{short}", "32768") }
        #expect(try value("{long}", "-9223372036854775808") as? Int == Int.min)
        #expect(try value("{int}", "３") as? Int == 3)
        #expect(try value("{double}", "-1.5e3") as? Double == -1500)
        #expect(try value("{bigdecimal}", "-0.5") as? String == "-0.5")
        #expect(try value("{word}", "日本語") as? String == "日本語")
        #expect(try value("{}", "anything at all") as? String == "anything at all")
        // The dynamic types are the plain ones, not optionals wrapping them.
        let types: [any Any.Type] = try [
            "{int}", "{float}", "{word}", "{string}", "{}", "{double}", "{bigdecimal}", "{biginteger}", "{byte}",
            "{short}", "{long}",
        ].map { source in
            type(of: try #require(try value(source, source == "{string}" ? "'1'" : "1")))
        }
        #expect(
            types.map { "\($0)" } == [
                "Int", "Double", "String", "String", "String", "Double", "String", "String", "Int", "Int", "Int",
            ])
    }
}
