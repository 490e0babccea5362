import CucumberExpressions
import Testing

/// The regex text is compared exactly: no transformation case uses `{string}`, the one
/// built-in whose regexp spec-run extends (with `「…」`).
@Suite("Transformation conformance")
struct TransformationConformanceTests {
    static let folder = "cucumber-expression/transformation"

    @Test("rewrites to the reference's regular expression", arguments: Conformance.caseNames(folder))
    func transforms(file: String) throws {
        let testCase = try Conformance.load(Self.folder, file)
        let source = try #require(testCase["expression"]?.stringValue)
        let expected = try #require(testCase["expected_regex"]?.stringValue)
        try #require(!source.contains("{string}"), "a {string} case needs a behavioural check instead")
        let expression = try CucumberExpression(source, registry: ParameterTypeRegistry())
        #expect(expression.regexSource == expected)
    }
}
