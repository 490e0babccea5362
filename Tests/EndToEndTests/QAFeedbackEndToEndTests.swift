import Foundation
import TestSupport
import Testing

/// What a QA engineer sees for the four everyday mistakes — a wrong expectation, a typo'd
/// step, a Gherkin syntax error, a try step whose outcome is never checked — from the
/// built binary with the real step library and its built-in simulator: the console
/// output and the JUnit report runner.md promises, and exit status 1.
@Suite("QA feedback (built binary, QA step library)")
struct QAFeedbackEndToEndTests {
    static let environment = ["NO_COLOR": "1"]

    /// Runs `spec-run --format progress` on one feature file and returns its output, the
    /// report's test cases (`ReportCheck`) and its text.
    private func run(
        _ feature: String, format: String = "progress", arguments: [String] = []
    ) async throws -> (output: Shell.Output, cases: [JUnitReport.Case], report: String) {
        let directory = try TemporaryProject.make(["features/case.feature": feature], label: "qa-feedback")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await BuiltBinary.execute(
            ["--format", format, "--timeout", "0.5"] + arguments, in: directory, environment: Self.environment)
        let report = directory.appendingPathComponent("reports/junit.xml").path
        #expect(FileManager.default.fileExists(atPath: report), "no report: \(output.stdout)\(output.stderr)")
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        return (output, try await ReportCheck.read(report).cases, text)
    }

    @Test("a wrong expectation shows expected versus what the display showed, as text")
    func wrongExpectation() async throws {
        let (output, cases, _) = try await run(
            """
            Feature: Totals
              Scenario: the total is wrong
                Given the catalog:
                  | name  | price |
                  | Latte | 520   |
                When I add 2 "Latte" to the cart
                Then the display shows total ¥1,000
            """)
        #expect(output.status == 1)
        let text = output.stdout
        #expect(text.contains("features/case.feature:7"), "\(text)")
        #expect(text.contains("expected the display to show total ¥1,000, but total is ¥1,040"), "\(text)")
        #expect(text.contains("screen: cart"), "\(text)")
        #expect(!text.contains("<main"), "raw HTML in the failure: \(text)")
        #expect(text.hasSuffix("0 passed, 1 failed\n"), "\(text)")
        #expect(cases.map(\.result) == ["failure"])
        #expect(cases.first?.type == "assertion")
        #expect(cases.first?.message?.contains("but total is ¥1,040") == true)
    }

    @Test("100 display checks that fail with nothing in flight fail at once, not at the step's limit (30 s)")
    func displayChecksFailAtOnce() async throws {
        let scenario = """
              Scenario: s
                Given the catalog:
                  | name  | price |
                  | Latte | 500   |
                When I add "Latte" to the cart
                Then the display shows total ¥600

            """
        let feature = "Feature: Many wrong totals\n\n" + String(repeating: scenario, count: 100)
        let directory = try TemporaryProject.make(["features/case.feature": feature], label: "qa-feedback")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await BuiltBinary.execute(
            ["--format", "summary", "--timeout", "30"], in: directory, environment: Self.environment)
        #expect(output.stdout.hasSuffix("0 passed, 100 failed\n"), "\(output.stdout.suffix(300))")
        // The run's own time, from its summary line (a test process busy with other suites
        // may start the child late): one check that waited out its limit would take 30 s.
        let took = try #require(
            output.stdout.firstMatch(of: /steps \(.*\) in (\d+\.\d+)s\n/).flatMap { Double($0.1) },
            "\(output.stdout.suffix(300))")
        #expect(took < 20, "100 failing display checks took \(took) s")
    }

    @Test("the snippet of an undefined step reads amounts as Int and times as WrittenTime")
    func typedSnippet() async throws {
        let (output, _, _) = try await run(
            """
            Feature: Cart
              Scenario: a new step
                Then the total is shown as ¥300 at 9:05
            """, arguments: ["--snippets"])
        #expect(output.status == 1)
        let text = output.stdout
        #expect(text.contains("registry.step(\"the total is shown as {yen} at {time}\")"), "\(text)")
        #expect(text.contains("let yen: Int = try context.argument(0)"), "\(text)")
        #expect(text.contains("let time: WrittenTime = try context.argument(1)"), "\(text)")
    }

    @Test("a typo'd step is undefined, with a snippet and the closest steps (did you mean)")
    func typo() async throws {
        let (output, cases, _) = try await run(
            """
            Feature: Cart
              Scenario: a typo
                When I add "Latte" in the cart
            """, arguments: ["--snippets"])
        #expect(output.status == 1)
        let text = output.stdout
        #expect(text.contains("I add \"Latte\" in the cart"), "\(text)")
        #expect(text.contains("features/case.feature:3"), "\(text)")
        #expect(text.contains("registry.step(\"I add {string} in the cart\")"), "\(text)")
        let didYouMean = try #require(text.range(of: "Did you mean:"), "\(text)")
        let suggestions = text[didYouMean.upperBound...].split(separator: "\n").prefix(3)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(suggestions.first == "I add {string} to the cart", "\(suggestions)")
        #expect(cases.first?.type == "undefined")
        #expect(cases.first?.message?.contains("I add \"Latte\" in the cart") == true)
    }

    @Test("a syntax error names file:line:column and fails only its scenario; the other files still run")
    func syntaxError() async throws {
        let directory = try TemporaryProject.make(
            [
                "features/broken.feature": """
                Feature: Broken
                  Scenario: a table row too short
                    Given the catalog:
                      | name  | price |
                      | Latte |
                """,
                "features/fine.feature": """
                Feature: Fine
                  Scenario: an empty register shows the welcome screen
                    Then the display shows the welcome screen
                """,
            ], label: "qa-feedback-syntax")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await BuiltBinary.execute(
            ["--format", "progress"], in: directory, environment: Self.environment)
        #expect(output.status == 1)
        #expect(
            output.stdout.contains("features/broken.feature:5:7: inconsistent cell count within the table"),
            "\(output.stdout)")
        #expect(output.stdout.contains("2 scenarios (1 passed, 1 failed)"), "\(output.stdout)")
        #expect(output.stdout.hasSuffix("1 passed, 1 failed\n"), "\(output.stdout)")
        #expect(!output.stdout.contains("not parsed"), "\(output.stdout)")
        let report = directory.appendingPathComponent("reports/junit.xml").path
        let cases = try await ReportCheck.read(report).cases
        #expect(cases.map(\.name) == ["a table row too short", "an empty register shows the welcome screen"])
        #expect(cases.map(\.result) == ["failure", "passed"])
        #expect(cases.first?.text?.contains("features/broken.feature:5:7: inconsistent cell count") == true)
    }

    @Test("a try step whose outcome is never checked fails the scenario, naming the try step's line")
    func uncheckedTry() async throws {
        let (output, cases, report) = try await run(
            """
            Feature: Checkout
              Scenario: nobody checks the outcome
                When I try to start checkout
                Then the display shows the welcome screen
            """)
        #expect(output.status == 1)
        #expect(output.stdout.contains("unchecked outcome"), "\(output.stdout)")
        #expect(output.stdout.contains("features/case.feature:3"), "\(output.stdout)")
        // Two steps passed, then the scenario failed at its end: an `F` like any failure.
        #expect(output.stdout.hasPrefix("..F\n"), "\(output.stdout)")
        // The report's step log says it in the same words, without the library's source.
        #expect(report.contains("at the end of the scenario ... failed: unchecked outcome"), "\(report)")
        #expect(!report.contains(".swift"), "\(report)")
        #expect(cases.first?.result == "failure")
        #expect(cases.first?.type == "assertion")
        #expect(cases.first?.message?.contains("features/case.feature:3") == true)
        // pretty marks the check `(failed)` without colour, as it marks a failed step.
        let pretty = try await run(
            """
            Feature: Checkout
              Scenario: nobody checks the outcome
                When I try to start checkout
            """, format: "pretty")
        #expect(pretty.output.stdout.contains("    at the end of the scenario  (failed)\n"), "\(pretty.output.stdout)")
    }

    @Test("in a Japanese feature, did you mean, a value that does not fit and the end-of-scenario check speak Japanese")
    func japaneseWording() async throws {
        let (output, cases, report) = try await run(
            """
            # language: ja
            機能: カート
              シナリオ: 書き間違い
                前提 カートに¥450の「ラテ」を追加する
                ならば カスタマーディスプレイに合計 ¥450 が表示される
                かつ カスタマーディスプレイに合計¥ 450が表示される
                かつ レシートが印刷される

              シナリオ: 確かめていない
                もし カートに「マフィン」を追加しようとする
            """, arguments: ["--snippets"])
        #expect(output.status == 1)
        let text = output.stdout
        #expect(text.contains("もしかして:\n    カスタマーディスプレイに{field}{yen}が表示される"), "\(text)")
        // A space around the amount is allowed (docs/steps.md, "Other wordings"); one inside
        // it is a value {yen} takes only without it, and the note names the space.
        #expect(text.contains("「¥ 450」には余分な空白があります（空白を取れば{yen}として読めます）"), "\(text)")
        #expect(!text.contains("合計 ¥450 が表示される\n"), "\(text)")
        // The step meant exists: no snippet for it; a step the library has not gets one.
        #expect(
            text.components(separatedBy: "新しいステップなら、開発者がステップライブラリに追加します:").count == 2, "\(text)")
        #expect(text.contains("registry.step(\"レシートが印刷される\")"), "\(text)")
        #expect(!text.contains("registry.step(\"カスタマーディスプレイに"), "\(text)")
        #expect(!text.contains("Did you mean"), "\(text)")
        #expect(text.contains("シナリオの終わりに"), "\(text)")
        #expect(report.contains("シナリオの終わりに ... failed: 未確認の結果"), "\(report)")
        #expect(report.contains("もしかして:"), "\(report)")
        #expect(cases.map(\.type) == ["undefined", "assertion"])
        #expect(cases.last?.message?.hasPrefix("シナリオの終わりに: 未確認の結果") == true, "\(cases)")
    }

    @Test("a failed step carries the register's state; found later, the state is named as found, not as just after it")
    func statesOfAFailure() async throws {
        let (output, _, _) = try await run(
            """
            Feature: Evidence
              Scenario: refusal read later
                When I add "Mocha" to the cart
                And I add "Bag" at ¥5 to the cart

              Scenario: fails in place
                When I add "Bag" at ¥5 to the cart
                Then the member has 5 points
            """, format: "message")
        #expect(output.status == 1)
        let names = output.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(#"{"attachment""#), let range = line.range(of: #""fileName":""#) else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(names.filter { $0.hasSuffix("state-when-found.json") }.count == 2, "\(names)")
        #expect(names.contains("register-state.json") && names.contains("calendar-state.json"), "\(names)")
    }
}
