import Gherkin
import TestSupport
import Testing

@testable import SpecRunner

/// A misspelt keyword is read by Gherkin as description text: the scenario or step it
/// began silently disappears. The runner warns, `file:line:column`; a line inside a scenario
/// becomes an undefined step there, so the scenario cannot pass without it.
@Suite("Misspelt keywords")
struct KeywordTypoCheckTests {
    @Test("a misspelt Scenario is warned of, an error with its steps below; a misspelt first step is an undefined step")
    func warnsInTheRun() async throws {
        // A misspelt scenario line with no step below it: a warning.
        let prose = try await TestRun(
            """
            Feature: F
              Scenarioo: lost

              Scenario: kept
                Given a passing step
            """
        ).run(["--format", "progress"])
        #expect(prose.status == 0)
        #expect(
            prose.stdout.contains(
                "Warning: features/test.feature:2:3: 'Scenarioo' looks like the keyword 'Scenario:' misspelt:"
                    + " this line is read as description text, not as a keyword line"))
        // With its steps: the scenario would never run, an error as after another scenario's steps.
        let lost = try await TestRun(
            """
            Feature: F
              Scenarioo: lost
                Given a passing step

              Scenario: kept
                Given a passing step
            """
        ).run(["--format", "progress"])
        #expect(lost.status == 1)
        #expect(
            lost.stdout.contains(
                "Parse errors:\n  features/test.feature:2:3: 'Scenarioo' looks like the keyword 'Scenario:' misspelt"
                    + " (Gherkin reads this line and the steps below it as description text, so the scenario never"
                    + " runs)\n"), "\(lost.stdout)")
        let feature = """
            Feature: F
              Scenario: kept
                Givn a passing step
                Then a passing step
            """
        let outcome = try await TestRun(feature).run(["--format", "progress"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                """
                Undefined steps:

                  Givn a passing step
                    at features/test.feature:3
                  Did you mean:
                    a passing step
                  'Givn' looks like the keyword 'Given' misspelt: Gherkin reads this line as description text, so it\
                 does not run as a step

                """), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("If it is a new step"), "a keyword typed wrong is no new step")
        #expect(outcome.stdout.contains("1 scenario (1 undefined), 2 steps (1 undefined, 1 skipped)"))
        let report = try await ReportCheck.read(outcome.reportPath)
        let kept = try #require(report.named("kept"))
        #expect(kept.result == "failure" && kept.type == "undefined")
        #expect(kept.message == "not read as a step: Givn a passing step", "\(kept.message ?? "")")
        // Not strict: skipped, as an undefined step is.
        let lenient = try await TestRun(feature).run(["--format", "progress", "--no-strict"])
        #expect(lenient.status == 0)
        #expect(try await ReportCheck.read(lenient.reportPath).named("kept")?.result == "skipped")
    }

    @Test(
        "a Background's misspelt step is undefined in every scenario it runs before; a scenario line without its colon warns"
    )
    func backgroundAndColon() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Background:
                Givn a passing step

              Scenario: one
                Given a passing step

              Rule: R
                Scenario: two
                Scenario three
                  Then a passing step
            """
        ).run(["--format", "progress"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "  Givn a passing step\n    at features/test.feature:3\n    in 2 scenarios: features/test.feature:5,"
                    + " features/test.feature:9\n  Did you mean:"), "\(outcome.stdout)")
        // Scenario two runs the steps below it: no step is lost, so it is a warning.
        #expect(
            outcome.stdout.hasPrefix(
                "Warning: features/test.feature:10:5: 'Scenario' needs a colon: write 'Scenario: three':"
                    + " this line is read as description text, not as a keyword line\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("2 scenarios (2 undefined)"), "\(outcome.stdout)")
    }

    @Test("a Rule line typed wrong is an error: its Background and scenarios would belong to the Feature")
    func lostRule() async throws {
        for (line, advice) in [
            ("ルール 会員のとき", "「ルール」の後にコロンが要ります。「ルール: 会員のとき」と書きます"),
            ("ルール：会員のとき", "「ルール」の後のコロンが全角の「：」です。「ルール:」と書きます"),
        ] {
            let outcome = try await TestRun(
                "# language: ja\n機能: x\n\n  \(line)\n    背景:\n      前提 a passing step\n    シナリオ: y\n"
                    + "      前提 a passing step\n"
            ).run([])
            #expect(outcome.status == 1)
            #expect(
                outcome.stdout.contains(
                    "features/test.feature:4:3: \(advice)（この行は説明文として読まれ、ルールがなくなります。下の背景とシナリオは機能のものになります）"),
                "\(outcome.stdout)")
        }
        // English prose that starts with the word is left alone.
        let prose = try await TestRun(
            "Feature: x\n  Rule of thumb: members first\n\n  Scenario: y\n    Given a passing step\n"
        ).run([])
        #expect(prose.status == 0, "\(prose.stdout)")
    }

    @Test("a first scenario line without its colon, its steps below it, is an error; prose like it is left alone")
    func firstScenarioWithoutColon() async throws {
        let lost = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ 1つ目
                前提 a passing step

              シナリオ: 2つ目
                前提 a passing step
            """
        ).run(["--format", "progress"])
        #expect(lost.status == 1)
        #expect(
            lost.stdout.contains(
                "  features/test.feature:3:3: 「シナリオ」の後にコロンが要ります。「シナリオ: 1つ目」と書きます"
                    + "（この行と下のステップは説明文として読まれ、シナリオは実行されません）\n"), "\(lost.stdout)")
        #expect(!lost.stdout.contains("Background"), "the steps are explained by the line above them")
        let prose = try await TestRun(
            """
            Feature: F
              Scenario planning is how we work here.
              Scenario: real
                Given a passing step
            """
        ).run(["--format", "progress"])
        #expect(prose.status == 0)
        #expect(!prose.stdout.contains("Warning"), "\(prose.stdout)")
    }

    @Test("a Japanese step keyword typed wrong (前堤, ならぱ) is named: in a description, and in a parse error")
    func japaneseStepKeyword() async throws {
        let lost = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ: 誤字
                前堤 a passing step
                ならば a passing step
            """
        ).run(["--format", "progress"])
        #expect(lost.status == 1)
        #expect(
            lost.stdout.contains(
                "  前堤 a passing step\n    at features/test.feature:4\n  もしかして:\n    a passing step\n"
                    + "  「前堤」はキーワード「前提」の書き間違いのようです。この行は説明文として読まれ、ステップとして実行されません\n"),
            "\(lost.stdout)")
        // Prose that starts like a keyword but is no step stays description text.
        let prose = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ: 説明つき
                前後の行は説明です
                前提 a passing step
            """
        ).run(["--format", "progress"])
        #expect(prose.status == 0, "\(prose.stdout)")
        let refused = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ: 誤字
                前提 a passing step
                ならぱ a passing step
            """
        ).run(["--format", "progress"])
        #expect(refused.status == 1)
        #expect(
            refused.stdout.contains("「ならぱ a passing step」は書けません（「ならぱ」はキーワード「ならば」の書き間違いのようです）"),
            "\(refused.stdout)")
    }

    @Test("full-width ＠, ＊ and ＃ (a Japanese input method's) are named with the half-width line to write")
    func fullWidthSigns() async throws {
        let lost = try await TestRun(
            """
            # language: ja
            機能: レジ

              ＠重要 ＠レジ
              シナリオ: 全角
                ＊ a passing step
                前提 a passing step
            """
        ).run(["--format", "progress"])
        #expect(lost.status == 1, "the ＊ step is lost: \(lost.stdout)")
        #expect(
            lost.stdout.hasPrefix(
                "Warning: features/test.feature:4:3: 「＠」は全角です。タグは半角の「@」で始めます。「@重要 @レジ」と書きます。"
                    + "この行は説明文として読まれ、どのシナリオにもタグが付きません\n"),
            "\(lost.stdout)")
        #expect(
            lost.stdout.contains(
                "  「＊」は全角です。ステップの記号は半角の「*」です（「* a passing step」と書きます）。"
                    + "この行は説明文として読まれ、ステップとして実行されません\n"), "\(lost.stdout)")
        // Where Gherkin refuses the line, the parse error says the same.
        let refused = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ: 全角
                前提 a passing step
                ＃ メモ
                ＊ a passing step
            """
        ).run(["--format", "progress"])
        #expect(
            refused.stdout.contains("「＃ メモ」は書けません（「＃」は全角です。コメントは半角の「#」で始めます。「# メモ」と書きます）"),
            "\(refused.stdout)")
        #expect(
            refused.stdout.contains("（「＊」は全角です。ステップは半角の「*」で始めます。「* a passing step」と書きます）"),
            "\(refused.stdout)")
        // And `--tags '＠重要'` names the half-width tag.
        let tags = try await TestRun("Feature: x\n  Scenario: y\n    Given a passing step\n").run([
            "--tags", "＠重要",
        ])
        #expect(tags.status == 2)
        #expect(
            tags.stderr.hasPrefix(
                "spec-run: error: --tags '＠重要': '＠重要' starts with the full-width '＠': tags start with the"
                    + " half-width '@' (write '@重要')\n"), "\(tags.stderr)")
    }

    @Test(
        "a keyword followed by a non-breaking space, a tab or no space is named: as a lost step, or in the parse error")
    func keywordSpacing() async throws {
        let lost = try await TestRun(
            "Feature: F\n  Scenario: nbsp\n    Given\u{A0}a passing step\n  Scenario: glued\n    Givena passing step\n"
        ).run(["--format", "progress"])
        #expect(lost.status == 1, "both scenarios would pass without their step: \(lost.stdout)")
        #expect(
            lost.stdout.contains(
                "  'Given' is followed by a non-breaking space (U+00A0) where Gherkin needs a plain space: write 'Given a"
                    + " passing step'"), "\(lost.stdout)")
        #expect(lost.stdout.contains("  'Given' needs a space after it: write 'Given a passing step'"))
        let refused = try await TestRun(
            "Feature: F\n  Scenario: tab\n    Given a passing step\n    When\ta passing step\n"
        ).run(["--format", "progress"])
        #expect(
            refused.stdout.contains(
                "('When' is followed by a tab where Gherkin needs a plain space: write 'When a passing step')"),
            "\(refused.stdout)")
    }

    @Test("a step line with its keyword alone (もし) says so, with no snippet to add")
    func keywordAlone() async throws {
        let outcome = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ: 空のステップ
                前提 a passing step
                もし
            """
        ).run(["--format", "progress"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "  (—)\n    at features/test.feature:5\n  キーワードだけの行です。キーワードの後にステップを書きます\n\n"),
            "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("registry.step(\"\")"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.named("空のステップ")?.message == "未定義のステップ: もし", "\(report.cases)")
    }

    @Test(
        "prose that starts with a keyword written with no space (かつての…) is told why it is a step; a step typed wrong is not"
    )
    func proseStartingWithKeyword() async throws {
        let outcome = try await TestRun(
            """
            # language: ja
            機能: レジ
              シナリオ: 説明
                かつての仕様では返品できた
                前提 a passing step
                かつa pasing step
                かつ 仕様では返品できた
            """
        ).run(["--format", "progress"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "  ての仕様では返品できた\n    at features/test.feature:4\n"
                    + "  行が「かつ」で始まるので、Gherkinはこの行をステップとして読みます。説明文ならコメント（行頭に「#」）にします\n"),
            "\(outcome.stdout)")
        // A step with one near it gets "did you mean" alone, and a step written with a
        // space after its keyword is a step, whatever is near it.
        #expect(outcome.stdout.components(separatedBy: "で始まるので").count == 2, "\(outcome.stdout)")
    }
}
