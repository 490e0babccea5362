import Synchronization

/// Runs the steps of one scenario attempt in a single task, each step limited by the
/// worker's watchdog.
///
/// One task per attempt rather than one per step: a step is then a plain call, with no
/// task to create and no hand-off between threads, which is most of a quick step's cost.
/// When a step overruns its limit the whole task is abandoned (cancelled, not awaited),
/// so a step that ignores cancellation still cannot hang the run.
struct StepSequence: Sendable {
    /// How the task's run of steps ended, as seen by the waiter.
    private enum Ending: Sendable, Equatable {
        case finished
        /// Step `index` overran the limit.
        case timedOut(index: Int)
        case cancelled
    }

    /// What the task has recorded so far; frozen once the waiter gives up on it.
    private struct Progress: Sendable {
        var results: [StepResult] = []
        /// When the current step started (for the duration of a step that timed out).
        var stepStarted = ContinuousClock.now
        var abandoned = false
    }

    let count: Int
    let limit: Duration
    /// Runs step `index` as a plain call; returns its result.
    let runStep: @Sendable (_ index: Int) async -> StepResult

    /// Runs steps in order until one does not pass, then fills in the rest as skipped.
    func run(watchdog: Watchdog, describeLimit: String) async -> [StepResult] {
        let progress = Mutex(Progress())
        let gate = OneShotGate<Ending>()
        let work = Task {
            for index in 0..<count {
                if Task.isCancelled { break }
                let started = ContinuousClock.now
                let carryOn = progress.withLock { progress -> Bool in
                    progress.stepStarted = started
                    return !progress.abandoned
                }
                guard carryOn else { return }
                watchdog.arm(after: limit) { gate.resume(.timedOut(index: index)) }
                let result = await runStep(index)
                let passed = progress.withLock { progress -> Bool in
                    guard !progress.abandoned else { return false }
                    progress.results.append(result)
                    return result.status == .passed
                }
                if !passed { break }
            }
            gate.resume(.finished)
        }
        let ending = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resume(.cancelled)
        }
        watchdog.disarm()
        let (recorded, stepStarted) = progress.withLock { progress in
            progress.abandoned = true
            return (progress.results, progress.stepStarted)
        }
        var results = recorded
        switch ending {
        case .finished:
            break
        case .timedOut(let index):
            // The step may have finished after the timer fired and before we got here:
            // what counts is the step that was running when the limit passed.
            work.cancel()
            let duration = results.count == index ? ContinuousClock.now - stepStarted : limit
            results = Array(results.prefix(index))
            let failure = StepFailure(.timeout, "the step did not finish within \(describeLimit) (--timeout)")
            results.append(StepResult(status: .failed, duration: duration, failure: failure))
        case .cancelled:
            work.cancel()
            if results.count < count {
                results.append(
                    StepResult(
                        status: .failed, duration: ContinuousClock.now - stepStarted,
                        failure: StepFailure(.error, "cancelled")))
            }
        }
        results += [StepResult](repeating: .skipped, count: max(count - results.count, 0))
        return results
    }
}
