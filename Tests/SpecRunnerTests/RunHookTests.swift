import Foundation
import TestSupport
import Testing

@testable import SpecRunner

/// `beforeAll` and `afterAll` hooks: once a run, before the first scenario and after the
/// last; a failure in either fails the run.
@Suite("beforeAll and afterAll hooks")
struct RunHookTests {
    private let feature = """
        Feature: F
          Scenario: one
            Given a passing step
        """

    @Test("a failed beforeAll hook: no scenario runs, the afterAll hooks do, the run fails")
    func beforeAllFails() async throws {
        var run = TestRun(feature)
        let ran = LockedBox<[String]>([])
        run.registry.beforeAll { _ in throw StepFailure(.error, "no database") }
        run.registry.afterAll { _ in ran.withLock { $0.append("afterAll") } }
        run.registry.before { _ in ran.withLock { $0.append("scenario") } }
        let outcome = try await run.run()
        #expect(outcome.status == 1)
        #expect(ran.withLock { $0 } == ["afterAll"])
        #expect(
            outcome.stdout.contains("BeforeAll hook failed (SpecRunnerTests/RunHookTests.swift:"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("no database"))
    }

    @Test("a failed afterAll hook fails a green run, saying which hook and why")
    func afterAllFails() async throws {
        var run = TestRun(feature)
        run.registry.afterAll { _ in throw StepFailure(.error, "could not clean up") }
        let outcome = try await run.run()
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("; an afterAll hook failed\n1 passed, 1 failed"), "\(outcome.stdout)")
        #expect(
            outcome.stderr.contains("spec-run: error: AfterAll hook failed (SpecRunnerTests/RunHookTests.swift:"),
            "\(outcome.stderr)")
        #expect(outcome.stderr.contains("could not clean up"))
        // The report fails too, with the hook's failure as a test case of its own.
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.named("(afterAll hook)")?.result == "error", "\(report)")
        #expect(report.named("(afterAll hook)")?.message?.contains("could not clean up") == true, "\(report)")
    }
}
