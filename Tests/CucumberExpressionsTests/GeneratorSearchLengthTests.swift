import CucumberExpressions
import Testing

/// The generator looks for values in a step's first `ParameterValueFinder.searchedLength`
/// characters (docs/runner.md, "Snippets"): a longer step keeps the rest as written.
@Suite("Snippet values in a long step")
struct GeneratorSearchLengthTests {
    private func best(_ text: String) -> String? {
        CucumberExpressionGenerator(registry: ParameterTypeRegistry()).generate(text).first?.source
    }

    @Test("a value within the searched length is a parameter, one past it stays as written")
    func searchedLength() {
        let limit = ParameterValueFinder.searchedLength
        // `3` ends at the limit exactly: a parameter.
        let within = String(repeating: "a", count: limit - 2) + " 3 apples"
        #expect(best(within) == String(repeating: "a", count: limit - 2) + " {int} apples")
        // `3` starts at the limit: past it, the text as written.
        let past = String(repeating: "a", count: limit - 1) + " 3 apples"
        #expect(best(past) == past)
        // A value cut by the limit is no whole word within it: not a parameter.
        let cut = String(repeating: "a", count: limit - 3) + " 1234 apples"
        #expect(best(cut) == cut)
    }

    @Test("a step of 100,000 characters has its values near the start, the rest as written")
    func longStep() {
        let text = "I add 3 \"Tea\" and " + String(repeating: "then 5 more ", count: 8_000)
        // The 82nd `5` ends at character 996, the 83rd starts at 1,007.
        let expected =
            "I add {int} {string} and " + String(repeating: "then {int} more ", count: 82)
            + String(repeating: "then 5 more ", count: 8_000 - 82)
        #expect(best(text) == expected)
    }
}
