import Foundation
import Testing

@testable import SpecRunner

/// More built-in workers than four a core only wait for one, and overrun their limits.
@Suite("The number of workers")
struct WorkerCapTests {
    @Test("built-in simulators: at most four workers a core, with a warning that says so")
    func capped() {
        #expect(WorkerCap.workers(8, cores: 2, builtIn: true) == (8, nil))
        let capped = WorkerCap.workers(256, cores: 2, builtIn: true)
        #expect(capped.count == 8)
        #expect(
            capped.warning
                == "--jobs 256: this machine has 2 cores, so the run starts 8 workers (4 a core); more would only wait"
                + " for a core, and their steps would overrun --timeout")
        #expect(WorkerCap.workers(5, cores: 1, builtIn: true).count == 4)
    }

    @Test("the warning comes only when the cap leaves scenarios waiting")
    func warnedWhenItMatters() async throws {
        let cap = ProcessInfo.processInfo.activeProcessorCount * 4
        let rows = (0...cap).map { "      | \($0) |" }.joined(separator: "\n")
        let outline =
            "Feature: F\n  Scenario Outline: s <n>\n    Given a passing step\n    Examples:\n      | n |\n\(rows)\n"
        let few = try await TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n").run(["--jobs", "256"])
        #expect(!few.stdout.contains("so the run starts"), "\(few.stdout)")
        // (A machine of 64 cores or more takes the most --jobs there is: nothing to cap.)
        guard cap < 256 else { return }
        let many = try await TestRun(outline).run(["--jobs", "256"])
        #expect(many.stdout.contains("so the run starts \(cap) workers"), "\(many.stdout.prefix(300))")
    }

    @Test("a --target run keeps a worker for each register")
    func targets() {
        #expect(WorkerCap.workers(256, cores: 2, builtIn: false) == (256, nil))
    }
}
