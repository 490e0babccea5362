import CucumberExpressions
import Testing

@Suite("Tokenizer conformance")
struct TokenizerConformanceTests {
    static let folder = "cucumber-expression/tokenizer"

    @Test("tokenizes as the reference", arguments: Conformance.caseNames(folder))
    func tokenizes(file: String) throws {
        let testCase = try Conformance.load(Self.folder, file)
        let expression = try #require(testCase["expression"]?.stringValue)
        if let expected = testCase["exception"]?.stringValue {
            let error = #expect(throws: CucumberExpressionError.self) {
                try CucumberExpressionTokenizer.tokenize(expression)
            }
            #expect(error?.message == expected)
            return
        }
        let expected = try #require(testCase["expected_tokens"])
        let tokens = try CucumberExpressionTokenizer.tokenize(expression)
        let actual = JSONValue.array(
            tokens.map {
                .object([
                    "type": .string($0.kind.rawValue), "start": .int($0.start), "end": .int($0.end),
                    "text": .string($0.text),
                ])
            })
        #expect(actual == expected)
    }
}
