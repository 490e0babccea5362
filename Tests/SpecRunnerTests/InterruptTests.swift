import Foundation
import TestSupport
import Testing

@testable import SpecRunner

/// Interrupts in-process: a step triggers the run's `InterruptSource` exactly as the
/// SIGINT handler does, then hangs. (The built binary's real SIGINT is tested in
/// EndToEndTests, with the self-test steps.)
@Suite("Interrupt")
struct InterruptTests {
    private func run(jobs: Int) async throws -> (TestRun.Outcome, Duration) {
        var run = TestRun(
            """
            Feature: Interrupted
              Scenario: finished
                Given a passing step
              Scenario: running
                Given a passing step
                When the run is interrupted
                Then a passing step
              Scenario: never started
                Given a step that sleeps 3000 ms
              Scenario: never started either
                Given a passing step
            """)
        let interrupts = InterruptSource()
        run.interrupts = interrupts
        run.registry.step("the run is interrupted") { _ in
            interrupts.trigger("SIGINT")
            try await Task.sleep(for: .seconds(120))
        }
        let outcome = try await run.run(["--jobs", "\(jobs)", "--timeout", "60"])
        return (outcome, outcome.duration)
    }

    @Test("exit 130 at once, with a valid report of the finished scenarios and the interrupted one as <error>")
    func interrupted() async throws {
        let (outcome, elapsed) = try await run(jobs: 1)
        #expect(outcome.status == 130)
        #expect(elapsed < .seconds(60), "did not wait for the hung step (120 s)")
        #expect(outcome.stdout.contains("Interrupted by SIGINT: 1 scenario cut short, the rest not run."))
        #expect(outcome.stdout.contains("features/test.feature:4  # running (interrupted)"))
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.cases.map(\.name) == ["finished", "running"])
        #expect(report.named("finished")?.result == "passed")
        let running = try #require(report.named("running"))
        #expect(running.result == "error" && running.type == "interrupted")
        #expect(running.message == "interrupted by SIGINT while running")
        #expect(report.errors == 1 && report.failures == 0)
        // How far it got: the finished step in system-out, the running one named, and the
        // finished steps counted in the summary.
        #expect(running.systemOut?.hasPrefix("Given a passing step ... passed (") == true)
        #expect(
            running.text?.contains("the step running: When the run is interrupted (features/test.feature:6)") == true)
        #expect(outcome.stdout.contains("2 scenarios (1 passed, 1 interrupted), 2 steps (2 passed)"))
        // One character a counted step: the interrupted scenario's finished step too.
        #expect(outcome.stdout.hasPrefix("..\n"), "\(outcome.stdout)")
    }

    @Test("with --jobs, every scenario still running is reported as interrupted, in file order")
    func interruptedWithJobs() async throws {
        let (outcome, _) = try await run(jobs: 3)
        #expect(outcome.status == 130)
        let report = try await ReportCheck.read(outcome.reportPath)
        let names = report.cases.map(\.name)
        #expect(names.first == "finished" && names.contains("running"))
        #expect(report.named("running")?.result == "error")
        // It sleeps 3 s: a worker that took it before the interrupt was still in it.
        if let sleeping = report.named("never started") { #expect(sleeping.result == "error", "\(sleeping)") }
        let fileOrder = ["finished", "running", "never started", "never started either"]
        #expect(names == fileOrder.filter(names.contains))
    }

    @Test("an interrupt stops a run whose steps never wait, though its workers hold every thread")
    func interruptedWhileEveryWorkerIsBusy() async throws {
        let jobs = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let rows = (1...(jobs * 50)).map { "      | \($0) |" }.joined(separator: "\n")
        var run = TestRun(
            """
            Feature: Busy
              Scenario: interrupting
                When the run is interrupted at once
              Scenario Outline: busy <n>
                Given a step that blocks 10 ms
                Examples:
                  | n |
            \(rows)
            """)
        let interrupts = run.interrupts
        run.registry.step("the run is interrupted at once") { _ in interrupts.trigger("SIGINT") }
        let outcome = try await run.run(["--jobs", "\(jobs)"])
        #expect(outcome.status == 130)
        let report = try await ReportCheck.read(outcome.reportPath)
        // Fifty scenarios a worker, each blocking its thread: all of them if nothing stops the queue.
        #expect(report.cases.count < jobs * 10, "\(report.cases.count) of \(jobs * 50 + 1) scenarios listed")
        #expect(report.errors >= 1 && report.failures == 0, "\(report)")
    }

    /// A scenario whose attempt ended, its world being discarded when the interrupt comes,
    /// ran whole: it is reported as it ended, not as cut short.
    @Test("a scenario whose world is being discarded at the interrupt is reported as it ended")
    func interruptedWhileDiscarding() async throws {
        struct SlowDiscard: WorkerEnvironment {
            let interrupts: InterruptSource
            func makeWorld() async throws -> any ScenarioWorld { TestSteps.CountingWorld() }
            func discard(_ world: any ScenarioWorld) async {
                interrupts.trigger("SIGINT")
                try? await Task.sleep(for: .seconds(30))
            }
            func shutdown() async {}
        }
        var run = TestRun("Feature: F\n  Scenario: failed whole\n    Given a failing step\n    Then a passing step\n")
        let interrupts = run.interrupts
        run.registry.environmentFactory = { _ in SlowDiscard(interrupts: interrupts) }
        let outcome = try await run.run()
        #expect(outcome.status == 130)
        let report = try await ReportCheck.read(outcome.reportPath)
        // The interrupt itself is told as any that comes after the last scenario ended.
        #expect(report.cases.map(\.name) == ["failed whole", "(run interrupted)"])
        #expect(report.cases.first?.result == "failure" && report.failures == 1, "\(report)")
        #expect(report.cases.first?.message?.contains("expected ¥300 but saw ¥250") == true, "\(report)")
        #expect(outcome.stdout.contains("1 scenario (1 failed), 2 steps (1 failed, 1 skipped)"), "\(outcome.stdout)")
    }

    @Test("interrupted in its after hooks after a failed step, a scenario names no step as running")
    func interruptedInAfterHooks() async throws {
        var run = TestRun(
            "Feature: F\n  Scenario: failed, then cleaning up\n    Given a failing step\n    Then a passing step\n")
        let interrupts = run.interrupts
        run.registry.after { _ in
            interrupts.trigger("SIGINT")
            try await Task.sleep(for: .seconds(30))
        }
        let outcome = try await run.run()
        #expect(outcome.status == 130)
        let report = try await ReportCheck.read(outcome.reportPath)
        let cut = try #require(report.cases.first)
        #expect(cut.type == "interrupted" && cut.text?.contains("the step running") == false, "\(report)")
    }

    @Test("an interrupt while the workers start (a register that never answers) leaves an error, not a green report")
    func interruptedWhileStarting() async throws {
        var run = TestRun("Feature: F\n  Scenario: never ran\n    Given a passing step\n")
        let interrupts = run.interrupts
        run.registry.environmentFactory = { _ in
            interrupts.trigger("SIGINT")
            try await Task.sleep(for: .seconds(30))
            return PlainEnvironment()
        }
        let outcome = try await run.run()
        #expect(outcome.status == 130)
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.tests == 1 && report.errors == 1, "\(report)")
        #expect(report.cases.first?.name == "(run interrupted)")
        #expect(report.cases.first?.message == "interrupted by SIGINT before any scenario finished")
        // The last line counts that test case, as the report does (never `0 failed`).
        #expect(outcome.stdout.hasSuffix("0 passed, 1 failed\n"), "\(outcome.stdout)")
    }

    @Test("an interrupt while the files are read still leaves a valid report, and exit 130", arguments: [false, true])
    func interruptedBeforeTheRun(dryRun: Bool) async throws {
        let run = TestRun("Feature: F\n  Scenario: never ran\n    Given a passing step\n")
        // The signal is already there when the run looks, as if it came during parsing.
        run.interrupts.trigger("SIGINT")
        let outcome = try await run.run(dryRun ? ["--dry-run"] : [])
        #expect(outcome.status == 130)
        #expect(outcome.stdout.contains("SIGINT"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.cases.count == 1)
        #expect(report.cases.first?.result == "error")
        #expect(report.cases.first?.message?.contains("interrupted by SIGINT before any scenario ran") == true)
    }
}
