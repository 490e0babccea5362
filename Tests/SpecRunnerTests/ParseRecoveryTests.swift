import Foundation
import Gherkin
import TestSupport
import Testing

@testable import SpecRunner

/// spec-run's recovery on top of the reference parser (`ParseRecovery`): a line Gherkin
/// refuses inside a scenario fails that scenario alone, with its place and advice, and the
/// file's other scenarios run; every problem of a file comes in one run.
@Suite("Parse recovery")
struct ParseRecoveryTests {
    static let typo = """
        Feature: F
          Scenario: first
            Given a passing step
            Then a passing step

          Scenario: second
            Given a passing step
            Thn a passing step

          Scenario: third
            Given a passing step
            Then a passing step
        """

    @Test("a keyword typo in the middle of a file fails only its scenario; the others run")
    func typoInTheMiddle() async throws {
        let outcome = try await TestRun(Self.typo).run(["--format", "progress"])
        #expect(outcome.status == 1)
        let error =
            "features/test.feature:8:5: expected the end of the file, a table row, a doc string (\"\"\"), a step,"
            + " a tag, 'Examples:', 'Scenario:' or 'Rule:', got 'Thn a passing step' ('Thn' looks like the keyword"
            + " 'Then' misspelt)"
        #expect(
            outcome.stdout.hasPrefix(
                "Parse errors (each fails only its scenario, not the others):\n  \(error)\n"),
            "\(outcome.stdout)")
        #expect(
            outcome.stdout.contains("Failing scenarios:\n  features/test.feature:6  # second\n"), "\(outcome.stdout)")
        // Told once, before the run: not again in a list of failures.
        #expect(outcome.stdout.components(separatedBy: "'Thn' looks like").count == 2, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("3 scenarios (2 passed, 1 failed)"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("not parsed"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.named("first")?.result == "passed")
        #expect(report.named("third")?.result == "passed")
        let second = try #require(report.named("second"))
        #expect(second.result == "failure" && second.suite == "F", "\(second)")
        #expect(second.text?.contains(error) == true, "\(second)")
        #expect(report.named("(parse error)") == nil)
        // Its line, as `rerun` lists it, runs it alone.
        let again = try await TestRun(Self.typo).run(["features/test.feature:6", "--format", "progress"])
        #expect(again.stdout.contains("1 scenario (1 failed)"), "\(again.stdout)")
        #expect(!again.stdout.contains("selects nothing"), "\(again.stdout)")
        // Told by the shard that runs it, not by the others.
        let shards = [
            try await TestRun(Self.typo).run(["--shard", "1/3"]), try await TestRun(Self.typo).run(["--shard", "2/3"]),
        ]
        #expect(!shards[0].stdout.contains("Parse errors") && shards[0].status == 0, "\(shards[0].stdout)")
        #expect(shards[1].stdout.contains("Parse errors") && shards[1].status == 1, "\(shards[1].stdout)")
    }

    @Test("a broken scenario inside a Rule is reported under the Rule's name, as the Rule's other scenarios are")
    func brokenScenarioInARule() async throws {
        let feature = """
            Feature: F
              Scenario: outside
                Given a passing step
                Thn a passing step

              Rule: Points
                Scenario: good
                  Given a passing step

                Scenario: bad
                  Given a passing step
                  Thn a passing step
            """
        let outcome = try await TestRun(feature).run(["--format", "progress"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("Parse errors (each fails only its scenario"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.named("Points — good")?.result == "passed")
        #expect(report.named("Points — bad")?.result == "failure", "\(report)")
        #expect(report.named("outside")?.result == "failure", "\(report)")
        #expect(report.named("bad") == nil)
    }

    @Test("every problem of a Japanese file with several kinds comes in one run, in Japanese")
    func severalKindsInOneRun() async throws {
        let outcome = try await TestRun(
            """
            # language: ja
            機能: 三種類
              シナリオ: 表が全角
                前提 a passing step:
                  ｜ name ｜
                  ｜ ラテ ｜

              シナリオ：コロンが全角
                前提 a passing step

              シナリオ: 引用符
                もし I add “Latte” to the cart

              シナリオ: 正しい
                前提 a passing step
            """
        ).run(["--format", "progress"])
        #expect(outcome.status == 1)
        let stdout = outcome.stdout
        // The full-width table and the full-width colon, both in the block before the run.
        #expect(stdout.contains("  features/test.feature:5:7: ここに書けるのは"), "\(stdout)")
        #expect(stdout.contains("（表の区切りが全角の「｜」です。「|」と書きます）\n  features/test.feature:6:7: "), "\(stdout)")
        #expect(stdout.contains("  features/test.feature:8:3: ここに書けるのは"), "\(stdout)")
        #expect(stdout.contains("（「シナリオ」の後のコロンが全角の「：」です。「シナリオ:」と書きます）"), "\(stdout)")
        // The typographic quotes, in the same run: the step is undefined, and says why.
        #expect(stdout.contains("  I add “Latte” to the cart\n    at features/test.feature:12\n"), "\(stdout)")
        #expect(stdout.contains("引用符が“…”や‘…’"), "\(stdout)")
        #expect(stdout.contains("4 scenarios (1 passed, 2 failed, 1 undefined)"), "\(stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.named("正しい")?.result == "passed")
        #expect(report.named("表が全角")?.result == "failure")
        #expect(report.named("コロンが全角")?.result == "failure")
        #expect(report.named("引用符")?.result == "failure")
    }

    @Test("an error above the first scenario, or in a Background, fails the file as a whole, as Gherkin reads it")
    func fileLevelErrors() throws {
        for source in [
            "Feature: F\n  Background:\n    Given a passing step\n    oops\n  Scenario: s\n    Given a passing step\n",
            "Scenario: s\n  Given a passing step\n",
            "@smoke test\nFeature: F\n  Scenario: s\n    Given a passing step\n",
        ] {
            let parsed = parseFeatureFile(bytes: Array(source.utf8), uri: "f.feature")
            #expect(!parsed.errors.isEmpty, "\(source)")
            #expect(ParseRecovery.recover(parsed, parse: { parseFeatureFile(bytes: $0, uri: "f.feature") }) == nil)
        }
    }

    @Test("recovery blanks the broken scenario's lines only: the others keep their lines, and each error its scenario")
    func blanksBrokenScenarios() throws {
        let source =
            "Feature: F\n  Scenario: a\n    Given a passing step\n    Whn a passing step\n\n  @wip\n"
            + "  Scenario: b\n    Given a passing step\n\n  Scenario: c\n    Given x:\n      | a | b |\n      | 1 |\n"
        let recovery = try Self.recovered(source)
        #expect(recovery.parsed.errors.isEmpty)
        #expect(recovery.parsed.pickles.map(\.name) == ["b"])
        #expect(recovery.parsed.pickles.first?.location.line == 7)
        #expect(recovery.parsed.pickles.first?.tags.map(\.name) == ["@wip"])
        #expect(recovery.broken.map(\.name) == ["a", "c"])
        #expect(recovery.broken.map(\.line) == [2, 10])
        #expect(recovery.broken.map { $0.errors.map(\.location.line) } == [[4], [13]])
        #expect(recovery.broken.map(\.lines) == [2...5, 10...14])
    }

    @Test("a ragged table's scenario fails at the row Gherkin refused, which it shows as its one step")
    func raggedTableStep() async throws {
        let outcome = try await TestRun(
            "Feature: F\n  Scenario: c\n    Given x:\n      | a | b |\n      | 1 |\n    Then a passing step\n"
        ).run(["--format", "pretty"])
        #expect(
            outcome.stdout.contains("  Scenario: c  # features/test.feature:2\n    | 1 |  (failed)\n"),
            "\(outcome.stdout)")
    }

    /// A scenario line with its keyword wrong, a full-width tag or comment above a scenario:
    /// that scenario fails, not the one above it.
    @Test(
        arguments: [
            ("  Scenaro: b", "Scenaro"), ("  Scenario b", "Scenario"), ("  ＠wip\n  Scenario: b", "Scenario"),
            ("  ＃ note\n  Scenario: b", "Scenario"), ("  Scenario b:", "Scenario"),
            ("  @smoke Scenario: b", "Scenario"), ("  Scenaro b", "Scenaro"), ("  Scenari b", "Scenari"),
            ("  Sceanrio b", "Sceanrio"),
        ])
    func brokenScenarioLine(line: String, keyword: String) throws {
        let recovery = try Self.recovered(
            "Feature: F\n  Scenario: a\n    Given a passing step\n\n\(line)\n    Given a passing step\n\n"
                + "  Scenario: c\n    Given a passing step\n")
        #expect(recovery.parsed.pickles.map(\.name) == ["a", "c"], "\(line)")
        #expect(recovery.parsed.pickles.map(\.steps.count) == [1, 1], "\(line): a keeps its own step alone")
        #expect(recovery.broken.map(\.line) == [5 + line.filter { $0 == "\n" }.count], "\(line)")
        #expect(recovery.broken.map(\.keyword) == [keyword], "\(line)")
        #expect(recovery.broken.map(\.name) == ["b"], "\(line)")
    }

    @Test("tags written without their @ above a scenario fail that scenario, not the one above, whose steps run")
    func tagsWithoutAt() throws {
        let recovery = try Self.recovered(
            "Feature: F\n  @smoke\n  Scenario: a\n    Given a passing step\n\n  smoke wip\n  Scenario: b\n"
                + "    Given a passing step\n\n  Scenario: c\n    Given a passing step\n")
        #expect(recovery.parsed.pickles.map(\.name) == ["a", "c"])
        #expect(recovery.parsed.pickles.map(\.steps.count) == [1, 1])
        #expect(recovery.broken.map(\.name) == ["b"])
        #expect(recovery.broken.map(\.lines) == [6...9])
    }

    /// `source` as the run reads it, recovered.
    static func recovered(_ source: String) throws -> ParseRecovery {
        let parsed = parseFeatureFile(bytes: Array(source.utf8), uri: "f.feature")
        return try #require(ParseRecovery.recover(parsed, parse: { parseFeatureFile(bytes: $0, uri: "f.feature") }))
    }

    @Test("more broken scenarios than the parser reports errors at once: each found, at its line, in one pass")
    func manyBrokenScenarios() throws {
        // 25 pairs of a broken scenario (a typo on its 3rd line) and a good one, 3 lines each.
        let pairs = (0..<25).map {
            "  Scenario: b\($0)\n    Given a passing step\n    Thn a passing step\n"
                + "  Scenario: g\($0)\n    Given a passing step\n    Then a passing step"
        }
        let source = "# language: en\nFeature: F\n" + pairs.joined(separator: "\n") + "\n"
        let parsed = parseFeatureFile(bytes: Array(source.utf8), uri: "f.feature")
        var parses = 0
        let recovery = try #require(
            ParseRecovery.recover(
                parsed,
                parse: {
                    parses += 1
                    return parseFeatureFile(bytes: $0, uri: "f.feature")
                }))
        #expect(recovery.broken.map(\.name) == (0..<25).map { "b\($0)" })
        #expect(recovery.broken.map { $0.errors.map(\.location.line) } == (0..<25).map { [5 + 6 * $0] })
        #expect(recovery.parsed.pickles.map(\.name) == (0..<25).map { "g\($0)" })
        // Past the parser's first errors, each scenario parsed alone once, then the whole
        // file once more without the broken ones: a parse per block at most, never one per
        // few errors over the whole file.
        #expect(parses <= 50 + 1, "\(parses) parses")
    }

    @Test("an editor gets every problem of a file with several broken scenarios, each at its line")
    func documentCheckListsEveryProblem() {
        let check = DocumentCheck(registry: TestSteps.registry())
        let problems = check.problems(
            in: "Feature: F\n  Scenario: a\n    Given a passing step\n    Whn a passing step\n"
                + "  Scenario: b\n    Given a passing step\n    ｜ a ｜\n  Scenario: c\n    Given an unknown step\n")
        #expect(problems.map(\.line) == [4, 7, 9], "\(problems)")
        #expect(problems.map(\.severity) == [.error, .error, .error])
        #expect(problems.first?.message.contains("'Whn' looks like the keyword 'When' misspelt") == true)
    }

    /// A line being typed (a Background's row, a keyword without its step yet) takes its
    /// scenario, or the file, out of the run's plan; the editor keeps the other lines' problems.
    @Test("a line Gherkin refuses does not hide the other lines' problems from an editor")
    func refusedLineHidesNothing() {
        let check = DocumentCheck(registry: TestSteps.registry())
        let background =
            "Feature: F\n  Background:\n    Given a passing step\n      | a | b |\n      | Wat\n  Scenario: a\n"
            + "    Given a passing step\n    Then an unknown step\n"
        #expect(check.problems(in: background).map(\.line) == [5, 8], "\(check.problems(in: background))")
        let scenario =
            "Feature: F\n  Scenario: a\n    Given an unknown step\n    A\n    Then a passing step\n"
        let problems = check.problems(in: scenario)
        #expect(problems.map(\.line) == [3, 4], "\(problems)")
        #expect(problems.first?.message.hasPrefix("Undefined step: an unknown step") == true, "\(problems)")
    }
}
