import Foundation
import TestSupport
import Testing

@testable import SpecRunner

@Suite("Execution")
struct ExecutionTests {
    @Test("each scenario gets a fresh world; a failure skips the rest of its scenario only")
    func freshWorldAndSkips() async throws {
        let outcome = try await TestRun(
            """
            Feature: Worlds
              Background:
                Given a passing step

              Scenario: first
                When a passing step
                Then this world has run 2 steps

              Scenario: second
                Then this world has run 1 step
                And a failing step
                And a passing step

              Scenario: third
                Then this world has run 1 step
            """
        ).run()
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix(".....F-..\n"))
        #expect(outcome.console.contains("3 scenarios (2 passed, 1 failed), 9 steps (7 passed, 1 failed, 1 skipped)"))
    }

    @Test("a step over --timeout gets what its world tells after it (the QA library: the display)")
    func timeoutDetails() async throws {
        final class TellingWorld: ScenarioWorld {
            func detailsAfterTimeout(language: String) async -> String? {
                "the display shows:\nscreen: cart (\(language))"
            }
        }
        struct TellingEnvironment: WorkerEnvironment {
            func makeWorld() async throws -> any ScenarioWorld { TellingWorld() }
            func discard(_ world: any ScenarioWorld) async {}
            func shutdown() async {}
        }
        var run = TestRun("Feature: Slow\n  Scenario: sleeps\n    Given a step that sleeps 20000 ms\n")
        run.registry.environmentFactory = { _ in TellingEnvironment() }
        let outcome = try await run.run(["--timeout", "0.2"])
        let report = try await ReportCheck.read(outcome.reportPath)
        let sleeps = try #require(report.named("sleeps"))
        #expect(sleeps.type == "timeout")
        #expect(sleeps.text?.contains("the display shows:\nscreen: cart (en)") == true, "\(sleeps)")
    }

    @Test("a step over --timeout fails with type timeout, even one that ignores cancellation")
    func timeout() async throws {
        let outcome = try await TestRun(
            """
            Feature: Slow
              Scenario: sleeps
                Given a step that sleeps 20000 ms
                Then a passing step
              Scenario: blocks
                Given a step that blocks 1200 ms
            """
        ).run(["--timeout", "0.2"])
        #expect(outcome.status == 1)
        let report = try await ReportCheck.read(outcome.reportPath)
        let sleeps = try #require(report.named("sleeps"))
        #expect(sleeps.type == "timeout" && sleeps.message == "the step did not finish within 0.2s (--timeout)")
        #expect(report.named("blocks")?.type == "timeout")
        #expect(sleeps.systemOut?.contains("Then a passing step ... skipped") == true)
        // The step's recorded time is about the limit, not the 20 s it asked for (with room
        // for a loaded machine).
        let recorded = try #require(sleeps.systemOut?.firstMatch(of: /sleeps 20000 ms \.\.\. failed \((\d+\.\d+)s\)/))
        #expect(try #require(Double(recorded.1)) < 10)
    }

    @Test("after a step overruns its limit, the worker retries that scenario and goes on with the next")
    func overrunThenRetryAndNext() async throws {
        let outcome = try await TestRun(
            """
            Feature: Overrun
              Scenario: slow once
                Given a passing step
                When a step that sleeps 20000 ms the first time
                Then this world has run 1 step

              Scenario: next
                Given a passing step
                Then this world has run 1 step
            """
        ).run(["--retry", "1", "--timeout", "0.2"])
        // Flaky, not passed at once: the first attempt was abandoned at its limit (had it
        // been awaited, its sleep would have ended and the step passed), and the retry
        // ran on a fresh world.
        #expect(outcome.status == 0)
        #expect(outcome.console.contains("2 scenarios (2 passed)"))
        let report = try await ReportCheck.read(outcome.reportPath)
        let slow = try #require(report.named("slow once"))
        #expect(slow.result == "passed")
        #expect(
            slow.systemOut?.contains(
                "flaky: failed 1 of 2 attempts; the first at When a step that sleeps 20000 ms the first time"
                    + " (features/test.feature:4): the step did not finish within 0.2s (--timeout)") == true,
            "\(slow.systemOut ?? "")")
        #expect(report.named("next")?.result == "passed")
    }

    @Test("--retry re-runs a failed scenario; passing on retry is flaky, in system-out and the console")
    func retry() async throws {
        let feature = """
            Feature: Flaky
              Scenario: flaky
                Given a step that fails the first 1 time

              Scenario: broken
                Given a step that fails the first 5 times
            """
        let outcome = try await TestRun(feature).run(["--retry", "2"])
        #expect(outcome.status == 1)
        let report = try await ReportCheck.read(outcome.reportPath)
        let flaky = try #require(report.named("flaky"))
        #expect(flaky.result == "passed")
        // Why it failed once is kept: a flaky scenario is a bug report waiting to be read.
        #expect(
            flaky.systemOut?.hasSuffix(
                "flaky: failed 1 of 2 attempts; the first at Given a step that fails the first 1 time"
                    + " (features/test.feature:3): failing on purpose") == true, "\(flaky.systemOut ?? "")")
        let broken = try #require(report.named("broken"))
        #expect(broken.result == "failure" && broken.systemOut?.contains("failed all 3 attempts") == true)
        #expect(
            outcome.stdout.contains(
                "Flaky scenarios (passed on retry):\n  features/test.feature:2  # flaky: failed 1 of 2 attempts;"
                    + " the first at Given a step that fails the first 1 time (features/test.feature:3):"
                    + " failing on purpose\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("# features/test.feature:5\n   failed all 3 attempts; the last one:\n"))
        #expect(outcome.stdout.hasSuffix("1 passed, 1 failed\n"))

        let withoutRetry = try await TestRun(feature).run()
        #expect(withoutRetry.stdout.hasSuffix("0 passed, 2 failed\n"))

        // A scenario that did not parse fails the same every time: it is not retried.
        let unparsed = try await TestRun(
            "Feature: F\n  Scenario: typo\n    Given a passing step\n    Whn a passing step\n"
        ).run(["--retry", "2", "--format", "message"])
        #expect(unparsed.status == 1)
        #expect(!unparsed.stdout.contains(#""willBeRetried":true"#), "\(unparsed.stdout)")
        let unparsedReport = try await ReportCheck.read(unparsed.reportPath)
        #expect(unparsedReport.cases.count == 1 && unparsedReport.cases.first?.systemOut?.contains("attempts") != true)
    }

    @Test("--fail-fast stops after the first failed scenario; the rest are not run, and reported as skipped")
    func failFast() async throws {
        let outcome = try await TestRun(
            """
            Feature: Fast
              Scenario: one
                Given a passing step
              Scenario: two
                Given a failing step
              Scenario: three
                Given a passing step
              Scenario: four
                Given a passing step
            """
        ).run(["--fail-fast"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "--fail-fast: stopped after the first failure; 2 scenarios not run, counted as skipped."))
        #expect(outcome.stdout.hasSuffix("1 passed, 1 failed, 2 skipped\n"), "\(outcome.stdout)")
        #expect(
            outcome.stdout.contains(
                "4 scenarios (1 passed, 1 failed, 2 skipped), 4 steps (1 passed, 1 failed, 2 skipped)"))
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.cases.map(\.name) == ["one", "two", "three", "four"])
        #expect(report.cases.map(\.result) == ["passed", "failure", "skipped", "skipped"], "\(report.cases)")
        let three = try #require(report.named("three"))
        #expect(three.text == "not run: --fail-fast stopped the run after a failed scenario", "\(three)")
        #expect(three.systemOut?.contains("Given a passing step") == true, "\(three)")
    }

    @Test("--jobs runs scenarios in parallel, each worker with its own environment, the report in file order")
    func jobs() async throws {
        let workers = LockedBox<Set<Int>>([])
        let running = LockedBox((now: 0, most: 0))
        var scenarios = "Feature: Parallel\n"
        for index in 1...8 {
            scenarios += "  Scenario: s\(index)\n    Given a tracked step that sleeps \((9 - index) * 40) ms\n"
        }
        var run = TestRun(scenarios)
        run.registry.step("a tracked step that sleeps {int} ms") { context in
            running.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            defer { running.withLock { $0.now -= 1 } }
            try await Task.sleep(for: .milliseconds(try context.argument(0, as: Int.self)))
        }
        run.registry.environmentFactory = { settings in
            workers.withLock { _ = $0.insert(settings.workerIndex) }
            return PlainEnvironment()
        }
        let outcome = try await run.run(["--jobs", "4", "--timeout", "30"])
        #expect(outcome.status == 0)
        #expect(workers.withLock { $0 } == [0, 1, 2, 3])
        #expect(running.withLock { $0.most } >= 2, "steps of different scenarios overlapped in time")
        #expect(running.withLock { $0.most } <= 4)
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.cases.map(\.name) == (1...8).map { "s\($0)" })
    }

    @Test("before and after hooks run by tag expression; a failing hook fails the scenario")
    func hooks() async throws {
        var run = TestRun(
            """
            Feature: Hooks
              @broken-before
              Scenario: before breaks
                Given a passing step
              @broken-after
              Scenario: after breaks
                Given a passing step
              Scenario: untouched
                Given a passing step
            """)
        run.registry = TestSteps.registry(hooks: true)
        let outcome = try await run.run()
        #expect(outcome.status == 1)
        let report = try await ReportCheck.read(outcome.reportPath)
        let before = try #require(report.named("before breaks"))
        #expect(before.result == "failure" && before.message == "before hook failed: the before hook broke")
        #expect(before.systemOut?.contains("Given a passing step ... skipped") == true)
        let after = try #require(report.named("after breaks"))
        #expect(after.message == "after hook failed: the after hook broke")
        #expect(after.systemOut?.contains("Given a passing step ... passed") == true)
        // A hook that broke is the library's problem: named with its source, `H` in progress.
        #expect(
            after.systemOut?.contains("after hook SpecRunnerTests/TestSteps.swift:81 ... failed: the after hook broke")
                == true, "\(after.systemOut ?? "")")
        #expect(outcome.stdout.hasPrefix("-H.H.\n"), "\(outcome.stdout)")
        #expect(report.named("untouched")?.result == "passed")
    }

    @Test("a hook over --timeout fails its scenario; the after hooks still run and the next scenario is unharmed")
    func hookTimeouts() async throws {
        var run = TestRun(
            """
            Feature: Stuck hooks
              @hanging-before @broken-after
              Scenario: before hangs
                Given a passing step
              @hanging-after
              Scenario: after hangs
                Given a passing step
              Scenario: next
                Given a passing step
            """)
        run.registry = TestSteps.registry(hooks: true)
        // A hook runs in a task of its own; its limit counts from when that task starts, not
        // from when it was queued on the cooperative pool the whole suite shares.
        let outcome = try await run.run(["--timeout", "1"])
        #expect(outcome.status == 1)
        let report = try await ReportCheck.read(outcome.reportPath)
        let before = try #require(report.named("before hangs"))
        #expect(before.message == "before hook failed: the hook did not finish within 1s")
        #expect(before.systemOut?.contains("Given a passing step ... skipped") == true)
        // The after hook that breaks ran although the before hook was abandoned.
        #expect(before.systemOut?.contains("the after hook broke") == true, "\(before.systemOut ?? "")")
        let after = try #require(report.named("after hangs"))
        #expect(after.message == "after hook failed: the hook did not finish within 1s")
        #expect(after.systemOut?.contains("Given a passing step ... passed") == true)
        #expect(report.named("next")?.result == "passed")
    }

    @Test("a rejected step and a plain error keep their kinds")
    func failureKinds() async throws {
        let outcome = try await TestRun(
            """
            Feature: Kinds
              Scenario: rejected
                When the system rejects it with "E_EMPTY_CART"
              Scenario: error
                When a step that throws a plain error
            """
        ).run()
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.named("rejected")?.type == "rejected")
        #expect(report.named("rejected")?.message == "rejected: E_EMPTY_CART")
        #expect(report.named("error")?.type == "error")
    }
}
