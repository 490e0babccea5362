import CucumberExpressions
import Testing

@Suite("Step expression index")
struct StepExpressionIndexTests {
    @Test("its candidates include every expression that matches, and skip most others")
    func candidatesCoverMatches() throws {
        let registry = try PreFilterTests.registry()
        var expressions: [any StepExpression] = try PreFilterTests.sources.map {
            try CucumberExpression($0, registry: registry)
        }
        expressions.append(try RegularExpression(#"^x (\d+) y (\d+) z$"#, registry: registry))
        expressions.append(try CucumberExpression("I add {string} to the cart", registry: registry))
        let index = StepExpressionIndex(expressions)
        var skipped = 0
        for text in PreFilterTests.texts {
            let candidates = index.candidates(for: text)
            #expect(candidates == candidates.sorted())
            let matching = expressions.indices.filter { expressions[$0].match(text) != nil }
            #expect(Set(matching).isSubset(of: candidates), "\(text)")
            skipped += expressions.count - candidates.count
        }
        #expect(skipped > PreFilterTests.texts.count * expressions.count / 2)
    }

    @Test("shared prefixes lead to every expression along the path")
    func sharedPrefixes() throws {
        let registry = ParameterTypeRegistry()
        let sources = ["I {word}", "I add {int}", "I add {int} more", "the {word}", "{word} is", "I"]
        let index = StepExpressionIndex(try sources.map { try CucumberExpression($0, registry: registry) })
        #expect(index.candidates(for: "I add 3") == [0, 1, 2, 4, 5])
        #expect(index.candidates(for: "the end") == [3, 4])
        #expect(index.candidates(for: "x is") == [4])
        #expect(index.candidates(for: "") == [4])
    }
}
