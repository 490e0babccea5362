import Foundation
import Synchronization

/// Collects run events and turns them into the JUnit report, in file order whatever the
/// execution order was.
final class JUnitReporter: DocumentReporter {
    private struct State {
        var run = ReportedRun()
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
            state.run.record(event)
            if case .runFinished(let end) = event { state.end = end }
        }
    }

    func render(ending end: RunEnd, into write: (String) -> Void) {
        handle(.runFinished(end))
        document().render(into: write)
    }

    /// The report for what has been seen so far.
    func document() -> JUnitDocument {
        state.withLock { state in
            JUnitReportBuilder(
                start: state.run.started, results: state.run.results, end: state.end ?? RunEnd(duration: .zero),
                hostname: hostname,
                currentDirectory: currentDirectory
            ).build()
        }
    }
}
