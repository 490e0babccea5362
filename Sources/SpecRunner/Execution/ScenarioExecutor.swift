import CucumberExpressions
import Foundation
import Gherkin

/// Runs one attempt of one scenario on a fresh world: before hooks, steps (the first
/// problem skips the rest), after hooks, then the world is discarded.
///
/// The whole attempt runs as plain calls in the worker's runner task (`WorkerRunner`),
/// each phase limited by the worker's watchdog: a task per phase would cost a hand-off
/// between threads each, which is most of a quick scenario's cost. When a phase overruns
/// its limit the runner is abandoned (cancelled, not awaited), so work that ignores
/// cancellation still cannot hang the run; `recover` then runs the after hooks and the
/// discard on their own, each limited.
struct ScenarioExecutor: Sendable {
    let definitions: [StepDefinition]
    let hooks: ScenarioHooks
    /// The per-step (and per-hook) limit.
    let timeout: Duration
    /// Whether the steps' attachments are kept: some format of the run shows them.
    var keepsAttachments = true

    /// The limit for making a world: environments may reset a simulator or connect.
    var worldTimeout: Duration { max(timeout * 5, .seconds(10)) }

    /// How long past its limit a step may still end by itself before it is stopped as timed
    /// out: a step that waits up to its limit (a display assertion, an answer) then says
    /// what it saw, and a loaded machine may take a moment to let it.
    var stepGrace: Duration { min(timeout / 4, .milliseconds(500)) }

    struct Attempt: Sendable {
        var steps: [StepResult]
        var hookFailures: [HookFailure]
        var duration: Duration
        /// Every before and after hook that ran, in order.
        var hooks: [HookResult] = []
        /// When the attempt started (reports' timestamps).
        var started = Date()

        var failed: Bool { !hookFailures.isEmpty || steps.contains { $0.status == .failed } }
    }

    /// The result a dry run reports: matched steps skipped, problems as found. The first
    /// step with a problem (`dryRunFailure`) fails, as it would when run, unless an
    /// undefined or ambiguous step comes before it: a run stops there, and never reaches it.
    static func dryRun(_ scenario: PlannedScenario) -> [StepResult] {
        var results = scenario.steps.map(notRun)
        for index in scenario.steps.indices {
            if let failure = dryRunFailure(of: scenario, at: index) {
                results[index] = StepResult(status: .failed, failure: failure)
                break
            }
            guard case .matched = scenario.steps[index].match else { break }
        }
        return results
    }

    /// What the step at `index` fails with before it runs, if anything: a table its
    /// definition cannot read, or a value its parameter type cannot read
    /// (`99999999999999999999` as an {int}), read as the run reads it, without running it.
    static func dryRunFailure(of scenario: PlannedScenario, at index: Int) -> StepFailure? {
        if let problem = scenario.argumentProblems[index] { return StepFailure(.error, problem) }
        guard case .matched(_, let arguments) = scenario.steps[index].match,
            case .failure(let failure) = values(of: arguments, language: scenario.pickle.language)
        else { return nil }
        return failure
    }

    /// The values of `arguments` as their parameter types read them, or the first that
    /// cannot be read as a step's failure (told in the feature's `language`).
    static func values(
        of arguments: [ExpressionArgument], language: String
    ) -> Result<[any Sendable], StepFailure> {
        var values: [any Sendable] = []
        values.reserveCapacity(arguments.count)
        for (position, argument) in arguments.enumerated() {
            do { values.append(try argument.value()) } catch {
                return .failure(
                    StepFailure.conversion(position: position, text: argument.text, error: error, language: language))
            }
        }
        return .success(values)
    }

    /// A step after the first problem: skipped, unless it could not have run anyway. An
    /// undefined or ambiguous step says so wherever it stands (as Cucumber reports it),
    /// so a run counts what `--dry-run` counts, and each one gets its snippet.
    static func notRun(_ step: PlannedStep) -> StepResult {
        switch step.match {
        case .matched: .skipped
        case .undefined: StepResult(status: .undefined)
        case .ambiguous: StepResult(status: .ambiguous)
        }
    }

    /// The attempt as plain calls; each phase arms the watchdog first, which calls
    /// `timedOut` with the phase that overran its limit.
    func runAll(
        _ scenario: PlannedScenario, in environment: any WorkerEnvironment, watchdog: Watchdog,
        log: AttemptLog, timedOut: @escaping @Sendable (AttemptProgress.Phase) -> Void
    ) async {
        /// Records under the lock unless abandoned; false once abandoned.
        func record(_ body: (inout AttemptProgress) -> Void) -> Bool {
            log.progress.withLock { progress -> Bool in
                guard !progress.abandoned else { return false }
                body(&progress)
                return true
            }
        }
        /// Enters `phase` with `limit`; false once the waiter has given up on the task.
        /// The watchdog is armed under the same lock as the check, so an attempt that was
        /// abandoned (which is marked under that lock) can never arm it again: it is the
        /// worker's, and the next attempt's limits are on it.
        func enter(_ phase: AttemptProgress.Phase, limit: Duration) -> Bool {
            !Task.isCancelled
                && record { progress in
                    progress.phase = phase
                    progress.phaseStarted = ContinuousClock.now
                    watchdog.arm(after: limit) { timedOut(phase) }
                }
        }

        guard enter(.world, limit: worldTimeout) else { return }
        let world: any ScenarioWorld
        do { world = try await environment.makeWorld() } catch {
            let failure = HookFailure(phase: .world, sourceLocation: "environment", failure: Self.failure(from: error))
            _ = record { $0.attempt.hookFailures.append(failure) }
            return
        }
        guard record({ $0.world = world }) else { return }

        let context = ScenarioContext(pickle: scenario.pickle, world: world, passed: nil)
        // A before hook that does not pass (fails, or skips itself) skips the steps.
        var before = StepStatus.passed
        for (index, entry) in hooks.before.enumerated() where entry.tags.evaluate(scenario.tags) {
            guard enter(.before(hook: index), limit: timeout) else { return }
            let result = await Self.runHookBody(entry, context)
            guard record({ $0.record(result, of: entry.hook, phase: .before) }) else { return }
            before = result.status
            if before != .passed { break }
        }

        var passed = before != .failed
        if before == .passed {
            for index in scenario.steps.indices {
                guard enter(.step(index), limit: timeout + stepGrace) else { return }
                let sink = AttachmentSink(keeping: keepsAttachments)
                let started = Date()
                var result = await run(scenario, at: index, world: world, sink: sink)
                result.started = started
                guard record({ $0.record(result, sink: sink) }) else { return }
                if result.status != .passed {
                    passed = false
                    break
                }
            }
        }

        var after = context
        after.passed = passed
        for (index, entry) in hooks.after.enumerated() where entry.tags.evaluate(scenario.tags) {
            guard enter(.after(hook: index), limit: timeout) else { return }
            let result = await Self.runHookBody(entry, after)
            guard record({ $0.record(result, of: entry.hook, phase: .after) }) else { return }
            // A failure that named a step failed the scenario: later hooks are told.
            if result.failure != nil { after.passed = false }
        }
        guard enter(.discard, limit: worldTimeout) else { return }
        await environment.discard(world)
    }

    /// The task was abandoned in some phase, the one that `overrun` its limit or else the
    /// one it was cancelled in: records why, then runs what the scenario still owes its
    /// world (the remaining after hooks, the discard), each on its own limit.
    func recover(
        overrun: AttemptProgress.Phase?, record: inout AttemptProgress, scenario: PlannedScenario,
        environment: any WorkerEnvironment, watchdog: Watchdog
    ) async {
        let timedOut = overrun != nil
        var firstAfterHook = 0
        switch overrun ?? record.phase {
        case .world:
            record.attempt.hookFailures.append(
                HookFailure(
                    phase: .world, sourceLocation: "environment",
                    failure: StepFailure(
                        .timeout, "the scenario's world was not ready within \(Self.describe(worldTimeout))")))
            return
        case .before(let index):
            recordStopped(hooks.before[index], phase: .before, timedOut: timedOut, in: &record)
        case .step(let index):
            // The step may have finished after the timer fired and before the task was
            // abandoned: what counts is the step that was running when the limit passed.
            let duration = record.attempt.steps.count == index ? ContinuousClock.now - record.phaseStarted : timeout
            record.attempt.steps = Array(record.attempt.steps.prefix(index))
            var failure =
                timedOut
                ? StepFailure(.timeout, "the step did not finish within \(Self.describe(timeout)) (--timeout)")
                : StepFailure(.error, "cancelled")
            // runner.md: a failure's body holds what the display showed, a timeout's too;
            // the world is asked, within the step's limit (a second at least: a loaded
            // machine took longer than half a second to schedule it), since what hung may be
            // behind it.
            if timedOut, let world = record.world {
                let language = scenario.pickle.language
                if case .finished(.success(let details?)) = await watchdog.run(
                    max(timeout, .seconds(1)), { await world.detailsAfterTimeout(language: language) })
                {
                    failure.details = details
                }
            }
            record.attempt.steps.append(StepResult(status: .failed, duration: duration, failure: failure))
        case .after(let index):
            recordStopped(hooks.after[index], phase: .after, timedOut: timedOut, in: &record)
            firstAfterHook = index + 1
        case .discard:
            return
        }
        guard let world = record.world else { return }
        // The attempt was cut short: the after hooks are told it did not pass.
        let after = ScenarioContext(pickle: scenario.pickle, world: world, passed: false)
        for (index, entry) in hooks.after.enumerated()
        where index >= firstAfterHook && entry.tags.evaluate(scenario.tags) {
            let result = await Self.runHook(id: entry.id, limit: timeout, on: watchdog, attachments: nil) {
                // The scenario has failed already: an after hook that skips itself fails.
                do { try await entry.hook.body(after) } catch let skipped as SkippedStep {
                    throw Self.failure(from: skipped)
                }
            }
            record.record(result, of: entry.hook, phase: .after)
        }
        _ = await watchdog.run(worldTimeout) { await environment.discard(world) }
    }

    /// Records a hook the watchdog stopped in its phase: as a result, and as its failure.
    private func recordStopped(
        _ entry: ScenarioHooks.Entry, phase: HookFailure.Phase, timedOut: Bool, in record: inout AttemptProgress
    ) {
        let duration = ContinuousClock.now - record.phaseStarted
        let result = HookResult(
            hookID: entry.id, status: .failed, started: Date(timeIntervalSinceNow: -(duration / .seconds(1))),
            duration: duration, failure: Self.stoppedHook(timedOut: timedOut, limit: timeout))
        record.record(result, of: entry.hook, phase: phase)
    }

    /// Runs the scenario's step at `index` as a plain call (the caller limits its time and
    /// sets when it started and what it attached). A step whose table or doc string its
    /// definition refuses (`argumentProblems`, found when planning) fails without running,
    /// as in `--dry-run`: a definition that takes none would not look.
    private func run(_ scenario: PlannedScenario, at index: Int, world: any ScenarioWorld, sink: AttachmentSink)
        async -> StepResult
    {
        let step = scenario.steps[index]
        // A line Gherkin refused (`PlannedScenario.parseErrors`) fails as well, unmatched.
        if let problem = scenario.argumentProblems[index] {
            return StepResult(status: .failed, failure: StepFailure(.error, problem))
        }
        guard case .matched(let definitionIndex, let arguments) = step.match else { return Self.notRun(step) }
        let clock = ContinuousClock()
        let started = clock.now
        let values: [any Sendable]
        switch Self.values(of: arguments, language: scenario.pickle.language) {
        case .success(let read): values = read
        case .failure(let failure): return StepResult(status: .failed, duration: clock.now - started, failure: failure)
        }
        var dataTable: PickleTable?
        var docString: PickleDocString?
        if case .dataTable(let table) = step.argument { dataTable = table }
        if case .docString(let string) = step.argument { docString = string }
        var context = StepContext(
            arguments: values, dataTable: dataTable, docString: docString, world: world, text: step.text,
            keyword: step.keyword, location: step.location, timeout: timeout, index: index)
        context.attachmentSink = sink
        do {
            try await definitions[definitionIndex].body(context)
            return StepResult(status: .passed, duration: clock.now - started)
        } catch let pending as PendingStep {
            return StepResult(status: .pending, duration: clock.now - started, message: pending.message)
        } catch let skipped as SkippedStep {
            return StepResult(status: .skipped, duration: clock.now - started, message: skipped.message)
        } catch {
            return StepResult(status: .failed, duration: clock.now - started, failure: Self.failure(from: error))
        }
    }

    static func failure(from error: any Error) -> StepFailure {
        if let failure = error as? StepFailure { return failure }
        if let pending = error as? PendingStep { return StepFailure(.error, "pending: \(pending.message)") }
        return StepFailure(.error, "\(type(of: error)): \(error)")
    }

    /// `2s`, `0.5s`, `1.25s`.
    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        // A Double's shortest form has no trailing zero but `.0`, a whole number of seconds.
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(Double(milliseconds) / 1000)s"
    }
}
