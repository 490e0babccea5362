import Foundation

/// What a run reports as it goes; reporters (console, JUnit) consume these and nothing
/// else. `scenarioFinished` arrives in execution order, also with `--jobs`.
public enum RunEvent: Sendable {
    case runStarted(RunStart)
    case scenarioStarted(PlannedScenario)
    case scenarioFinished(ScenarioResult)
    case runFinished(RunEnd)
}

/// The start of a run: the plan and the settings that change how results count.
public struct RunStart: Sendable {
    public var plan: RunPlan
    public var strict: Bool
    public var dryRun: Bool
    /// Wall-clock start (report timestamps).
    public var date: Date

    public init(plan: RunPlan, strict: Bool, dryRun: Bool, date: Date) {
        self.plan = plan
        self.strict = strict
        self.dryRun = dryRun
        self.date = date
    }
}

/// The end of a run.
public struct RunEnd: Sendable {
    public var duration: Duration
    /// Why the run could not start (registration errors, no environment), when it could not.
    public var startFailure: String?
    /// Scenarios that were running when SIGINT/SIGTERM arrived, with how far they got.
    public var interrupted: [InterruptedScenario]
    /// The signal's name when the run was interrupted.
    public var interruptSignal: String?
    /// Scenarios `--fail-fast` left unrun, in execution order: skipped in the tally and
    /// the report.
    public var notRun: [PlannedScenario]

    public init(
        duration: Duration, startFailure: String? = nil, interrupted: [InterruptedScenario] = [],
        interruptSignal: String? = nil, notRun: [PlannedScenario] = []
    ) {
        self.duration = duration
        self.startFailure = startFailure
        self.interrupted = interrupted
        self.interruptSignal = interruptSignal
        self.notRun = notRun
    }

    public var wasInterrupted: Bool { interruptSignal != nil }
}

/// Anything that consumes run events.
public protocol RunReporter: AnyObject, Sendable {
    func handle(_ event: RunEvent)
}
