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
        let document = run.withLock { run in
            JUnitReportBuilder(
                start: run.started, results: run.results, end: end, hostname: hostname,
                currentDirectory: currentDirectory
            ).build()
        }
        document.render(into: write)
    }
}
