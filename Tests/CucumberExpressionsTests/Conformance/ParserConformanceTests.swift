import CucumberExpressions
import Testing

@Suite("Parser conformance")
struct ParserConformanceTests {
    static let folder = "cucumber-expression/parser"

    @Test("parses as the reference", arguments: Conformance.caseNames(folder))
    func parses(file: String) throws {
        let testCase = try Conformance.load(Self.folder, file)
        let expression = try #require(testCase["expression"]?.stringValue)
        if let expected = testCase["exception"]?.stringValue {
            let error = #expect(throws: CucumberExpressionError.self) {
                try CucumberExpressionParser.parse(expression)
            }
            #expect(error?.message == expected)
            return
        }
        let expected = try #require(testCase["expected_ast"])
        #expect(Self.json(try CucumberExpressionParser.parse(expression)) == expected)
    }

    /// The reference's JSON form: a text node has a `token`, the others `nodes`.
    static func json(_ node: Node) -> JSONValue {
        var members: [String: JSONValue] = [
            "type": .string(node.kind.rawValue), "start": .int(node.start), "end": .int(node.end),
        ]
        if let token = node.token {
            members["token"] = .string(token)
        } else {
            members["nodes"] = .array(node.nodes.map(json))
        }
        return .object(members)
    }
}
