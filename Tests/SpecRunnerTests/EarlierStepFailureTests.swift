import Foundation
import TestSupport
import Testing

@testable import SpecRunner

/// A failure may name an earlier step of the attempt (`StepFailure.stepIndex`): a step
/// library that finds a step's failure only later (the QA library's request pipeline)
/// reports it there, and the runner marks that step failed and the steps after it not
/// run, exactly as if it had failed in place.
@Suite("A failure that names an earlier step")
struct EarlierStepFailureTests {
    static func run(
        _ scenarios: String, hookNames: Int? = nil, arguments: [String] = ["--format", "summary"]
    ) async throws -> TestRun.Outcome {
        var run = TestRun("Feature: Later\n" + scenarios)
        run.registry.step("a step that sends") { _ in }
        run.registry.step("a step that finds the first step refused") { _ in
            throw StepFailure(.rejected, "rejected with \"unknownProduct\": no such product", stepIndex: 0)
        }
        if let hookNames {
            run.registry.after { _ in
                throw StepFailure(.rejected, "rejected with \"noMember\": no member", stepIndex: hookNames)
            }
        }
        return try await run.run(arguments)
    }

    @Test("a step's failure that names the first step fails it, and the steps after it are skipped")
    func laterStepNamesEarlier() async throws {
        let outcome = try await Self.run(
            """
              Scenario: refused early
                Given a step that sends
                And a step that sends
                Then a step that finds the first step refused
                And a step that sends
            """)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("4 steps (1 failed, 3 skipped)"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        let refused = try #require(report.named("refused early"))
        #expect(refused.result == "failure" && refused.type == "rejected")
        // The first step, line 3, is the one the failure is told at.
        #expect(refused.text?.hasPrefix("Given a step that sends") == true, "\(refused.text ?? "")")
        #expect(refused.text?.contains("features/test.feature:3") == true, "\(refused.text ?? "")")
        #expect(refused.message == #"rejected with "unknownProduct": no such product"#)
    }

    @Test("an after hook's failure that names a step is that step's, not the hook's; undefined steps stay undefined")
    func hookNamesAStep() async throws {
        let outcome = try await Self.run(
            """
              Scenario: refused at the end
                Given a step that sends
                And a step that sends
                And a step nobody defined
            """, hookNames: 1)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("3 steps (1 passed, 1 failed, 1 undefined)"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("after hook"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        let refused = try #require(report.named("refused at the end"))
        #expect(refused.result == "failure" && refused.type == "rejected")
        #expect(refused.text?.contains("features/test.feature:4") == true, "\(refused.text ?? "")")
        #expect(refused.message == #"rejected with "noMember": no member"#)
    }

    @Test("in the Cucumber Messages, the after hook that found a step's failure passed; the step failed")
    func hookNamesAStepInTheMessages() async throws {
        let outcome = try await Self.run(
            """
              Scenario: refused at the end
                Given a step that sends
                And a step that sends
            """, hookNames: 1, arguments: ["--format", "message"])
        let statuses = outcome.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(#"{"testStepFinished""#), let range = line.range(of: #""status":""#) else {
                return nil
            }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        // The two steps, then the after hook.
        #expect(statuses == ["PASSED", "FAILED", "PASSED"], "\(outcome.stdout)")
    }
}
