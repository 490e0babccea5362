import Foundation
import TestSupport
import Testing

@testable import SpecRunner

@Suite("Report names")
struct ReportNamingTests {
    @Test("a scenario without a name is named by its line in the report")
    func unnamed() async throws {
        let outcome = try await TestRun(
            "Feature: F\n  Scenario:\n    Given a passing step\n  Scenario: \n    Given a passing step\n"
        ).run()
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.cases.map(\.name) == ["(line 2)", "(line 4)"])
    }

    @Test("outline rows with the same values get their row number; an empty cell shows as \"\"")
    func sameRowTwice() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario Outline: Pay in cash
                Given a passing step

                Examples:
                  | amount | items |
                  | 500    | 3     |
                  | 500    | 3     |
                  | 700    |       |

                Examples: small carts
                  | amount | items |
                  | 500    | 3     |
            """
        ).run()
        let names = try await ReportCheck.read(outcome.reportPath).cases.map(\.name)
        #expect(
            names == [
                "Pay in cash — 500, 3 (row 1)", "Pay in cash — 500, 3 (row 2)", #"Pay in cash — 700, """#,
                "Pay in cash — 500, 3 (Examples: small carts)",
            ])
    }

    @Test("a named Examples table is named by its keyword as written (例, Scenarios)")
    func examplesKeywordAsWritten() async throws {
        let outcome = try await TestRun(
            """
            # language: ja
            機能: F
              シナリオアウトライン: 現金で払う
                前提 a passing step

                例: 少ないカート
                  | amount |
                  | 500    |

                サンプル: 多いカート
                  | amount |
                  | 700    |
            """
        ).run()
        let names = try await ReportCheck.read(outcome.reportPath).cases.map(\.name)
        #expect(names == ["現金で払う — 500 (例: 少ないカート)", "現金で払う — 700 (サンプル: 多いカート)"])
    }

    @Test("a scenario named like another's made-up name still gets a name of its own")
    func madeUpNameTaken() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario: Same
                Given a passing step
              Scenario: Same
                Given a passing step
              Scenario: Same (line 4)
                Given a passing step
              Scenario: Same (line 4) (2)
                Given a passing step
            """
        ).run()
        let names = try await ReportCheck.read(outcome.reportPath).cases.map(\.name)
        #expect(names == ["Same (line 2)", "Same (line 4)", "Same (line 4) (3)", "Same (line 4) (2)"])
        #expect(Set(names).count == names.count)
    }

    @Test(
        "report names: outline rows by their values and Examples name, the Rule before the name, not in the classname")
    func naming() async throws {
        let outcome = try await TestRun(SelectionTests.feature).run()
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(
            report.cases.map(\.name) == [
                "alpha", "beta", "gamma 1 — 1 (Examples: first)", "gamma 2 — 2 (Examples: first)",
                "gamma 1 — 1 (Examples: second)", "Refunds — delta (line 26)",
                "Refunds — delta (line 29)",
            ])
        #expect(
            report.cases.map(\.classname) == [
                "Shop", "Shop", "Shop", "Shop", "Shop", "Shop", "Shop",
            ])
        let xml = try #require(outcome.report)
        #expect(xml.contains(#"<property name="features/test.feature" value="@shop"/>"#))
    }

    @Test("two files with one Feature name: their suites and classnames carry the path; a unique name stays bare")
    func sameFeatureNameInTwoFiles() async throws {
        let copy = "Feature: Shop\n  Rule: Refunds\n    Scenario: alpha\n      Given a passing step\n"
        let run = TestRun(files: [
            "features/a/shop.feature": SelectionTests.feature, "features/b/shop.feature": copy,
            "features/c.feature": "Feature: Other\n  Scenario: alpha\n    Given a passing step\n",
        ])
        let outcome = try await run.run(["--tags", "not @wip"])
        let report = try await ReportCheck.read(outcome.reportPath)
        let alphas = report.cases.filter { $0.name.hasSuffix("alpha") }
        #expect(
            alphas.map { "\($0.suite) | \($0.classname) | \($0.name)" } == [
                "Shop (features/a/shop) | Shop (features/a/shop) | alpha",
                "Shop (features/b/shop) | Shop (features/b/shop) | Refunds — alpha",
                "Other | Other | alpha",
            ])
        // Decided over every file read, not the selection: b's only scenario is left out,
        // and a's names stay as they were.
        let selected = try await run.run(["--tags", "@smoke"])
        let smoke = try await ReportCheck.read(selected.reportPath)
        #expect(smoke.cases.map(\.suite) == ["Shop (features/a/shop)"])
    }
}
