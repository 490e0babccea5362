import CucumberExpressions
import Testing

/// Compiled expressions are shared by the runner's parallel jobs.
@Suite("Concurrent matching")
struct ConcurrencyTests {
    @Test("many tasks match with the same compiled expressions and agree with a sequential run")
    func parallelMatching() async throws {
        let registry = try Fixtures.registry(Fixtures.yen, Fixtures.method)
        var expressions: [any StepExpression] = []
        for index in 0..<50 {
            expressions.append(try CucumberExpression("I add {int} {string} to cart \(index)", registry: registry))
            expressions.append(try CucumberExpression("カート\(index)に{yen}の{string}を追加する", registry: registry))
            expressions.append(try RegularExpression(#"^pay (-?\d+) by (\w+) at \#(index)$"#, registry: registry))
        }
        let texts = (0..<50).flatMap { index in
            [
                "I add \(index) \"item \(index)\" to cart \(index)", "カート\(index)に¥\(index),000の「品\(index)」を追加する",
                "pay -\(index) by card at \(index)", "no step \(index)",
            ]
        }
        let shared = expressions
        let expected = try Self.outcomes(shared, texts)
        #expect(expected.filter { !$0.isEmpty }.count == 150)

        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var last: [String] = []
                    for _ in 0..<5 {
                        last = try Self.outcomes(shared, texts)
                    }
                    return last
                }
            }
            var all: [[String]] = []
            for try await result in group {
                all.append(result)
            }
            return all
        }
        #expect(results.count == 8)
        for result in results {
            #expect(result == expected)
        }
    }

    /// For each text, the values of every expression that matches it, as one line.
    private static func outcomes(_ expressions: [any StepExpression], _ texts: [String]) throws -> [String] {
        try texts.map { text in
            try expressions.compactMap { expression -> String? in
                guard let arguments = expression.match(text) else { return nil }
                let values = try arguments.map { "\(JSONValue.of(try $0.value()) ?? .null)" }
                return expression.source + " " + values.joined(separator: ",")
            }.joined(separator: " | ")
        }
    }
}
