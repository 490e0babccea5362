import Gherkin
import Testing

@testable import SpecRunner

@Suite("Parse errors in words")
struct ParseErrorTextTests {
    @Test("a refused line names what could come there, and a misspelt step keyword, even a short one")
    func keywordTypo() throws {
        let outcome = try parse(
            """
            Feature: F
              Scenario: S
                Given a step
                Whn another step
            """)
        #expect(
            outcome == [
                "f.feature:4:5: expected the end of the file, a table row, a doc string, a step, a tag, 'Examples:',"
                    + " 'Scenario:' or 'Rule:', got 'Whn another step' ('Whn' looks like the keyword 'When' misspelt)"
            ])
    }

    @Test("a ragged table says how many cells the row has and how many the table's first row has")
    func raggedTable() throws {
        let outcome = try parse(
            """
            Feature: F
              Scenario: S
                Given a table:
                  | a | b |
                  | 1 |
                  | 1 | 2 | 3 |
            """)
        #expect(
            outcome == [
                "f.feature:5:7: inconsistent cell count within the table (this row has 1 cell, the table's first row has 2)"
            ])
    }

    @Test("errors come in the order of their lines, though the parser finds a ragged table at its end")
    func lineOrder() throws {
        let outcome = try parse(
            """
            Feature: F
              Scenario: S
                Given a table:
                  | a | b |
                  | 1 | 2 | 3 |
                Thn a step
            """)
        #expect(outcome.count == 2)
        #expect(outcome.first?.hasPrefix("f.feature:5:7: inconsistent cell count") == true)
        #expect(outcome.last?.hasPrefix("f.feature:6:5: expected") == true)
    }

    @Test("keywords are named in the file's language; the end of the file too")
    func japanese() throws {
        let outcome = try parse("# language: ja\n機能: F\n  シナリオ: S\n    前提 x\n  例\n")
        #expect(
            outcome == [
                "f.feature:5:3: expected the end of the file, a table row, a doc string, a step, a tag, '例:',"
                    + " 'シナリオ:' or 'ルール:', got '例' (a keyword line needs a colon: write '例:')"
            ])
        #expect(ParseErrorText.dialect(of: "\n  # a comment\n#language:fr\nFonctionnalité: x").language == "fr")
        #expect(ParseErrorText.dialect(of: "Feature: x\n# language: ja\n").language == "en")
        #expect(ParseErrorText.dialect(of: "# language: xx-unknown\n").language == "en")
    }

    @Test("a message with token names it does not know is left as the parser wrote it")
    func unknownNames() {
        #expect(ParseErrorText.words(for: "#StepLine, #Whatever", dialect: .english) == nil)
        #expect(ParseErrorText.words(for: "#Comment, #Empty", dialect: .english) == nil)
        #expect(ParseErrorText.words(for: "#EOF", dialect: .english) == "the end of the file")
        let error = ParseError(uri: "f", location: Location(line: 2, column: 1), message: "(2:1): something else")
        #expect(ParseErrorText.describe(error, path: "f", dialect: .english) == "f:2:1: something else")
    }

    private func parse(_ source: String) throws -> [String] {
        let parsed = parseFeatureFile(bytes: Array(source.utf8), uri: "f.feature")
        try #require(!parsed.errors.isEmpty)
        return RunPlanner.describe(parsed.errors, source: parsed.source, path: "f.feature")
    }
}
