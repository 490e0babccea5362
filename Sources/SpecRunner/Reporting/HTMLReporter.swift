import Foundation
import Synchronization

/// `--format html`: one self-contained page of the run (docs/runner.md, "The HTML report"),
/// built from the same events as the JUnit report, in file order.
final class HTMLReporter: DocumentReporter {
    private let run = Mutex(ReportedRun())

    func handle(_ event: RunEvent) {
        run.withLock { $0.record(event) }
    }

    func render(ending end: RunEnd, into write: (String) -> Void) {
        let recorded = run.withLock { $0 }
        HTMLReport(start: recorded.started, scenarios: recorded.scenarios(ending: end), end: end).render(into: write)
    }
}
