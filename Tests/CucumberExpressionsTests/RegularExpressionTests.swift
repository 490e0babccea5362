import CucumberExpressions
import Testing

@Suite("Regular expressions")
struct RegularExpressionTests {
    let registry = ParameterTypeRegistry()

    @Test("a group equal to a type's regexp is converted by that type")
    func typedGroups() throws {
        let expression = try RegularExpression(#"^I have (-?\d+) cukes? in my (.*)$"#, registry: registry)
        let arguments = try #require(expression.match("I have -3 cukes in my belly"))
        #expect(arguments.map(\.parameterTypeName) == ["int", ""])
        #expect(try arguments[0].value() as? Int == -3)
        #expect(try arguments[1].value() as? String == "belly")
        // `\d+` is {int}'s second regexp.
        let unsigned = try RegularExpression(#"^(\d+)$"#, registry: registry)
        #expect(try unsigned.match("42")?.first?.value() as? Int == 42)
    }

    @Test("any other group is its text")
    func untypedGroups() throws {
        let expression = try RegularExpression(#"^(\w+) and (\d{2})$"#, registry: registry)
        #expect(try Fixtures.values(expression, "cukes and 42") == [.string("cukes"), .string("42")])
    }

    @Test("an optional typed group that took no part is nil")
    func optionalTypedGroup() throws {
        let expression = try RegularExpression(#"^wait(?: (-?\d+) s)?$"#, registry: registry)
        #expect(try Fixtures.values(expression, "wait") == [.null])
        #expect(try Fixtures.values(expression, "wait 5 s") == [.int(5)])
    }

    @Test("nested groups belong to their top-level group; non-capturing and escaped ones are skipped")
    func nestedGroups() throws {
        let expression = try RegularExpression(#"^a ((b)(?:c)(d)) \(e\) [(]f[)] (?<name>g)$"#, registry: registry)
        let arguments = try #require(expression.match("a bcd (e) (f) g"))
        #expect(arguments.map(\.text) == ["bcd", "g"])
        #expect(arguments.map(\.start) == [2, 14])
    }

    @Test("a preferential custom type claims its regexp")
    func preferentialCustomType() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(
            ParameterType(name: "color", regexps: ["red|blue"], preferForRegexpMatch: true) { groups in
                (groups.first ?? nil)?.uppercased() ?? ""
            })
        let expression = try RegularExpression("^a (red|blue) ball$", registry: registry)
        #expect(try Fixtures.values(expression, "a red ball") == [.string("RED")])
    }

    @Test("a group several types share, none preferential, is ambiguous")
    func ambiguous() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "a", regexps: ["[a-z]+"]) { $0.first ?? nil })
        try registry.define(ParameterType(name: "b", regexps: ["[a-z]+"]) { $0.first ?? nil })
        let error = #expect(throws: CucumberExpressionError.self) {
            try RegularExpression("^x ([a-z]+)$", registry: registry)
        }
        #expect(
            error?.message.hasPrefix(
                "Your Regular Expression /^x ([a-z]+)$/\nmatches multiple parameter types with regexp /[a-z]+/:\n   {a}, {b}\n"
            ) == true)
    }

    @Test("matches the whole text only, as if anchored")
    func wholeText() throws {
        let unanchored = try RegularExpression("cukes", registry: registry)
        #expect(unanchored.match("cukes") != nil)
        #expect(unanchored.match("I have cukes") == nil)
        let alternatives = try RegularExpression("a|ab", registry: registry)
        #expect(alternatives.match("ab") != nil)
        let dollar = try RegularExpression("^a$", registry: registry)
        #expect(dollar.match("a\n") == nil)
    }

    @Test("an invalid pattern is a clear error")
    func invalidPattern() {
        let error = #expect(throws: CucumberExpressionError.self) {
            try RegularExpression("^a (b$", registry: registry)
        }
        #expect(error?.message.contains("is not valid") == true)
    }
}
