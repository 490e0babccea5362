import Foundation

/// What a run reports as it goes; reporters (console, JUnit) consume these and nothing
/// else. `scenarioFinished` arrives in execution order, also with `--jobs`.
enum RunEvent: Sendable {
    case runStarted(RunStart)
    case scenarioFinished(ScenarioResult)
    case runFinished(RunEnd)
}

/// The start of a run: the plan and the settings that change how results count.
struct RunStart: Sendable {
    var plan: RunPlan
    var strict: Bool
    var dryRun: Bool
    /// Wall-clock start (report timestamps).
    var date: Date
    /// The step library (what the Cucumber Messages list as its glue); nil when the run
    /// ended before it had one.
    var registry: StepRegistry? = nil
}

struct RunEnd: Sendable {
    var duration: Duration
    /// Why the run could not start (registration errors, no environment), when it could not.
    var startFailure: String?
    /// Scenarios that were running when SIGINT/SIGTERM arrived, with how far they got.
    var interrupted: [InterruptedScenario] = []
    /// The signal's name when the run was interrupted.
    var interruptSignal: String?
    /// Interrupted while the files were read and planned: no scenario started.
    var interruptedWhilePreparing = false
    /// Scenarios `--fail-fast` (or a register that stopped answering) left unrun, in
    /// execution order: skipped in the tally and the report.
    var notRun: [PlannedScenario] = []
    /// Why `notRun` were not run.
    var notRunReason: NotRunReason = .failFast
    /// The `beforeAll` and the `afterAll` hooks that ran, each in the order they ran.
    var beforeAll: [HookResult] = []
    var afterAll: [HookResult] = []
    /// Why an `afterAll` hook failed, when one did: the run fails.
    var afterAllFailure: String?
    /// Why each report that could not be written was not (a full disk): the run fails.
    var unwrittenReports: [String] = []

    var wasInterrupted: Bool { interruptSignal != nil }
    /// Interrupted with no scenario cut short (before any finished, between two, or after
    /// the last): the reports' `(run interrupted)` case.
    var interruptedOutsideScenarios: Bool { wasInterrupted && startFailure == nil && interrupted.isEmpty }

    /// When the interrupt came, for a run interrupted outside its scenarios, given how many
    /// of the `planned` scenarios had `finished`: the reports' `(run interrupted)` message.
    func interruptReason(finished: Int, planned: Int) -> String {
        let signal = interruptSignal ?? "interrupt"
        return if interruptedWhilePreparing {
            "interrupted by \(signal) before any scenario ran"
        } else if finished == 0 {
            "interrupted by \(signal) before any scenario finished"
        } else if finished >= planned {
            "interrupted by \(signal) after the last scenario finished"
        } else {
            "interrupted by \(signal) between scenarios: the rest were not run"
        }
    }
}

/// Why a run stopped taking scenarios before the end.
enum NotRunReason: Sendable, Equatable {
    /// `--fail-fast` after a failed scenario.
    case failFast
    /// Every worker's register was lost: `RegisterLoss.limit` scenarios in a row could not
    /// be set up (it stopped answering, refused the reset, or went away); the text is the
    /// last one's reason, which says which.
    case registerLost(String)

    /// The console's note: why, and what it means for the rest.
    func note(notRun count: Int) -> String {
        let rest = "\(RunTally.counted(count, "scenario")) not run, counted as skipped."
        switch self {
        case .failFast:
            return "--fail-fast: stopped after the first failure; " + rest
        case .registerLost(let reason):
            return "The run stopped: \(RegisterLoss.limit) scenarios in a row could not be set up"
                + " (the last: \(reason)); " + rest
        }
    }

    /// The report's `<skipped>` text for each scenario not run.
    var skippedText: String {
        switch self {
        case .failFast: "not run: --fail-fast stopped the run after a failed scenario"
        case .registerLost:
            "not run: the run stopped after \(RegisterLoss.limit) scenarios in a row could not be set up"
        }
    }
}

protocol RunReporter: AnyObject, Sendable {
    func handle(_ event: RunEvent)
}

/// A scenario that was running when the run was interrupted, and how far it had got:
/// what a report needs to show which step a stopped (or hung) run was in.
struct InterruptedScenario: Sendable {
    var scenario: PlannedScenario
    /// From the start of the scenario to the interrupt.
    var elapsed: Duration
    /// The attempt the interrupt cut short, as far as it had got: its steps that had
    /// finished (the next one was running), the hooks that had run, and its time so far.
    var attempt = ScenarioExecutor.Attempt(steps: [], hookFailures: [], duration: .zero)
    /// The failed attempts before it (`--retry`).
    var earlierAttempts: [ScenarioExecutor.Attempt] = []

    /// The steps that had finished, in order.
    var finishedSteps: [StepResult] { attempt.steps }

    /// The index of the step that was running: the one after the finished steps, when they
    /// all passed; nil when none was (after one that did not pass, the after hooks were).
    var runningStep: Int? {
        let next = finishedSteps.count
        guard scenario.steps.indices.contains(next), finishedSteps.allSatisfy({ $0.status == .passed }) else {
            return nil
        }
        return next
    }

    /// What the step running when `signal` came failed with, in every report that lists
    /// steps (the HTML report's step, the messages' test step): the scenario did not pass.
    static func runningFailure(_ signal: String) -> StepFailure {
        StepFailure(.error, "interrupted by \(signal) while this scenario was running")
    }

    /// The steps that had finished, then the one running failed with why (`runningFailure`),
    /// its time the rest of the scenario's time.
    func stepsShown(signal: String) -> [StepResult] {
        guard runningStep != nil else { return finishedSteps }
        let running = max(.zero, elapsed - finishedSteps.reduce(.zero) { $0 + $1.duration })
        return finishedSteps + [StepResult(status: .failed, duration: running, failure: Self.runningFailure(signal))]
    }
}
