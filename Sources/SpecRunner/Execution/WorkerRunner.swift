import Synchronization

/// A worker's scenarios, run back to back by one task (the runner) while the worker's own
/// task waits; the waiting task takes over only when a phase overruns its limit or the
/// run is interrupted.
///
/// The runner keeps a worker's scenarios on one thread: a task per attempt costs about
/// five thread switches and 24 µs of scheduling delay a scenario (`perf sched`). An
/// overrun abandons the runner (cancelled, not awaited), so a hung step cannot hang the
/// run: the waiting task finishes that attempt (after hooks and the discard on their own
/// limits), then starts a new runner for the rest.
extension RunExecutor {
    /// One worker, with the scenarios, queue and session it shares with the others.
    struct Worker: Sendable {
        let executor: ScenarioExecutor
        let options: RunOptions
        let environment: any WorkerEnvironment
        let scenarios: [PlannedScenario]
        let queue: WorkQueue
        let session: RunSession
        let watchdog = Watchdog()
        let handoff = Handoff()
    }
}

extension RunExecutor.Worker {
    /// The scenario a runner has taken from the queue and not yet reported, and its
    /// attempt under way.
    struct InHand: Sendable {
        var position: Int
        /// Its attempts so far, in order.
        var attempts: [ScenarioExecutor.Attempt] = []
        var attempt: AttemptLog?
        var attemptStarted = ContinuousClock.now

        /// Ends the attempt under way with what `record` holds, the steps it did not reach as
        /// not run. Attachments are read here: a check a step asked for may be made during a
        /// later step and attach to the step that asked.
        mutating func finishAttempt(_ record: AttemptProgress, of scenario: PlannedScenario) {
            attempts.append(record.finished(lasting: ContinuousClock.now - attemptStarted, of: scenario))
            attempt = nil
        }
    }

    /// What wakes the waiting task.
    enum RunnerEvent: Sendable {
        case finished
        /// `phase` of the attempt logged in `attempt` overran its limit (the log itself, not
        /// its address: a later attempt's log may be allocated where it was).
        case timedOut(AttemptProgress.Phase, attempt: AttemptLog)
        case cancelled
    }

    /// Shared by a worker's runners and its waiting task. Whatever a runner records goes
    /// through `owned`, so a runner that was taken over changes nothing.
    final class Handoff: Sendable {
        struct State {
            /// The runner that owns the worker; the waiting task moves it on when it takes over.
            var owner = 0
            var inHand: InHand?
            var runnerEnded = false
            var gate = OneShotGate<RunnerEvent>()
            /// The last attempt whose limit passed: the runner does not carry on past it, even
            /// when the waiting task gets a thread only after the attempt has ended.
            var overrun: AttemptLog?
            /// Scenarios in a row whose setup failed (`RegisterLoss`).
            var setupFailures = 0
        }

        let state = Mutex(State())

        /// The watchdog's call: `phase` of the attempt logged in `log` overran its limit.
        func timedOut(_ phase: AttemptProgress.Phase, attempt log: AttemptLog) {
            let gate = state.withLock { state in
                state.overrun = log
                return state.gate
            }
            gate.resume(.timedOut(phase, attempt: log))
        }

        /// Runs `body` if runner `generation` still owns the worker; nil once it does not.
        func owned<Value>(by generation: Int, _ body: (inout State) -> Value) -> Value? {
            state.withLock { state in state.owner == generation ? body(&state) : nil }
        }
    }

    /// Runs scenarios until the queue is empty or the run is cancelled.
    func work() async {
        var resume: InHand?
        while true {
            let (generation, firstGate) = handoff.state.withLock { state in
                state.inHand = resume
                state.runnerEnded = false
                state.gate = OneShotGate()
                return (state.owner, state.gate)
            }
            resume = nil
            let runner = Task { await runScenarios(generation) }
            let (event, taken) = await waitForRunner(gate: firstGate)
            watchdog.disarm()
            runner.cancel()
            // Nothing taken: the runner finished, or was cancelled between scenarios.
            guard var inHand = taken else { return }
            if let log = inHand.attempt {
                var record = log.progress.withLock { $0 }
                var overrun: AttemptProgress.Phase?
                if case .timedOut(let phase, _) = event { overrun = phase }
                await executor.recover(
                    overrun: overrun, record: &record, scenario: scenarios[inHand.position], environment: environment,
                    watchdog: watchdog)
                inHand.finishAttempt(record, of: scenarios[inHand.position])
            }
            if case .cancelled = event {
                _ = report(inHand)
                return
            }
            resume = inHand  // The next runner retries or reports it.
        }
    }

    /// Waits for the runner's end, an overrun or a cancellation. On the last two it takes
    /// over at once, under the lock the runner records through, and returns what the runner
    /// had in hand. A timer of an attempt that finished before the runner moved on is no
    /// overrun: the wait goes on.
    private func waitForRunner(gate: OneShotGate<RunnerEvent>) async -> (RunnerEvent, InHand?) {
        var gate = gate
        while true {
            let waited = gate
            let event = await withTaskCancellationHandler {
                await waited.wait()
            } onCancel: {
                handoff.state.withLock { $0.gate }.resume(.cancelled)
            }
            let done = handoff.state.withLock { state -> (RunnerEvent, InHand?)? in
                func takeOver() -> InHand? {
                    state.owner += 1
                    // From here the attempt records nothing and arms no limit.
                    state.inHand?.attempt?.progress.withLock { $0.abandoned = true }
                    defer { state.inHand = nil }
                    return state.inHand
                }
                switch event {
                case .finished:
                    return (.finished, nil)
                case .cancelled:
                    return (event, takeOver())
                case .timedOut(_, let attempt):
                    if let log = state.inHand?.attempt, log === attempt { return (event, takeOver()) }
                    if state.runnerEnded { return (.finished, nil) }
                    state.gate = OneShotGate()
                    gate = state.gate
                    return nil
                }
            }
            if let done { return done }
        }
    }

    /// The runner: takes scenarios from the queue (or goes on with the one it was handed)
    /// and runs their attempts back to back while it owns the worker.
    private func runScenarios(_ generation: Int) async {
        running: while !Task.isCancelled {
            let pick = handoff.owned(by: generation) { state -> InHand? in
                if state.inHand == nil, let position = queue.take() { state.inHand = InHand(position: position) }
                return state.inHand
            }
            guard var inHand = pick ?? nil else { break running }
            let scenario = scenarios[inHand.position]
            // A scenario handed over by the waiting task has its attempts so far.
            if inHand.attempts.isEmpty { session.scenarioStarted(at: inHand.position, scenario) }
            // The first attempt, and a failed one's retries; a scenario that did not parse
            // fails the same every time, and is not retried.
            let retries = scenario.parseErrors.isEmpty ? options.retry : 0
            while inHand.attempts.last.map({ $0.failed && inHand.attempts.count <= retries }) ?? true {
                let log = AttemptLog(stepCount: scenario.steps.count)
                inHand.attempt = log
                inHand.attemptStarted = ContinuousClock.now
                guard handoff.owned(by: generation, { $0.inHand = inHand }) != nil else { return }
                session.attemptStarted(at: inHand.position, log: log, after: inHand.attempts)
                await executor.runAll(scenario, in: environment, watchdog: watchdog, log: log) { phase in
                    handoff.timedOut(phase, attempt: log)
                }
                inHand.finishAttempt(log.progress.withLock { $0 }, of: scenario)
                let committed = handoff.owned(by: generation) { state -> Bool in
                    // A limit that passed before the attempt ended is the waiting task's to
                    // report, however late it wakes.
                    if state.overrun === log { return false }
                    watchdog.disarm()
                    state.inHand = inHand
                    return true
                }
                guard committed == true, !Task.isCancelled else { return }
            }
            guard handoff.owned(by: generation, { $0.inHand = nil }) != nil else { return }
            if report(inHand) { break running }
        }
        let gate = handoff.owned(by: generation) { state in
            state.runnerEnded = true
            return state.gate
        }
        gate?.resume(.finished)
    }

    /// Reports a scenario's last attempt, with its counts; `--fail-fast` stops the queue.
    /// True when the worker's register is lost (`RegisterLoss`): it takes no more.
    private func report(_ inHand: InHand) -> Bool {
        guard let last = inHand.attempts.last else { return false }
        let result = ScenarioResult(
            scenario: scenarios[inHand.position], last: last, earlierAttempts: Array(inHand.attempts.dropLast()),
            duration: inHand.attempts.reduce(.zero) { $0 + $1.duration })
        session.scenarioFinished(at: inHand.position, result)
        if options.failFast && result.verdict(strict: options.strict) == .failed { queue.stop() }
        let setupFailure = last.hookFailures.first { $0.phase == .world }
        let inARow = handoff.state.withLock { state in
            state.setupFailures = setupFailure == nil ? 0 : state.setupFailures + 1
            return state.setupFailures
        }
        guard let setupFailure, inARow >= RegisterLoss.limit else { return false }
        queue.workerLost(reason: FailureText.headline(setupFailure.failure.message))
        return true
    }
}

/// A worker whose register stops answering (a `--target` that froze or went away, a
/// simulator that died) would spend the step limits of every remaining scenario on it:
/// at 2,000 scenarios, hours of CI time for one known answer. After `limit` scenarios in a
/// row whose setup failed (the reset or the display's opening), the worker takes no more;
/// once every worker has stopped so, the rest of the run is reported as not run.
enum RegisterLoss {
    /// Scenarios in a row whose setup failed before a worker gives up. One reconnect is
    /// already tried within each setup, so a register that restarts is not lost.
    static let limit = 3
}
