import CucumberExpressions
import Testing

@Suite("Parameter type registry")
struct ParameterTypeRegistryTests {
    static func text(_ name: String, _ regexp: String = "x", prefer: Bool = false) -> ParameterType {
        ParameterType(name: name, regexps: [regexp], preferForRegexpMatch: prefer) { $0.first ?? nil }
    }

    @Test("holds the built-in types")
    func builtIns() {
        let registry = ParameterTypeRegistry()
        let names = [
            "int", "float", "word", "string", "", "double", "bigdecimal", "biginteger", "byte", "short", "long",
        ]
        for name in names {
            #expect(registry.lookup(name: name) != nil, "missing {\(name)}")
        }
        #expect(registry.lookup(name: "yen") == nil)
    }

    @Test("rejects a duplicate name")
    func duplicate() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(Self.text("color"))
        let error = #expect(throws: CucumberExpressionError.self) { try registry.define(Self.text("color")) }
        #expect(error?.message == "There is already a parameter type with name color")
        let builtIn = #expect(throws: CucumberExpressionError.self) { try registry.define(Self.text("int")) }
        #expect(builtIn?.message == "There is already a parameter type with name int")
        let anonymous = #expect(throws: CucumberExpressionError.self) { try registry.define(Self.text("")) }
        #expect(anonymous?.message == "The anonymous parameter type has already been defined")
    }

    @Test("rejects reserved characters in a name", arguments: ["{x", "x}", "(x", "x)", #"x\y"#, "x/y"])
    func reservedCharacters(name: String) {
        var registry = ParameterTypeRegistry()
        let error = #expect(throws: CucumberExpressionError.self) { try registry.define(Self.text(name)) }
        #expect(
            error?.message
                == "Illegal character in parameter name {\(name)}. Parameter names may not contain '{', '}', '(', ')', '\\' or '/'"
        )
    }

    @Test("rejects a second preferential type for one regexp")
    func twoPreferential() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(Self.text("a", "[a-z]+", prefer: true))
        try registry.define(Self.text("b", "[a-z]+", prefer: false))
        let error = #expect(throws: CucumberExpressionError.self) {
            try registry.define(Self.text("c", "[a-z]+", prefer: true))
        }
        #expect(
            error?.message
                == "There can only be one preferential parameter type per regexp. The regexp /[a-z]+/ is used for two preferential parameter types, {a} and {c}"
        )
    }

    @Test("rejects a type without regexps or with one that does not compile")
    func invalidRegexps() {
        var registry = ParameterTypeRegistry()
        #expect(throws: CucumberExpressionError.self) {
            try registry.define(ParameterType(name: "none", regexps: []) { _ in 0 })
        }
        let error = #expect(throws: CucumberExpressionError.self) { try registry.define(Self.text("bad", "(unclosed")) }
        #expect(
            error?.message.hasPrefix("Parameter type {bad}: The regular expression /(unclosed/ is not valid") == true)
        #expect(registry.lookup(name: "bad") == nil)
    }

    @Test("a defined type is usable in expressions; an undefined one is reported")
    func definedAndUndefined() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(Self.text("color", "red|blue"))
        #expect(try CucumberExpression("a {color} ball", registry: registry).match("a red ball") != nil)
        let error = #expect(throws: CucumberExpressionError.self) {
            try CucumberExpression("a {colour} ball", registry: registry)
        }
        #expect(
            error?.message == """
                This Cucumber Expression has a problem at column 3:

                a {colour} ball
                  ^------^
                Undefined parameter type 'colour'.
                Please register a ParameterType for 'colour'
                """)
    }
}
