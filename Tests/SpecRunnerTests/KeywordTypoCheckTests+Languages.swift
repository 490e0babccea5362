import Gherkin
import TestSupport
import Testing

@testable import SpecRunner

/// Misspelt keywords across languages, colons and the file's structure.
extension KeywordTypoCheckTests {
    @Test("English keywords in a Japanese file, and Japanese ones in an English file, are named with the fix")
    func otherLanguage() async throws {
        let japanese = try await TestRun(
            """
            # language: ja
            機能: レジ
              Scenario: 英語のキーワード
                Given a passing step
            """
        ).run(["--format", "progress"])
        // With its steps below it, the line began a scenario that would never run: an error.
        #expect(japanese.status == 1)
        #expect(
            japanese.stdout.contains(
                "Parse errors:\n  features/test.feature:3:3: 「Scenario」は英語のキーワードですが、このファイルは日本語"
                    + "（# language: ja）です。「シナリオ:」と書きます（この行と下のステップは説明文として読まれ、シナリオは実行されません）\n"),
            "\(japanese.stdout)")
        // English step keywords under a Japanese scenario: lost steps, told in Japanese, and
        // no "has no steps" warning (which would say the scenario passes).
        let steps = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ: 英語のステップ
                Given a passing step
            """
        ).run(["--format", "progress"])
        #expect(steps.status == 1)
        #expect(
            steps.stdout.contains(
                "  もしかして:\n    a passing step\n  「Given」は英語のキーワードです。このファイルは日本語（# language: ja）なので"
                    + "「前提」と書きます。この行は説明文として読まれ、ステップとして実行されません\n"), "\(steps.stdout)")
        #expect(!steps.stdout.contains("has no steps"), "\(steps.stdout)")
        // A line alone is warned of.
        let alone = try await TestRun(
            """
            # language: ja
            機能: レジ
              Scenario: 英語のキーワード
              シナリオ: 日本語
                前提 a passing step
            """
        ).run(["--format", "progress"])
        #expect(alone.status == 0)
        #expect(
            alone.stdout.contains(
                "Warning: features/test.feature:3:3: 「Scenario」は英語のキーワードですが、このファイルは日本語"
                    + "（# language: ja）です。「シナリオ:」と書きます。この行は説明文として読まれます\n"),
            "\(alone.stdout)")
        let english = try await TestRun(
            """
            Feature: Register
              シナリオ: 日本語
                前提 a passing step
            """
        ).run(["--format", "progress"])
        // Its Feature line is English, so is the file: the keyword is told in English.
        #expect(
            english.stdout.contains(
                "features/test.feature:2:3: 'シナリオ' is a keyword in Japanese, but this file is in English: write"
                    + " 'Example:' or 'Scenario:'"),
            "\(english.stdout)")
        // Prose in another language than English or Japanese is no keyword mistake.
        let prose = try await TestRun(
            """
            Feature: F
              Functionality: described here, not a German or Spanish keyword line.
              Scenario: kept
                Given a passing step
            """
        ).run(["--format", "progress"])
        #expect(!prose.stdout.contains("Warning"), "\(prose.stdout)")
    }

    @Test("a Japanese scenario keyword with a word added (シナリオ概要:) is named with both right keywords")
    func lengthenedScenario() async throws {
        let described = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ概要: 小計
                前提 a passing step
            """
        ).run(["--format", "progress"])
        #expect(
            described.stdout.contains(
                "  features/test.feature:3:3: 「シナリオ概要」はキーワードではありません（「シナリオ」で始まります）。"
                    + "シナリオなら「シナリオ:」、例のあるシナリオなら「シナリオアウトライン:」と書きます"
                    + "（この行と下のステップは説明文として読まれ、シナリオは実行されません）\n"),
            "\(described.stdout)")
        // After a scenario's steps Gherkin refuses the line: the parse error says the same.
        let refused = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ: 一つ目
                前提 a passing step
              シナリオ概要: 二つ目
                前提 a passing step
            """
        ).run(["--format", "progress"])
        #expect(refused.status == 1)
        #expect(
            refused.stdout.contains(
                "「シナリオ概要: 二つ目」は書けません（「シナリオ概要」はキーワードではありません（「シナリオ」で始まります）。"
                    + "シナリオなら「シナリオ:」、例のあるシナリオなら「シナリオアウトライン:」と書きます）"), "\(refused.stdout)")
    }

    @Test("a three-letter misspelt step keyword is named when the rest of the line is a step")
    func shortKeyword() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario: S
                Thn a passing step
                Adn the weather is fine
            """
        ).run(["--format", "progress"])
        #expect(
            outcome.stdout.contains(
                "  Thn a passing step\n    at features/test.feature:3\n  Did you mean:\n    a passing step\n"
                    + "  'Thn' looks like the keyword 'Then' misspelt"), "\(outcome.stdout)")
        // Prose that is no step is left alone, however its first word reads.
        #expect(!outcome.stdout.contains("'Adn'"), "\(outcome.stdout)")
    }

    @Test("an Examples with no rows is named: it adds nothing, and a scenario with no row at all never runs")
    func emptyExamples() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario Outline: o <n>
                Given a passing step

                Examples:

              Scenario: s
                Given a passing step

                Examples:
                  | n |

                Examples:
                  | n |
                  | 1 |
            """
        ).run(["--format", "progress"])
        #expect(
            outcome.stdout.hasPrefix(
                "Warning: features/test.feature:5:5: 'Examples:' has no table under it: the scenario at line 2 has no"
                    + " row to run, so it never runs\n"
                    + "Warning: features/test.feature:10:5: 'Examples:' has a header row but no rows under it: it adds"
                    + " nothing to run\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("1 scenario (1 passed)"), "\(outcome.stdout)")
    }

    @Test("a step written before the first scenario is an error: it is description text and never runs")
    func strayStep() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              When a customer pays, the display thanks them.
              Given a passing step

              Rule: R
                But a passing step

                Scenario: kept
                  Then a passing step
            """
        ).run(["--format", "progress"])
        // Steps that never run: the file is reported as an error, so the run cannot stay green.
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "Parse errors:\n  features/test.feature:3:3: 'Given a passing step' is a step, but it stands before the"
                    + " Feature's first scenario: it is read as description text and never runs (steps for every"
                    + " scenario go under 'Background:'; a scenario starts with 'Scenario:')"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("  features/test.feature:6:5: 'But a passing step' is a step, but it"))
        // Prose that starts like a step, but is no step of the library, is left alone.
        #expect(!outcome.stdout.contains("When a customer pays"), "\(outcome.stdout)")
        let prose = try await TestRun(
            """
            Feature: F
              When a customer pays, the display thanks them.
              Scenario: kept
                Then a passing step
            """
        ).run(["--format", "progress"])
        #expect(prose.status == 0, "\(prose.stdout)")
        // A Japanese scenario line Gherkin does not read as one (half-width kana): named as
        // the keyword in the wrong width, at its line, not by the steps below it.
        let halfWidth = try await TestRun(
            """
            # language: ja
            機能: F
              ｼﾅﾘｵ: 追加
                前提 a passing step
            """
        ).run(["--format", "progress"])
        #expect(halfWidth.status == 1)
        #expect(
            halfWidth.stdout.contains("features/test.feature:3:3: 「ｼﾅﾘｵ」はキーワード「シナリオ:」の書き間違いのようです"),
            "\(halfWidth.stdout)")
    }

    @Test("an outline with <placeholders> but no Examples table is named; one with a table is not")
    func missingExamples() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario Outline: lost table
                Given a passing step <n>

              Scenario Outline: with table
                Given a passing step <n>

                Examples:
                  | n |
                  | 1 |

              Scenario: markup meant as written
                Given a passing step <b>
            """
        ).run(["--format", "progress", "--no-strict"])
        #expect(
            outcome.stdout.contains(
                "Warning: features/test.feature:2:3: 'Scenario Outline' has <n> in its steps but no 'Examples:'"
                    + " table: it runs once, with '<n>' as written"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("test.feature:5:3"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("test.feature:12:3"), "a plain Scenario is not asked: \(outcome.stdout)")
    }

    @Test("a <placeholder> no column of an Examples table fills is named, with the table's columns")
    func unknownPlaceholder() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario Outline: misnamed column
                Given a passing step <n> and <m>

                Examples: first
                  | n | mm |
                  | 1 | 2  |

                Examples: second
                  | n | m |
                  | 1 | 2 |
            """
        ).run(["--format", "progress", "--no-strict"])
        #expect(
            outcome.stdout.contains(
                "Warning: features/test.feature:3:5: <m> is not a column of the 'Examples' table at line 5"
                    + " (its columns: n, mm): each of its rows fails at this step rather than run it with '<m>' as written"
            ), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("table at line 9"), "\(outcome.stdout)")
    }

    @Test("a step run with a <placeholder> no column fills fails in each row, in the report too, however it would run")
    func unfilledPlaceholderFails() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario Outline: misnamed column
                Given I remove "<item>" from the cart
                Then a passing step

                Examples:
                  | itme  |
                  | Latte |
                  | Tea   |

                Examples: named right
                  | item  |
                  | Latte |

                Examples: third
                  | thing |
                  | Cake  |
            """
        ).run(["--format", "progress"])
        #expect(outcome.status == 1, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("4 scenarios (1 passed, 3 failed)"), "\(outcome.stdout)")
        let problem =
            "<item> is not a column of the 'Examples' table at line 6 (its columns: itme; the column 'itme' is close: write the same name in the step and the header):"
            + " each of its rows fails at this step rather than run it with '<item>' as written"
        #expect(outcome.stdout.contains("Warning: features/test.feature:3:5: " + problem), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        // Each row's failure names its own table.
        let failed = report.cases.filter { $0.result == "failure" }
        #expect(failed.count == 3, "\(report.cases)")
        #expect(failed.prefix(2).allSatisfy { $0.text?.contains(problem) == true }, "\(report.cases)")
        #expect(failed.last?.text?.contains("is not a column of the 'Examples' table at line 15") == true, "\(failed)")
    }

    @Test(
        "which description lines are suspect",
        arguments: [
            ("  Exampels:", false, "Examples:"),
            ("Scenario Outlin: totals", false, "Scenario Outline:"),
            ("Scenari: x", false, "Scenario:"),
            ("Featur: F", false, "Feature:"),
            ("Givn the catalog:", true, "Given"),
            ("Wehn I pay", true, "When"),  // two neighbours swapped: one edit
            ("Thne the total is ¥450", true, "Then"),
            ("Rules: a discount never exceeds the subtotal", false, nil),
            ("The customer pays", true, nil),
            ("Note: points are hidden after editing", false, nil),
            ("Givn the catalog", false, nil),  // step words only in scenario descriptions
            ("Scenario: exact keywords are not description", false, nil),
        ] as [(String, Bool, String?)])
    func suspects(line: String, steps: Bool, keyword: String?) {
        #expect(KeywordTypoCheck.suspect(Substring(line), dialect: .english, steps: steps)?.keyword == keyword)
    }

    @Test("Japanese keywords: a dropped character in シナリオ is found; prose is not")
    func japanese() throws {
        let dialect = try #require(GherkinDialect.named("ja"))
        #expect(KeywordTypoCheck.suspect("シナリ: 返品", dialect: dialect, steps: false)?.keyword == "シナリオ:")
        #expect(KeywordTypoCheck.suspect("ポイントは会計後に付く", dialect: dialect, steps: true)?.keyword == nil)
    }

    @Test("a keyword typed with a full-width colon is named, with the colon to type, as a warning or a parse error")
    func fullWidthColon() async throws {
        let outcome = try await TestRun(files: [
            "features/a.feature": """
            # language: ja
            機能: 説明の中
              シナリオ：消えたシナリオ
            """,
            "features/b.feature": """
            # language: ja
            機能: 手順の後
              シナリオ: 一
                前提 a passing step

              シナリオ：二
                前提 a passing step
            """,
        ]).run(["--format", "progress"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "Warning: features/a.feature:3:3: 「シナリオ」の後のコロンが全角の「：」です。「シナリオ:」と書きます。"
                    + "この行は説明文として読まれ、キーワードの行になりません"), "\(outcome.stdout)")
        #expect(
            outcome.stdout.contains(
                "features/b.feature:6:3: ここに書けるのはファイルの終わり、表の行、\"\"\" で囲んだテキスト、ステップ、タグ、"
                    + "「例:」/「サンプル:」、「シナリオ:」または「ルール:」です。「シナリオ：二」は書けません"
                    + "（「シナリオ」の後のコロンが全角の「：」です。「シナリオ:」と書きます）"), "\(outcome.stdout)")
        #expect(KeywordColon.fullWidth(in: "  Scenario：x") == "Scenario")
        #expect(KeywordColon.fullWidth(in: "お会計：合計") == nil)
    }

    @Test("a keyword line without its colon gets the colon to write in its parse error")
    func missingColon() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario Outline: rows
                Given a passing step

                Examples
                  | n |
                  | 1 |
            """
        ).run(["--format", "progress"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains("got 'Examples' (a keyword line needs a colon: write 'Examples:')"),
            "\(outcome.stdout)")
        #expect(KeywordColon.missing(in: "  Scenario Outline totals") == "Scenario Outline")
        #expect(KeywordColon.missing(in: "シナリオ 二") == "シナリオ")
        #expect(KeywordColon.missing(in: "Scenario: fine") == nil)
        #expect(KeywordColon.missing(in: "Scenery is fine") == nil)
    }

    @Test("edit distance: a swap of neighbours is one edit; it stops at its limit")
    func distance() {
        #expect(EditDistance.between(Array("Exampels"), Array("Examples"), limit: 2) == 1)
        #expect(EditDistance.between(Array("Exampels"), Array("Example"), limit: 2) == 2)
        #expect(EditDistance.between(Array("kitten"), Array("sitting"), limit: 5) == 3)
        #expect(EditDistance.between(Array("a"), Array("abcdef"), limit: 2) == 3)
    }
}
