import Foundation
import Synchronization

/// A reporter whose output is one document made of the run's `ReportedRun` when it ends
/// (and again, saying so, when an interrupt comes while it is written): the JUnit report
/// (`junit`), the HTML report (`html`), the Cucumber Messages (`message`), the rerun file
/// (`rerun`), a console format sent to a file (`console`).
final class ReportedRunReporter: RunReporter {
    /// Hands each piece of a document, as UTF-8 bytes, to the function it is given.
    typealias Document = @Sendable (_ run: ReportedRun, _ end: RunEnd, _ write: ReportFile.Bytes) -> Void
    private let run = Mutex(ReportedRun())
    private let document: Document

    init(bytes document: @escaping Document) { self.document = document }

    convenience init(_ text: @escaping @Sendable (ReportedRun, RunEnd, _ write: (String) -> Void) -> Void) {
        self.init(bytes: { run, end, write in
            text(run, end) { piece in
                var piece = piece
                piece.withUTF8(write)
            }
        })
    }

    func handle(_ event: RunEvent) {
        run.withLock { $0.record(event) }
    }

    /// Writes the document for what has been seen so far, ended by `end`, in pieces (on a
    /// copy: an interrupt while the files are written renders it again).
    func render(ending end: RunEnd, into write: ReportFile.Bytes) {
        document(run.withLock { $0 }, end, write)
    }

    /// The counts of the run seen so far, ended by `end` (its exit status).
    func tally(ending end: RunEnd) -> RunTally {
        RunTally(run.withLock { $0 }, ending: end)
    }
}

/// One scenario a report lists: its result, or how an interrupt or `--fail-fast` (or a
/// lost register) left it. The JUnit and HTML reports list the same scenarios, from
/// `ReportedRun`.
enum ReportedScenario {
    case finished(ScenarioResult)
    /// Running when the run was interrupted: the steps it had finished.
    case interrupted(InterruptedScenario)
    /// Never run: the run stopped before it.
    case notRun(PlannedScenario)

    var scenario: PlannedScenario {
        switch self {
        case .finished(let result): result.scenario
        case .interrupted(let cut): cut.scenario
        case .notRun(let scenario): scenario
        }
    }
}

/// What a report reads of a run: its start, each scenario as it finished, and (once it
/// ended) the scenarios the end left, so that every report lists the same ones.
struct ReportedRun: Sendable {
    var start: RunStart?
    /// The finished scenarios, in the order they finished (execution order).
    var finished: [ScenarioResult] = []

    mutating func record(_ event: RunEvent) {
        switch event {
        case .runStarted(let start):
            self.start = start
            // Room for every result up front: growing copies each one held so far.
            finished.reserveCapacity(start.plan.scenarios.count)
        case .scenarioFinished(let result): finished.append(result)
        case .runFinished: break
        }
    }

    /// The run's start, or an empty plan's when the run ended before it started.
    var started: RunStart { start ?? RunStart(plan: RunPlan(), strict: true, dryRun: false, date: Date()) }

    /// Every scenario to list once the run ended with `end`, in file order: those that
    /// finished, those it cut short and those it never ran.
    func scenarios(ending end: RunEnd) -> [ReportedScenario] {
        // Sorted by id alone: a scenario is a large value to copy for each comparison.
        let finishedIDs = Set(finished.map(\.scenario.id))
        var listed = finished.map { (id: $0.scenario.id, scenario: ReportedScenario.finished($0)) }
        listed.reserveCapacity(finished.count + end.interrupted.count + end.notRun.count)
        listed += end.interrupted.filter { !finishedIDs.contains($0.scenario.id) }.map {
            ($0.scenario.id, .interrupted($0))
        }
        listed += end.notRun.filter { !finishedIDs.contains($0.id) }.map { ($0.id, .notRun($0)) }
        return listed.sorted { $0.id < $1.id }.map(\.scenario)
    }
}

/// What made the run red, or empty, besides its scenarios: each a test case of the JUnit
/// report's `spec-run` suite, a paragraph of the HTML report above its features, the
/// message of the Cucumber Messages' `testRunFinished`.
struct RunProblem: Sendable {
    /// The JUnit test case's name: `(nothing selected)`.
    var name: String
    /// What kind of problem, its raw value the JUnit `<error type>`; nil for a skipped
    /// case (an empty shard).
    var kind: Kind?
    var message: String
    var body: String

    enum Kind: String, Sendable {
        case interrupted, selection, startup, hook, report

        /// The `exception` type of the Cucumber Messages' `testRunFinished`.
        var exceptionType: String {
            switch self {
            case .interrupted: "Interrupted"
            case .selection: "NothingSelected"
            case .startup: "StartFailure"
            case .hook: "HookFailure"
            case .report: "ReportNotWritten"
            }
        }
    }
}

extension ReportedRun {
    /// Interrupted with no scenario cut short (before any finished, as with a register that
    /// never answers, or after the last), nothing selected, not started, an `afterAll` hook
    /// failed, a report not written; and an empty shard, when the report lists nothing
    /// else (no scenario, no file that did not parse). Never a green `tests="0"` report
    /// (runner.md), nor a green report of a run that ended on a signal.
    func problems(ending end: RunEnd) -> [RunProblem] {
        let plan = started.plan
        var problems: [RunProblem] = []
        if end.interruptedOutsideScenarios {
            let reason = end.interruptReason(finished: finished.count, planned: plan.scenarios.count)
            problems.append(RunProblem(name: "(run interrupted)", kind: .interrupted, message: reason, body: reason))
        }
        // An empty shard of a small run: a skipped case, as JUnit publishers that refuse a
        // report with no test case at all still read it (Jenkins fails a build on one).
        if let (shard, reason) = plan.emptyShard, end.startFailure == nil, !end.wasInterrupted,
            scenarios(ending: end).isEmpty, !plan.suites.contains(where: { !$0.parseErrors.isEmpty })
        {
            problems.append(
                RunProblem(name: "(no scenario in shard \(shard))", kind: nil, message: reason, body: reason))
        }
        if let first = plan.nothingSelected.first {
            let body =
                plan.nothingSelected.joined(separator: "\n")
                + "\na run that selects no scenario fails, so that CI is not green on nothing"
            problems.append(RunProblem(name: "(nothing selected)", kind: .selection, message: first, body: body))
        }
        if let reason = end.startFailure {
            problems.append(
                RunProblem(
                    name: "(run could not start)", kind: .startup, message: FailureText.headline(reason), body: reason)
            )
        }
        // What failed the run after its scenarios, as the console's last line counts it.
        if let failure = end.afterAllFailure {
            problems.append(
                RunProblem(name: "(afterAll hook)", kind: .hook, message: FailureText.headline(failure), body: failure)
            )
        }
        if let first = end.unwrittenReports.first {
            problems.append(
                RunProblem(
                    name: "(report not written)", kind: .report, message: first,
                    body: end.unwrittenReports.joined(separator: "\n")))
        }
        return problems
    }
}
