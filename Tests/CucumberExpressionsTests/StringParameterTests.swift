import CucumberExpressions
import Foundation
import Testing

/// `{string}` with spec-run's corner quotes, beside the reference's `"…"` and `'…'`.
@Suite("{string}")
struct StringParameterTests {
    let registry = ParameterTypeRegistry()

    @Test(
        "takes the text between the quotes",
        arguments: [
            ("カートに「りんご」を追加する", "りんご"),
            ("カートに「」を追加する", ""),
            ("カートに「ジャム\"苺\"」を追加する", "ジャム\"苺\""),
            (#"カートに「括弧\」入り」を追加する"#, "括弧」入り"),
            ("カートに「'quoted'」を追加する", "'quoted'"),
            ("カートに\"apple\"を追加する", "apple"),
            ("カートに'apple'を追加する", "apple"),
        ])
    func takesQuotedText(text: String, value: String) throws {
        let expression = try CucumberExpression("カートに{string}を追加する", registry: registry)
        #expect(try Fixtures.values(expression, text) == [.string(value)])
    }

    @Test(
        "does not take unbalanced or mixed quotes",
        arguments: ["カートに「りんごを追加する", "カートに「りんご\"を追加する", "カートに\"りんご」を追加する", "カートにりんご」を追加する"])
    func rejectsUnbalancedQuotes(text: String) throws {
        let expression = try CucumberExpression("カートに{string}を追加する", registry: registry)
        #expect(expression.match(text) == nil)
    }

    @Test("reports the quoted text and its offset in scalars")
    func reportsTextAndStart() throws {
        let expression = try CucumberExpression("カートに{string}を{int}個追加する", registry: registry)
        let arguments = try #require(expression.match("カートに「りんご」を3個追加する"))
        #expect(arguments.map(\.text) == ["「りんご」", "3"])
        #expect(arguments.map(\.start) == [4, 10])
        #expect(arguments.map(\.parameterTypeName) == ["string", "int"])
    }

    @Test("offsets count scalars across characters outside the BMP")
    func astralOffsets() throws {
        let expression = try CucumberExpression("😀 {int} {string}", registry: registry)
        let arguments = try #require(expression.match("😀 3 「𠮷野家」"))
        #expect(arguments.map(\.start) == [2, 4])
        #expect(try Fixtures.values(expression, "😀 3 「𠮷野家」") == [.int(3), .string("𠮷野家")])
    }

    @Test("two corner-quoted strings in one step")
    func twoStrings() throws {
        let expression = try CucumberExpression("{string}を{string}に予約する", registry: registry)
        #expect(
            try Fixtures.values(expression, "「B-1」を「佐藤」に予約する") == [.string("B-1"), .string("佐藤")])
    }

    /// The regex differs from the reference only by the added alternative.
    @Test("is the reference's regexp plus one alternative")
    func regexText() throws {
        let reference = #""([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'"#
        let expression = try CucumberExpression("{string}", registry: registry)
        let normalised = expression.regexSource.replacingOccurrences(
            of: #"|「([^」\\]*(\\.[^」\\]*)*)」"#, with: "")
        #expect(normalised == "^(" + reference + ")$")
    }
}
