import Foundation
import Synchronization

/// `--format html`: one self-contained page of the run (docs/runner.md, "The HTML report"),
/// built from the same events as the JUnit report, in file order.
final class HTMLReporter: DocumentReporter {
    private struct State {
        var start: RunStart?
        var results: [Int: ScenarioResult] = [:]
    }

    private let state = Mutex(State())

    func handle(_ event: RunEvent) {
        state.withLock { state in
            switch event {
            case .runStarted(let start): state.start = start
            case .scenarioFinished(let result): state.results[result.scenario.id] = result
            case .scenarioStarted, .runFinished: break
            }
        }
    }

    func render(ending end: RunEnd, into write: (String) -> Void) {
        let (start, results) = state.withLock { ($0.start, $0.results) }
        let page = HTMLReport(
            start: start ?? RunStart(plan: RunPlan(), strict: true, dryRun: false, date: Date()), results: results,
            end: end)
        page.render(into: write)
    }
}
