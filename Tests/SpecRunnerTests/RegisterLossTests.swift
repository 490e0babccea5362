import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SpecRunner

@Suite("A register that stops answering")
struct RegisterLossTests {
    /// An environment whose setups fail from the `failFrom`-th on (1-based), except those
    /// listed in `recovers`: a register that froze, or one that came back once.
    final class FlakyRegister: WorkerEnvironment {
        let failFrom: Int
        let recovers: Set<Int>
        /// How long a setup that works takes.
        let delay: Duration
        let setups = Mutex(0)

        init(failFrom: Int, recovers: Set<Int> = [], delay: Duration = .zero) {
            self.failFrom = failFrom
            self.recovers = recovers
            self.delay = delay
        }

        func makeWorld() async throws -> any ScenarioWorld {
            let number = setups.withLock { count in
                count += 1
                return count
            }
            if number >= failFrom, !recovers.contains(number) {
                throw StepFailure(.error, "no response to \"reset\" within 2 seconds")
            }
            if delay > .zero { try await Task.sleep(for: delay) }
            return EmptyWorld()
        }

        func discard(_ world: any ScenarioWorld) async {}
        func shutdown() async {}
    }

    static func run(_ count: Int) -> TestRun {
        var run = TestRun(
            "Feature: Frozen\n" + (1...count).map { "  Scenario: s\($0)\n    Given a step of no world\n" }.joined())
        run.registry.step("a step of no world") { _ in }
        return run
    }

    @Test("after three scenarios in a row could not be set up, the rest are not run, and the report says why")
    func stopsAfterThree() async throws {
        let register = FlakyRegister(failFrom: 3)
        var run = Self.run(8)
        run.registry.environmentFactory = { _ in register }
        let outcome = try await run.run(["--format", "summary", "--format", "rerun:rerun.txt"])
        #expect(outcome.status == 1)
        #expect(register.setups.withLock { $0 } == 5, "s1, s2 and three failed setups; no more")
        // The failed and the unrun did not pass: `@rerun.txt` runs them all.
        let rerun = try String(
            contentsOf: outcome.directory.appendingPathComponent("rerun.txt"), encoding: .utf8)
        #expect(rerun == "features/test.feature:6:8:10:12:14:16\n", "\(rerun)")
        #expect(
            outcome.stdout.contains(
                "The run stopped: 3 scenarios in a row could not be set up (the last: no response to"
                    + " \"reset\" within 2 seconds); 3 scenarios not run, counted as skipped.\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("2 passed, 3 failed, 3 skipped\n"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(
            report.cases.map(\.result) == ["passed", "passed"] + Array(repeating: "failure", count: 3)
                + Array(repeating: "skipped", count: 3))
        #expect(
            report.named("s8")?.text
                == "not run: the run stopped after 3 scenarios in a row could not be set up")
    }

    @Test("a setup that works again starts the count anew; another worker takes the lost worker's scenarios")
    func countsInARowPerWorker() async throws {
        let recovering = FlakyRegister(failFrom: 1, recovers: [3, 6])
        var run = Self.run(7)
        run.registry.environmentFactory = { _ in recovering }
        let outcome = try await run.run(["--format", "summary"])
        #expect(recovering.setups.withLock { $0 } == 7, "never three in a row: every scenario ran")
        #expect(outcome.stdout.hasSuffix("2 passed, 5 failed\n"), "\(outcome.stdout)")

        let lost = FlakyRegister(failFrom: 1)
        // Slower than the lost worker's failures, so that it cannot take every scenario first.
        let healthy = FlakyRegister(failFrom: .max, delay: .milliseconds(200))
        var parallel = Self.run(12)
        parallel.registry.environmentFactory = { settings in settings.workerIndex == 0 ? lost : healthy }
        let both = try await parallel.run(["--format", "summary", "--jobs", "2"])
        #expect(lost.setups.withLock { $0 } == 3)
        #expect(both.stdout.hasSuffix("9 passed, 3 failed\n"), "the healthy worker ran the rest: \(both.stdout)")
        #expect(!both.stdout.contains("The run stopped"), "\(both.stdout)")
    }
}
