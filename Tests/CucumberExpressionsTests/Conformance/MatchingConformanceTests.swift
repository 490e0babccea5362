import CucumberExpressions
import Testing

/// Matching is compared by behaviour (the arguments' values as JSON), so the `{string}`
/// cases hold with spec-run's extra `「…」` alternative in place.
@Suite("Matching conformance")
struct MatchingConformanceTests {
    static let cucumberFolder = "cucumber-expression/matching"
    static let regularFolder = "regular-expression/matching"

    @Test("Cucumber Expression matches as the reference", arguments: Conformance.caseNames(cucumberFolder))
    func cucumberExpressionMatches(file: String) throws {
        let testCase = try Conformance.load(Self.cucumberFolder, file)
        let source = try #require(testCase["expression"]?.stringValue)
        if let expected = testCase["exception"]?.stringValue {
            let error = #expect(throws: CucumberExpressionError.self) {
                try CucumberExpression(source, registry: ParameterTypeRegistry())
            }
            #expect(error?.message == expected)
            return
        }
        let expression = try CucumberExpression(source, registry: ParameterTypeRegistry())
        try Self.check(expression, testCase)
    }

    @Test("regular expression matches as the reference", arguments: Conformance.caseNames(regularFolder))
    func regularExpressionMatches(file: String) throws {
        let testCase = try Conformance.load(Self.regularFolder, file)
        let source = try #require(testCase["expression"]?.stringValue)
        try Self.check(try RegularExpression(source, registry: ParameterTypeRegistry()), testCase)
    }

    static func check(_ expression: some StepExpression, _ testCase: JSONValue) throws {
        let text = try #require(testCase["text"]?.stringValue)
        let expected = try #require(testCase["expected_args"])
        guard let arguments = expression.match(text) else {
            #expect(expected == .null, "\(expression.source) did not match \(text)")
            return
        }
        let values = try arguments.map { try #require(JSONValue.of(try $0.value())) }
        #expect(JSONValue.array(values) == expected)
    }
}
