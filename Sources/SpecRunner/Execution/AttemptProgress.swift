import Foundation
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
    /// What the attempt has recorded so far; its duration is set when it ends.
    var attempt = ScenarioExecutor.Attempt(steps: [], hookFailures: [], duration: .zero)
    /// What each step that ran attaches to, by step: read when the attempt ends.
    var sinks: [AttachmentSink] = []
    /// Set by the waiter: the task must record nothing more.
    var abandoned = false

    init(stepCount: Int) {
        attempt.steps.reserveCapacity(stepCount)
    }

    /// Records the result of the step at `steps.count`, and what it attaches to (read when
    /// the attempt ends). A failure that names an earlier step of the attempt
    /// (`StepFailure.stepIndex`) fails that step instead.
    mutating func record(_ result: StepResult, sink: AttachmentSink) {
        sinks.append(sink)
        if let failure = result.failure, failEarlierStep(with: failure) { return }
        attempt.steps.append(result)
    }

    /// The attempt as recorded so far, each step with what it attached, lasting `duration`.
    func recorded(lasting duration: Duration) -> ScenarioExecutor.Attempt {
        var recorded = attempt
        recorded.duration = duration
        for index in recorded.steps.indices where index < sinks.count {
            recorded.steps[index].attachments = sinks[index].all
        }
        return recorded
    }

    /// The attempt as it ended: as recorded, the steps it did not reach as not run.
    func finished(lasting duration: Duration, of scenario: PlannedScenario) -> ScenarioExecutor.Attempt {
        var finished = recorded(lasting: duration)
        // After a step that skipped itself (`SkippedStep`) the rest are skipped, undefined
        // or not, as Cucumber reports them.
        let skippedItself = finished.steps.last?.status == .skipped
        finished.steps += scenario.steps.dropFirst(finished.steps.count).map {
            skippedItself ? StepResult.skipped : ScenarioExecutor.notRun($0)
        }
        return finished
    }

    /// The attempt an interrupt cut short, as far as it is known: the steps that passed
    /// from the world's first unconfirmed one on (`ScenarioWorld.unconfirmedStep`) had work
    /// left that could still have failed them, so they are not counted as finished.
    func interrupted(lasting duration: Duration) -> ScenarioExecutor.Attempt {
        var cut = recorded(lasting: duration)
        if let first = world?.unconfirmedStep, first < cut.steps.count,
            cut.steps[first...].allSatisfy({ $0.status == .passed })
        {
            cut.steps.removeSubrange(first...)
        }
        return cut
    }

    /// Records a hook's run, and its failure when it failed. A hook whose failure belongs
    /// to an earlier step (`failEarlierStep`) only found it: the hook itself passed.
    mutating func record(_ result: HookResult, of hook: Hook, phase: HookFailure.Phase) {
        var result = result
        if let failure = result.failure {
            if failEarlierStep(with: failure) {
                (result.status, result.failure) = (.passed, nil)
            } else {
                attempt.hookFailures.append(
                    HookFailure(phase: phase, sourceLocation: hook.sourceLocation, failure: failure))
            }
        }
        attempt.hooks.append(result)
    }

    /// The one rule for a failure found after its step: the step it names fails with it,
    /// keeping its duration, and the steps after it are dropped (reported not run), as if
    /// it had failed in place. False when it names no step recorded so far.
    private mutating func failEarlierStep(with failure: StepFailure) -> Bool {
        guard let index = failure.stepIndex, attempt.steps.indices.contains(index) else { return false }
        let duration = attempt.steps[index].duration
        var failure = failure
        failure.stepIndex = nil
        attempt.steps.removeSubrange(index...)
        attempt.steps.append(StepResult(status: .failed, duration: duration, failure: failure))
        return true
    }
}

/// The progress of one attempt, shared by its task and its waiter.
final class AttemptLog: Sendable {
    let progress: Mutex<AttemptProgress>

    init(stepCount: Int) {
        progress = Mutex(AttemptProgress(stepCount: stepCount))
    }
}
