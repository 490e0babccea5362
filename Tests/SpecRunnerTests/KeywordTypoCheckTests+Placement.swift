import TestSupport
import Testing

/// Where a line stands decides what it is told as: a Japanese keyword under an English
/// Feature line or under a header written wrong, a placeholder in a step's table.
extension KeywordTypoCheckTests {
    @Test("with a # language: line written wrong, a Japanese keyword below an English Feature line names the header")
    func headerWrittenWrong() async throws {
        let outcome = try await TestRun(
            """
            # langauge: ja
            Feature: Register
              シナリオ: 日本語
                前提 a passing step
            """
        ).run(["--format", "progress"])
        #expect(outcome.stdout.contains("'# langauge: ja'"), "\(outcome.stdout)")
    }

    @Test("a placeholder in a step's table that no column fills is warned of at its row, and each row fails there")
    func tablePlaceholder() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario Outline: the text <t>
                Given a passing step
                And I set the catalog:
                  | name   | price |
                  | <name> | 520   |

                Examples:
                  | t |
                  | x |
            """
        ).run(["--format", "progress"])
        #expect(outcome.status == 1, "\(outcome.stdout)")
        let problem = "<name> is not a column of the 'Examples' table at line 8 (its columns: t)"
        #expect(outcome.stdout.contains("Warning: features/test.feature:6:7: " + problem), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.cases.first?.result == "failure", "\(report.cases)")
        #expect(report.cases.first?.text?.contains(problem) == true, "\(report.cases)")
    }
}
