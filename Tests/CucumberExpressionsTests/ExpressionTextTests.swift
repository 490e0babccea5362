import CucumberExpressions
import Testing

/// An expression written out as a text it matches (`ExpressionText.writeOut`).
@Suite("Expressions written out")
struct ExpressionTextTests {
    let registry = ParameterTypeRegistry()

    @Test(
        "writes a text the expression matches, its parameters filled in order",
        arguments: [
            ("the display received {int} update(s)", true, "the display received 3 updates"),
            ("the display received {int} update(s)", false, "the display received 3 update"),
            ("the customer pays {int} in/with {word}", true, "the customer pays 3 in cash"),
            (
                #"a \(literal\) brace \{int\} and a \/ slash for {word}"#, true,
                "a (literal) brace {int} and a / slash for cash"
            ),
            ("{word}を{int}個追加する", true, "cashを3個追加する"),
        ])
    func writesAMatchingText(expression: String, optionalParts: Bool, written: String) throws {
        let values = ["int": "3", "word": "cash"]
        let text = try ExpressionText.writeOut(expression, optionalParts: optionalParts) { values[$0] ?? "?" }
        #expect(text == written)
        #expect(try CucumberExpression(expression, registry: registry).match(text) != nil)
    }

    @Test("hands each literal to `literal` and each parameter name to `parameter`, in order")
    func callsInOrder() throws {
        var names: [String] = []
        let text = try ExpressionText.writeOut(
            "add {int} {string} for $1", literal: { "<\($0)>" },
            parameter: {
                names.append($0)
                return "[\($0)]"
            })
        #expect(names == ["int", "string"])
        #expect(text.replacingOccurrences(of: "><", with: "") == "<add >[int]< >[string]< for $1>")
    }

    @Test("an expression that does not parse is an error, not a text")
    func refusesABrokenExpression() {
        #expect(throws: CucumberExpressionError.self) { try ExpressionText.writeOut("add {int") { $0 } }
    }
}
