import CucumberExpressions
import Gherkin

/// Runs one attempt of one scenario on a fresh world: before hooks, steps (the first
/// problem skips the rest), after hooks, then the world is discarded.
struct ScenarioExecutor: Sendable {
    let definitions: [StepDefinition]
    let hooks: ScenarioHooks
    /// The per-step (and per-hook) limit.
    let timeout: Duration

    /// The limit for making a world: environments may reset a simulator or connect.
    var worldTimeout: Duration { max(timeout * 5, .seconds(10)) }

    struct Attempt: Sendable {
        var steps: [StepResult]
        var hookFailures: [HookFailure]
        var duration: Duration

        var failed: Bool { !hookFailures.isEmpty || steps.contains { $0.status == .failed } }
    }

    /// The result a dry run reports: matched steps skipped, problems as found.
    static func dryRun(_ scenario: PlannedScenario) -> [StepResult] {
        scenario.steps.map { step in
            switch step.match {
            case .matched: .skipped
            case .undefined: StepResult(status: .undefined)
            case .ambiguous: StepResult(status: .ambiguous)
            }
        }
    }

    /// `watchdog` is the worker's: it limits each step, hook and the world's creation.
    func attempt(
        _ scenario: PlannedScenario, in environment: any WorkerEnvironment, watchdog: Watchdog
    ) async -> Attempt {
        let clock = ContinuousClock()
        let started = clock.now
        let skippedSteps = [StepResult](repeating: .skipped, count: scenario.steps.count)
        let world: any ScenarioWorld
        switch await watchdog.run(worldTimeout, { try await environment.makeWorld() }) {
        case .finished(.success(let made)):
            world = made
        case .finished(.failure(let error)):
            let failure = HookFailure(phase: .world, sourceLocation: "environment", failure: Self.failure(from: error))
            return Attempt(steps: skippedSteps, hookFailures: [failure], duration: clock.now - started)
        case .timedOut, .cancelled:
            let failure = HookFailure(
                phase: .world, sourceLocation: "environment",
                failure: StepFailure(
                    .timeout, "the scenario's world was not ready within \(Self.describe(worldTimeout))"))
            return Attempt(steps: skippedSteps, hookFailures: [failure], duration: clock.now - started)
        }

        var hookFailures: [HookFailure] = []
        let context = ScenarioContext(pickle: scenario.pickle, world: world, passed: nil)
        for entry in hooks.before where entry.tags.evaluate(scenario.tags) {
            if let failure = await runHook(entry.hook, context, watchdog: watchdog) {
                hookFailures.append(
                    HookFailure(phase: .before, sourceLocation: entry.hook.sourceLocation, failure: failure))
                break
            }
        }

        let results: [StepResult]
        if hookFailures.isEmpty && !Task.isCancelled {
            let steps = scenario.steps
            let sequence = StepSequence(count: steps.count, limit: timeout) { index in
                await run(steps[index], world: world)
            }
            results = await sequence.run(watchdog: watchdog, describeLimit: Self.describe(timeout))
        } else {
            results = skippedSteps
        }

        var after = context
        after.passed = hookFailures.isEmpty && results.allSatisfy { $0.status == .passed }
        for entry in hooks.after where entry.tags.evaluate(scenario.tags) {
            if let failure = await runHook(entry.hook, after, watchdog: watchdog) {
                hookFailures.append(
                    HookFailure(phase: .after, sourceLocation: entry.hook.sourceLocation, failure: failure))
            }
        }
        _ = await watchdog.run(worldTimeout) { await environment.discard(world) }
        return Attempt(steps: results, hookFailures: hookFailures, duration: clock.now - started)
    }

    /// Runs one step as a plain call (the caller limits its time).
    private func run(_ step: PlannedStep, world: any ScenarioWorld) async -> StepResult {
        let definitionIndex: Int
        let arguments: [ExpressionArgument]
        switch step.match {
        case .undefined: return StepResult(status: .undefined)
        case .ambiguous: return StepResult(status: .ambiguous)
        case .matched(let index, let matched):
            definitionIndex = index
            arguments = matched
        }
        let clock = ContinuousClock()
        let started = clock.now
        var values: [any Sendable] = []
        for (position, argument) in arguments.enumerated() {
            do { values.append(try argument.value()) } catch {
                let failure = StepFailure(
                    .error, "argument #\(position + 1) (\(argument.text ?? "absent")) cannot be converted: \(error)")
                return StepResult(status: .failed, duration: clock.now - started, failure: failure)
            }
        }
        var dataTable: PickleTable?
        var docString: PickleDocString?
        switch step.argument {
        case .dataTable(let table): dataTable = table
        case .docString(let string): docString = string
        case .none: break
        }
        let context = StepContext(
            arguments: values, dataTable: dataTable, docString: docString, world: world, text: step.text,
            keyword: step.keyword, location: step.location, timeout: timeout)
        do {
            try await definitions[definitionIndex].body(context)
            return StepResult(status: .passed, duration: clock.now - started)
        } catch let pending as PendingStep {
            return StepResult(status: .pending, duration: clock.now - started, message: pending.message)
        } catch {
            return StepResult(status: .failed, duration: clock.now - started, failure: Self.failure(from: error))
        }
    }

    /// Runs a hook with the step limit; nil when it passed.
    private func runHook(_ hook: Hook, _ context: ScenarioContext, watchdog: Watchdog) async -> StepFailure? {
        switch await watchdog.run(timeout, { try await hook.body(context) }) {
        case .finished(.success): return nil
        case .finished(.failure(let error)): return Self.failure(from: error)
        case .timedOut: return StepFailure(.timeout, "the hook did not finish within \(Self.describe(timeout))")
        case .cancelled: return StepFailure(.error, "cancelled")
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
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        var text = "\(Double(milliseconds) / 1000)"
        while text.hasSuffix("0") { text.removeLast() }
        return text + "s"
    }
}
