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
                "f.feature:4:5: expected the end of the file, a table row, a doc string (\"\"\"), a step, a tag, 'Examples:',"
                    + " 'Scenario:' or 'Rule:', got 'Whn another step' ('Whn' looks like the keyword 'When' misspelt)"
            ])
    }

    @Test("a step keyword written right, in the wrong place, is not called a misspelling of another")
    func rightKeywordWrongPlace() throws {
        let outcome = try parse(
            """
            Then a step
            Feature: F
            """)
        #expect(outcome == ["f.feature:1:1: expected the end of the file, a tag or 'Feature:', got 'Then a step'"])
    }

    @Test("where a line stands: a second Feature, a scenario with no Feature, tags above a step, a tag with a space")
    func structure() throws {
        let second = try parse("Feature: A\n  Scenario: s\n    Given a step\nFeature: B\n")
        #expect(
            second.first?.hasSuffix("got 'Feature: B' (a file holds one 'Feature:': put this one in a file of its own)")
                == true, "\(second)")
        let none = try parse("Scenario: s\n  Given a step\n")
        #expect(
            none.first?.hasSuffix(
                "got 'Scenario: s' (a feature file starts with a 'Feature:' line, and its scenarios come under it)"
                    + " — for the same cause, Gherkin refuses 1 more line below it, not listed here")
                == true, "\(none)")
        // The line below is counted, not listed: it has nothing of its own to fix.
        #expect(none.count == 1, "\(none)")
        // A Feature line typed wrong refuses every line below it: its advice stands for theirs
        // (the lines, not the end of the file, which Gherkin refuses too).
        let colon = try parse("# language: ja\n機能：全角\n  シナリオ: a\n    前提 a step\n")
        // A Japanese file's errors are in Japanese.
        #expect(
            colon.first?.hasSuffix("（「機能」の後のコロンが全角の「：」です。「機能:」と書きます） — 同じ原因で、この下のほかの2行も読めません（ここには挙げません）") == true,
            "\(colon)")
        #expect(colon.count == 1, "\(colon)")
        // A line below with a typing mistake of its own keeps its advice, and is not counted
        // as following from the first; an error of another kind is not either (fixing the
        // first line must clear every error it claims).
        let own = try parse("# language: ja\n機能：全角\n  背景：\n    前提 a step\n")
        #expect(own.first?.hasSuffix("— 同じ原因で、この下のほかの1行も読めません（ここには挙げません）") == true, "\(own)")
        #expect(own.dropFirst().first?.hasSuffix("（「背景」の後のコロンが全角の「：」です。「背景:」と書きます）") == true, "\(own)")
        let unrelated = try parse(
            "# language: ja\n＠レジ\n機能: x\n  シナリオ: y\n    前提 表:\n      | a | b |\n      | 1 |\n")
        #expect(unrelated.count == 2 && unrelated.allSatisfy { !$0.contains("同じ原因") }, "\(unrelated)")
        let tags = try parse("Feature: A\n  Scenario: s\n    Given a step\n    @wip\n\n    When a step\n")
        #expect(
            tags.first?.hasSuffix(
                "got 'When a step' (the tags on line 4 stand above a step: tags go on the line above 'Feature:',"
                    + " 'Scenario:' or 'Examples:')") == true, "\(tags)")
        let space = try parse("Feature: A\n  @smoke test @fast\n  Scenario: s\n    Given a step\n")
        #expect(
            space.first
                == "f.feature:2:3: A tag may not contain whitespace ('@smoke test' has a space: write '@smoke_test' for"
                + " one tag, or '@smoke @test' for several)", "\(space)")
    }

    @Test("a doc string that is never closed names the line that opened it")
    func unclosedDocString() throws {
        let outcome = try parse(
            #"""
            Feature: F
              Scenario: S
                Given a step
                  """
                  text
                  """
                And another
                  ```
                  more
            """#)
        #expect(
            outcome == [
                "f.feature:10:1: unexpected end of file, expected a doc string (\"\"\") (the doc string opened at line 8"
                    + " is never closed)"
            ], "\(outcome)")
    }

    @Test("a ragged table says how many cells the row has and how many the table's first row has, and what they hold")
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
                "f.feature:5:7: inconsistent cell count within the table (this row has 1 cell (1), the table's first row"
                    + " has 2 (a | b))"
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

    @Test("a Japanese file's errors are in Japanese, its keywords named in it; the end of the file too")
    func japanese() throws {
        let outcome = try parse("# language: ja\n機能: F\n  シナリオ: S\n    前提 x\n  例\n")
        #expect(
            outcome == [
                "f.feature:5:3: ここに書けるのはファイルの終わり、表の行、\"\"\" で囲んだテキスト、ステップ、タグ、「例:」/「サンプル:」、"
                    + "「シナリオ:」または「ルール:」です。「例」は書けません（キーワードの行にはコロンが要ります。「例:」と書きます）"
            ])
        let table = try parse("# language: ja\n機能: F\n  シナリオ: S\n    前提 表:\n      | a | b |\n      | 1 |\n")
        #expect(table == ["f.feature:6:7: 表の列の数がそろっていません（この行は1列（1）、表の最初の行は2列（a | b））"])
        let unclosed = try parse("# language: ja\n機能: F\n  シナリオ: S\n    前提 説明:\n      \"\"\"\n      x\n")
        #expect(
            unclosed == ["f.feature:7:1: ファイルが途中で終わっています。続きに書けるのは\"\"\" で囲んだテキストです（5行目で始まった \"\"\" が閉じられていません）"],
            "\(unclosed)")
        let tag = try parse("# language: ja\n機能: F\n  @重要 なもの\n  シナリオ: S\n    前提 x\n")
        #expect(
            tag.first == "f.feature:3:3: タグに空白は入れられません（「@重要 なもの」に空白があります。1つのタグなら「@重要_なもの」、複数なら「@重要 @なもの」と書きます）",
            "\(tag)")
        #expect(SourceLines { "\n  # a comment\n#language:fr\nFonctionnalité: x" }.dialect.language == "fr")
        #expect(SourceLines { "Feature: x\n# language: ja\n" }.dialect.language == "en")
        #expect(SourceLines { "# language: xx-unknown\n" }.dialect.language == "en")
    }

    @Test(
        "a Japanese file without its language line is told in Japanese which line to add, once, with the problems it has read in Japanese"
    )
    func missingLanguageLine() throws {
        let outcome = try parse("機能: レジ\n\n  シナリオ: 会計\n    前提 商品カタログ:\n      | name |\n")
        #expect(
            outcome
                == [
                    "f.feature:1:1: ここに書けるのはファイルの終わり、タグまたは「Feature:」です。「機能: レジ」は書けません（「機能」は日本語の"
                        + "キーワードですが、このファイルには「# language:」の行がありません。日本語で書いたファイルは「# language: ja」の行で"
                        + "始めます） — 同じ原因で、この下のほかの3行も読めません（ここには挙げません）"
                ])
        // Its other problems come in the same run, as the file has them in Japanese.
        let more = try parse("機能: レジ\n\n  シナリオ: 会計\n    前提 商品カタログ:\n      ｜ name ｜\n")
        #expect(more.count == 2, "\(more)")
        #expect(more.first?.contains("「# language: ja」の行で始めます") == true, "\(more)")
        #expect(
            more.last?.hasPrefix("f.feature:5:7: ここに書けるのは") == true
                && more.last?.hasSuffix("「｜ name ｜」は書けません（表の区切りが全角の「｜」です。「|」と書きます）") == true, "\(more)")
    }

    @Test("a keyword several languages share names the first of them and how many others")
    func keywordOfSeveralLanguages() throws {
        let outcome = try parse("Característica: x\n")
        #expect(
            outcome.first?.hasSuffix(
                "('Característica' is a keyword in Catalan (and in 3 other languages), and this file has no"
                    + " '# language:' line: a file written in Catalan starts with the line '# language: ca')")
                == true, "\(outcome)")
    }

    @Test("an English keyword in a Japanese file is told the Japanese words; a step keyword too")
    func keywordOfAnotherLanguage() throws {
        let feature = try parse("# language: ja\nFeature: x\n")
        #expect(
            feature.first
                == "f.feature:2:1: ここに書けるのはタグまたは「フィーチャ:」/「機能:」です。「Feature: x」は書けません（「Feature」は英語の"
                + "キーワードですが、このファイルは日本語（# language: ja）です。「フィーチャ:」か「機能:」と書きます）")
        #expect(feature.count == 1, "\(feature)")
        let step = try parse("# language: ja\n機能: x\n  シナリオ: y\n    前提 a\n    When b\n")
        #expect(step.count == 1)
        #expect(
            step.first?.hasSuffix("（「When」は英語のキーワードですが、このファイルは日本語（# language: ja）です。「もし」と書きます）") == true,
            "\(step)")
        // One English step in a Japanese file is its own error: the ones below are not its.
        let twice = try parse("# language: ja\n機能: x\n  シナリオ: y\n    前提 a\n    When b\n  シナリオ： z\n")
        #expect(twice.count == 2 && twice.allSatisfy { !$0.contains("同じ原因") }, "\(twice)")
        // A word of the file's own language is a different mistake: no language advice.
        let own = try parse("Feature: x\n  Scenario: y\n    Given a\n  Background:\n    Given b\n")
        #expect(own.first?.contains("is a keyword in") == false)
    }

    @Test("a table typed with full-width bars, and a Background with tags, get advice")
    func layoutMistakes() throws {
        let bars = try parse("# language: ja\n機能: x\n  シナリオ: y\n    前提 表:\n      ｜ a ｜\n")
        #expect(bars.first?.hasSuffix("「｜ a ｜」は書けません（表の区切りが全角の「｜」です。「|」と書きます）") == true, "\(bars)")
        let firstBar = try parse("# language: ja\n機能: x\n  シナリオ: y\n    前提 表:\n      | a | b |\n      1 | 2 |\n")
        #expect(
            firstBar.first?.hasSuffix("「1 | 2 |」は書けません（表の行は「|」で始めます。「| 1 | 2 |」と書きます）") == true, "\(firstBar)")
        let examples = try parse(
            "# language: ja\n機能: x\n  シナリオアウトライン: y\n    前提 <a>\n    例え:\n      | a |\n      | 1 |\n")
        #expect(
            examples.first?.hasSuffix("「例え:」は書けません（「例え」はキーワードではありません（「例」で始まります）。例の表なら「例:」と書きます）")
                == true, "\(examples)")
        let background = try parse("Feature: x\n  @smoke\n  Background:\n    Given a\n  Scenario: y\n    Given b\n")
        #expect(
            background.first
                == "f.feature:3:3: expected a tag or 'Rule:', got 'Background:' (a Background has no tags"
                + " and stands once, before the first Scenario of its Feature or Rule)")
    }

    @Test("a table row without its last '|' is named: in the parse error, or as a warning when every row lacks it")
    func unendedRows() async throws {
        let row = try parse("Feature: x\n  Scenario: y\n    Given t:\n      | a | b |\n      | 1 | 2\n")
        #expect(
            row.first
                == "f.feature:5:7: inconsistent cell count within the table (this row has 1 cell (1), the table's first"
                + " row has 2 (a | b); the row does not end with '|': '2' after its last '|' is not read as a cell)")
        let header = try parse("Feature: x\n  Scenario: y\n    Given t:\n      | a | b\n      # c\n      | 1 | 2 |\n")
        #expect(
            header.first?.hasSuffix(
                "(this row has 2 cells (1 | 2), the table's first row has 1 (a); the table's first row (line 4) does not end with"
                    + " '|': 'b' after its last '|' is not read as a cell)") == true, "\(header)")
        // Every row short of its last bar: the file parses a column short.
        var run = TestRun(
            "Feature: x\n  Scenario: y\n    Given a step of one column\n      | a | b\n      | 1 | 2 # two\n"
                + "      | 3 \\| 4 | # an escaped bar is no bar\n")
        run.registry.step("a step of one column") { _ in }
        let outcome = try await run.run(["--format", "progress"])
        #expect(
            outcome.stdout.hasPrefix(
                "Warning: features/test.feature:4:7: the row does not end with '|': 'b' after its last '|' is not read"
                    + " as a cell\nWarning: features/test.feature:5:7: the row does not end with '|': '2 # two' after"
                    + " its last '|' is not read as a cell\n."), "\(outcome.stdout)")
    }

    @Test("the end of the file is given column 1, so that every error reads file:line:column")
    func endOfFileColumn() throws {
        let outcome = try parse("Feature: x\n  Scenario: y\n    Given a:\n      \"\"\"\n")
        #expect(outcome.first?.hasPrefix("f.feature:5:1: unexpected end of file, expected a doc string") == true)
    }

    @Test("a message with token names it does not know is left as the parser wrote it")
    func unknownNames() {
        #expect(ParseErrorText.words(for: ["#StepLine", "#Whatever"], dialect: .english) == nil)
        #expect(ParseErrorText.words(for: ["#Comment", "#Empty"], dialect: .english) == nil)
        #expect(ParseErrorText.words(for: ["#EOF"], dialect: .english) == [.endOfFile])
        let error = ParseError(
            uri: "f", location: Location(line: 2, column: 1), message: "(2:1): something else",
            kind: .unexpectedLine(expected: ["#Whatever"], text: "x"))
        #expect(
            ParseErrorText.describe([error], path: "f", source: SourceLines { nil }).map(\.description) == [
                "f:2:1: something else"
            ])
    }

    private func parse(_ source: String) throws -> [String] {
        let parsed = parseFeatureFile(bytes: Array(source.utf8), uri: "f.feature")
        try #require(!parsed.errors.isEmpty)
        return ParseErrorText.describe(parsed.errors, path: "f.feature", source: SourceLines { parsed.source }).map(
            \.description)
    }
}
