import Foundation
import Synchronization

/// Collects run events and turns them into the JUnit report, in file order whatever the
/// execution order was.
final class JUnitReporter: RunReporter {
    private struct State {
        var start: RunStart?
        var results: [Int: ScenarioResult] = [:]
        var end: RunEnd?
    }

    private let state = Mutex(State())
    private let hostname: String
    /// What the suites' `file` property is relative to (runner.md).
    private let currentDirectory: String

    init(hostname: String, currentDirectory: String = "") {
        self.hostname = hostname
        self.currentDirectory = currentDirectory
    }

    func handle(_ event: RunEvent) {
        state.withLock { state in
            switch event {
            case .runStarted(let start):
                state.start = start
                // Room for every result up front: growing copies each one held so far.
                state.results.reserveCapacity(start.plan.scenarios.count)
            case .scenarioStarted: break
            case .scenarioFinished(let result): state.results[result.scenario.id] = result
            case .runFinished(let end): state.end = end
            }
        }
    }

    /// The report for what has been seen so far.
    func document() -> JUnitDocument {
        state.withLock { state in
            JUnitReportBuilder(
                start: state.start ?? RunStart(plan: RunPlan(), strict: true, dryRun: false, date: Date()),
                results: state.results, end: state.end ?? RunEnd(duration: .zero), hostname: hostname,
                currentDirectory: currentDirectory
            ).build()
        }
    }
}
