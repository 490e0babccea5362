import Synchronization

/// Where one scenario attempt's task has got to, and what it has recorded: shared with
/// the waiter, which freezes it (`abandoned`) once it stops waiting.
struct AttemptProgress: Sendable {
    /// The part of the attempt that is running.
    enum Phase: Sendable, Equatable {
        case world
        case before(hook: Int)
        case step(Int)
        case after(hook: Int)
        case discard
    }

    var phase = Phase.world
    /// When the current phase started (the duration of a step that timed out).
    var phaseStarted = ContinuousClock.now
    var world: (any ScenarioWorld)?
    var steps: [StepResult] = []
    var hookFailures: [HookFailure] = []
    /// Set by the waiter: the task must record nothing more.
    var abandoned = false

    init(stepCount: Int) {
        steps.reserveCapacity(stepCount)
    }
}

/// How an attempt's task ended, as seen by the waiter.
enum AttemptEnding: Sendable, Equatable {
    case finished
    /// `phase` overran its limit.
    case timedOut(AttemptProgress.Phase)
    case cancelled
}

/// The progress of one attempt, shared by its task and its waiter.
final class AttemptLog: Sendable {
    let progress: Mutex<AttemptProgress>

    init(stepCount: Int) {
        progress = Mutex(AttemptProgress(stepCount: stepCount))
    }
}
