import Foundation
import Synchronization

/// Hands run events to the reporters: finished scenarios in execution order (holding
/// back those that finish early on another worker), and on interrupt the ones still
/// running.
final class RunSession: Sendable {
    private struct State {
        /// Each scenario started and not yet emitted: when, its current attempt's progress and
        /// start, and its attempts before it.
        var started: [Int: Started] = [:]
        var finished: [Int: ScenarioResult] = [:]
        var nextToEmit = 0
        var closed = false
        var environments: [any WorkerEnvironment] = []
    }

    private struct Started {
        var scenario: PlannedScenario
        var at: ContinuousClock.Instant
        var attempt: (log: AttemptLog, at: ContinuousClock.Instant)?
        var earlierAttempts: [ScenarioExecutor.Attempt] = []
    }

    private let reporters: [any RunReporter]
    private let state = Mutex(State())

    init(reporters: [any RunReporter]) {
        self.reporters = reporters
    }

    /// Broadcasts a run-level event (`runStarted`, `runFinished`) to every reporter.
    func emit(_ event: RunEvent) {
        state.withLock { _ in broadcast(event) }
    }

    func scenarioStarted(at position: Int, _ scenario: PlannedScenario) {
        state.withLock { state in
            guard !state.closed else { return }
            state.started[position] = Started(scenario: scenario, at: ContinuousClock.now)
        }
    }

    /// The attempt now running for the scenario at `position` (each retry has its own), and
    /// the attempts that came before it.
    func attemptStarted(at position: Int, log: AttemptLog, after earlier: [ScenarioExecutor.Attempt]) {
        state.withLock { state in
            guard !state.closed else { return }
            state.started[position]?.attempt = (log, ContinuousClock.now)
            state.started[position]?.earlierAttempts = earlier
        }
    }

    /// Records a result; emits it and any held-back successors once its predecessors are out.
    func scenarioFinished(at position: Int, _ result: ScenarioResult) {
        state.withLock { state in
            guard !state.closed else { return }
            state.finished[position] = result
            state.started[position]?.attempt = nil
            while let next = state.finished.removeValue(forKey: state.nextToEmit) {
                state.started.removeValue(forKey: state.nextToEmit)
                broadcast(.scenarioFinished(next))
                state.nextToEmit += 1
            }
        }
    }

    /// Stops accepting results: emits everything finished so far (in order) and returns
    /// the scenarios still running, in execution order, with how far each had got. One
    /// whose attempt had ended (its world being discarded) and was not yet reported is
    /// finished: it ran whole.
    func close() -> [InterruptedScenario] {
        state.withLock { state in
            guard !state.closed else { return [] }
            state.closed = true
            let now = ContinuousClock.now
            for (position, running) in state.started where state.finished[position] == nil {
                guard let (log, at) = running.attempt,
                    let last = log.progress.withLock({
                        $0.phase == .discard ? $0.finished(lasting: now - at, of: running.scenario) : nil
                    })
                else { continue }
                let attempts = running.earlierAttempts + [last]
                state.finished[position] = ScenarioResult(
                    scenario: running.scenario, last: last, earlierAttempts: running.earlierAttempts,
                    duration: attempts.reduce(.zero) { $0 + $1.duration })
            }
            for (position, result) in state.finished.sorted(by: { $0.key < $1.key }) {
                state.started.removeValue(forKey: position)
                broadcast(.scenarioFinished(result))
            }
            state.finished = [:]
            return state.started.sorted { $0.key < $1.key }.map { _, running in
                let cut = running.attempt.map { log, at in log.progress.withLock { $0.interrupted(lasting: now - at) } }
                return InterruptedScenario(
                    scenario: running.scenario, elapsed: now - running.at,
                    attempt: cut
                        ?? ScenarioExecutor.Attempt(
                            steps: [], hookFailures: [], duration: .zero,
                            started: Date(timeIntervalSinceNow: -((now - running.at) / .seconds(1)))),
                    earlierAttempts: running.earlierAttempts)
            }
        }
    }

    func register(_ environment: any WorkerEnvironment) {
        state.withLock { $0.environments.append(environment) }
    }

    /// The environments made so far, to shut down on interrupt.
    func environments() -> [any WorkerEnvironment] {
        state.withLock { $0.environments }
    }

    /// Called under the lock so that concurrent workers cannot reorder events.
    private func broadcast(_ event: RunEvent) {
        for reporter in reporters { reporter.handle(event) }
    }
}
