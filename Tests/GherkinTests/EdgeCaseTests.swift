import Foundation
import Gherkin
import TestSupport
import Testing

/// Input the reference suite does not cover: bad encodings, binary data, byte order marks,
/// and promises of our own API (ids, both step arguments, literal placeholders).
@Suite("Gherkin edge cases")
struct EdgeCaseTests {
    private func parse(_ text: String) -> ParsedFeatureFile {
        parseFeatureFile(bytes: Array(text.utf8), uri: "test.feature")
    }

    @Test("an empty file is a document without a feature, errors or pickles")
    func emptyFile() throws {
        let parsed = parseFeatureFile(bytes: [], uri: "empty.feature")
        #expect(parsed.errors.isEmpty)
        #expect(parsed.source == "")
        let document = try #require(parsed.document)
        #expect(document.feature == nil)
        #expect(document.comments.isEmpty)
        #expect(parsed.pickles.isEmpty)
    }

    @Test("a description ends at its last line with text: indented blank lines after it are dropped")
    func descriptionTrailingWhiteSpace() throws {
        let parsed = parse("Feature: x\n  \n  Some text.\n  \n\t\n  Scenario: y\n    Given z\n")
        let feature = try #require(parsed.document?.feature)
        #expect(feature.description == "  Some text.")
    }

    @Test("invalid UTF-8 is an error at the offending line and column")
    func invalidUTF8() throws {
        var bytes = Array("Feature: x\n  Scenario: é".utf8)
        bytes.append(0xFF)
        bytes += Array("\n".utf8)
        let parsed = parseFeatureFile(bytes: bytes, uri: "bad.feature")
        let error = try #require(parsed.errors.first)
        #expect(parsed.errors.count == 1)
        #expect(error.location == Location(line: 2, column: 14))
        #expect(error.message == "(2:14): invalid UTF-8 (byte 0xFF): a feature file must be UTF-8 text")
        #expect(error.uri == "bad.feature")
        #expect(parsed.source == nil)
        #expect(parsed.document == nil)
    }

    @Test(
        "truncated and overlong UTF-8 sequences are rejected",
        arguments: [[0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80]])
    func malformedSequences(sequence: [UInt8]) throws {
        let parsed = parseFeatureFile(bytes: Array("Feature: ".utf8) + sequence, uri: "bad.feature")
        let error = try #require(parsed.errors.first)
        #expect(error.location == Location(line: 1, column: 10))
        #expect(error.message.contains("invalid UTF-8"))
    }

    @Test("a Japanese file saved as Shift_JIS, EUC-JP or UTF-16 is named so, with what to do")
    func japaneseEncodings() throws {
        // `# language: ja\n機能: レジ\n`: 機能 is 8B 40 94 5C in Shift_JIS and B5 A1 C7 BD in EUC-JP.
        let header = Array("# language: ja\n".utf8)
        let cases: [([UInt8], String)] = [
            (
                header + [0x8B, 0x40, 0x94, 0x5C, 0x3A, 0x0A],
                "(2:1): invalid UTF-8 (byte 0x8B): the file looks like Shift_JIS"
            ),
            (
                header + [0xB5, 0xA1, 0xC7, 0xBD, 0x3A, 0x0A],
                "(2:1): invalid UTF-8 (byte 0xB5): the file looks like EUC-JP"
            ),
            ([0xFF, 0xFE] + Array("F\0e\0".utf8), "(1:1): invalid UTF-8 (byte 0xFF): the file looks like UTF-16"),
            (Array("F\0e\0a\0t\0".utf8), "(1:2): NUL byte: the file looks like UTF-16"),
        ]
        for (bytes, expected) in cases {
            let error = try #require(parseFeatureFile(bytes: bytes, uri: "f.feature").errors.first)
            #expect(error.message.hasPrefix(expected), "\(error.message)")
            #expect(error.message.hasSuffix("a feature file must be UTF-8 text (save it as UTF-8 in the editor)"))
        }
    }

    @Test("binary data (a NUL byte) is an error with its location")
    func binaryData() throws {
        let bytes: [UInt8] = Array("Feature: x\n ab".utf8) + [0x00, 0x01, 0x02]
        let parsed = parseFeatureFile(bytes: bytes, uri: "binary.feature")
        let error = try #require(parsed.errors.first)
        #expect(error.location == Location(line: 2, column: 4))
        #expect(error.message == "(2:4): binary data: NUL byte, a feature file must be UTF-8 text")
        #expect(parsed.document == nil)
    }

    @Test("random bytes never crash the parser")
    func randomBytes() {
        var generator = SystemRandomNumberGenerator()
        for length in [1, 7, 100, 4_096] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let parsed = parseFeatureFile(bytes: bytes, uri: "random.feature")
            #expect(parsed.document != nil || !parsed.errors.isEmpty)
        }
    }

    @Test("a UTF-8 byte order mark is skipped")
    func byteOrderMark() throws {
        let parsed = parseFeatureFile(bytes: [0xEF, 0xBB, 0xBF] + Array("Feature: BOM\n".utf8), uri: "bom.feature")
        #expect(parsed.errors.isEmpty)
        let feature = try #require(parsed.document?.feature)
        #expect(feature.name == "BOM")
        #expect(feature.location == Location(line: 1, column: 1))
    }

    @Test("an unknown language is reported and parsing goes on in English")
    func unknownLanguage() {
        let parsed = parse("# language: xx-nope\nFeature: x\n  Scenario: y\n    Given z\n")
        #expect(parsed.errors.map(\.message) == ["(1:1): Language not supported: xx-nope"])
    }

    @Test("Japanese keywords have no trailing space and keep their types")
    func japanese() throws {
        let parsed = parse("# language: ja\n機能: 日本語\n  シナリオ: 例\n    前提 準備\n    かつ 続き\n    ならば 結果\n")
        #expect(parsed.errors.isEmpty)
        let feature = try #require(parsed.document?.feature)
        #expect(feature.language == "ja")
        guard case .scenario(let scenario)? = feature.children.first else {
            Issue.record("expected a scenario")
            return
        }
        #expect(scenario.steps.map(\.keyword) == ["前提", "かつ", "ならば"])
        #expect(scenario.steps.map(\.keywordType) == [.context, .conjunction, .outcome])
        #expect(parsed.pickles.first?.steps.map(\.type) == [.context, .context, .outcome])
    }

    @Test("columns count Unicode scalars, not bytes")
    func scalarColumns() throws {
        let parsed = parse("Feature: x\n  Scenario: y\n    Given z\n      | ä | 漢字 | 😀 | end |\n")
        let feature = try #require(parsed.document?.feature)
        guard case .scenario(let scenario)? = feature.children.first else {
            Issue.record("expected a scenario")
            return
        }
        let cells = try #require(scenario.steps.first?.dataTable?.rows.first?.cells)
        #expect(cells.map(\.location.column) == [9, 13, 18, 22])
    }

    @Test("all 80 languages are generated, each with gherkin-languages.json's keywords", .requires(.sharedFolder))
    func dialects() throws {
        let data = try Data(contentsOf: SharedTestdata.url("testdata/gherkin/gherkin-languages.json"))
        let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        #expect(GherkinDialect.languages == reference.keys.sorted())
        for (language, fields) in reference {
            let dialect = try #require(GherkinDialect.named(language))
            let generated: [String: Any] = [
                "name": dialect.name, "native": dialect.native, "feature": dialect.feature, "rule": dialect.rule,
                "background": dialect.background, "scenario": dialect.scenario,
                "scenarioOutline": dialect.scenarioOutline, "examples": dialect.examples, "given": dialect.given,
                "when": dialect.when, "then": dialect.then, "and": dialect.and, "but": dialect.but,
            ]
            #expect(NSDictionary(dictionary: generated).isEqual(to: fields), "\(language)")
        }
        #expect(GherkinDialect.named("ja")?.given.contains("前提") == true)
        #expect(GherkinDialect.named("xx") == nil)
    }

    @Test("a step with a doc string and a table keeps both, in written order")
    func bothArguments() throws {
        let parsed = parse(
            "Feature: x\n  Scenario: y\n    Given z\n      | a |\n      \"\"\"\n      doc\n      \"\"\"\n")
        let step = try #require(parsed.pickles.first?.steps.first)
        #expect(step.dataTable?.argumentIndex == 1)
        #expect(step.docString?.argumentIndex == 2)
        #expect(step.docString?.content == "doc")
        guard case .dataTable(let table)? = step.argument else {
            Issue.record("expected the table first")
            return
        }
        #expect(table.rows.first?.cells.first?.value == "a")
    }

    @Test("placeholders are replaced literally, even with regex characters in the header")
    func literalPlaceholders() throws {
        let parsed = parse(
            "Feature: x\n  Scenario Outline: <a.b> <$x>\n    Given <a.b> and <$x>\n    Examples:\n"
                + "      | a.b | $x |\n      | 1\\\\ | $2 |\n"
        )
        let pickle = try #require(parsed.pickles.first)
        #expect(pickle.name == "1\\ $2")
        #expect(pickle.steps.first?.text == "1\\ and $2")
    }

    @Test("UUID ids are unique and well formed; incrementing ids count from 0")
    func ids() {
        let uuids = IdGenerator.uuids()
        let drawn = (0..<100).map { _ in uuids.next() }
        #expect(Set(drawn).count == 100)
        #expect(drawn.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() })
        let counter = IdGenerator.incrementing()
        #expect([counter.next(), counter.next(), counter.next()] == ["0", "1", "2"])
    }

    @Test("parsing stops after the eleventh error")
    func errorLimit() {
        let body = (1...30).map { "  bad line \($0)" }.joined(separator: "\n")
        let parsed = parse("Feature: x\n  Scenario: y\n    Given z\n" + body + "\n")
        #expect(parsed.errors.count == 11)
        #expect(parsed.errors.last?.message.hasSuffix("got 'bad line 11'") == true)
    }

    @Test("a large file parses in bounded time")
    func largeFile() {
        let steps = String(repeating: "    Given a step with a <value>\n      | a | b |\n", count: 20_000)
        let text = "Feature: big\n  Scenario Outline: s\n" + steps + "    Examples:\n      | value |\n      | 1 |\n"
        let start = ContinuousClock.now
        let parsed = parse(text)
        #expect(parsed.errors.isEmpty)
        #expect(parsed.pickles.first?.steps.count == 20_000)
        #expect(ContinuousClock.now - start < .seconds(30))
    }
}
