import Foundation
import Synchronization

/// Collects run events and turns them into the JUnit report, in file order whatever the
/// execution order was.
final class JUnitReporter: DocumentReporter {
    private let run = Mutex(ReportedRun())
    private let hostname: String
    /// What the suites' `file` property is relative to (runner.md).
    private let currentDirectory: String

    init(hostname: String, currentDirectory: String = "") {
        self.hostname = hostname
        self.currentDirectory = currentDirectory
    }

    func handle(_ event: RunEvent) {
        run.withLock { $0.record(event) }
    }

    func render(ending end: RunEnd, into write: (String) -> Void) {
        handle(.runFinished(end))
        document().render(into: write)
    }

    /// The report for what has been seen so far.
    func document() -> JUnitDocument {
        run.withLock { run in
            JUnitReportBuilder(
                start: run.started, results: run.results, end: run.end ?? RunEnd(duration: .zero),
                hostname: hostname,
                currentDirectory: currentDirectory
            ).build()
        }
    }
}
