import Foundation

enum StepStatus: String, Sendable, Hashable, CaseIterable {
    case passed, failed, undefined, ambiguous, pending, skipped
}

/// One step's result with its duration and, when it did not pass, why.
struct StepResult: Sendable {
    var status: StepStatus
    var duration: Duration = .zero
    /// For `failed`: the failure (kind, message, details).
    var failure: StepFailure?
    /// For `pending` and `skipped`: the step's message.
    var message: String?
    /// What the step attached, in order.
    var attachments: [Attachment] = []
    /// When it started; nil for a step that did not run.
    var started: Date?

    static let skipped = StepResult(status: .skipped)
}

/// The overall result of one scenario, derived from its steps and hooks: a step's statuses.
typealias ScenarioStatus = StepStatus

/// How a scenario counts in the final tally and the exit status.
enum Verdict: Sendable, Hashable {
    case passed, failed, skipped
}

/// One scenario's attempts (more than one when `--retry` re-ran it) and their timing: the
/// last attempt is the scenario's result.
struct ScenarioResult: Sendable {
    var scenario: PlannedScenario
    var last: ScenarioExecutor.Attempt
    /// The attempts before the last, in order.
    var earlierAttempts: [ScenarioExecutor.Attempt] = []
    /// All attempts together.
    var duration: Duration
    /// `--dry-run`: nothing ran, matched steps are skipped.
    var dryRun = false

    /// One result per planned step, in order.
    var steps: [StepResult] { last.steps }
    var hookFailures: [HookFailure] { last.hookFailures }
    /// 1 unless `--retry` re-ran it.
    var attempts: Int { earlierAttempts.count + 1 }
    /// Attempts that failed (a flaky scenario passed after at least one).
    var failedAttempts: Int { earlierAttempts.count(where: \.failed) + (last.failed ? 1 : 0) }

    /// Under `--retry`, why the first failed attempt failed, in a line: its failed step as
    /// written with its place (`When I pay 500 yen in cash (cart.feature:12): …`), or its
    /// hook's heading, and the message's first line. A flaky scenario's report says what
    /// went wrong once. Read of flaky scenarios only (the last attempt passed).
    var firstFailure: String? {
        guard let attempt = earlierAttempts.first(where: \.failed) else { return nil }
        for (index, result) in attempt.steps.enumerated() where result.status == .failed {
            guard let failure = result.failure, scenario.steps.indices.contains(index) else { continue }
            return "\(FailureText.written(scenario.steps[index])): \(FailureText.headline(failure.message))"
        }
        return attempt.hookFailures.first.map {
            "\($0.shortHeading(language: scenario.pickle.language)): \(FailureText.headline($0.failure.message))"
        }
    }

    /// Failed beats ambiguous beats undefined beats pending; a dry run's matched
    /// scenario is skipped.
    var status: ScenarioStatus {
        if !hookFailures.isEmpty { return .failed }
        // One pass without a set: reporters ask this several times per scenario.
        var (ambiguous, undefined, pending, skipped, passed) = (false, false, false, false, false)
        for step in steps {
            switch step.status {
            case .failed: return .failed
            case .ambiguous: ambiguous = true
            case .undefined: undefined = true
            case .pending: pending = true
            case .skipped: skipped = true
            case .passed: passed = true
            }
        }
        if ambiguous { return .ambiguous }
        if undefined { return .undefined }
        if pending { return .pending }
        if dryRun || (skipped && !passed) && !steps.isEmpty { return .skipped }
        return .passed
    }

    /// `flaky: failed 1 of 2 attempts; the first at When … (file:line): message`, or
    /// `failed all 3 attempts`; nil for a scenario run once.
    var attemptsNote: String? {
        guard attempts > 1 else { return nil }
        guard isFlaky else { return "failed all \(attempts) attempts" }
        return "flaky: failed \(failedAttempts) of \(attempts) attempts"
            + (firstFailure.map { "; the first at \($0)" } ?? "")
    }

    /// Passed after failing at least once under `--retry`.
    var isFlaky: Bool { status == .passed && failedAttempts > 0 }

    /// Strict: undefined, ambiguous and pending fail; otherwise they are skipped.
    func verdict(strict: Bool) -> Verdict {
        switch status {
        case .passed: .passed
        case .failed: .failed
        case .skipped: .skipped
        case .undefined, .ambiguous, .pending: strict ? .failed : .skipped
        }
    }

    /// The first step that did not pass or get skipped, with its index.
    var firstProblem: (index: Int, result: StepResult)? {
        steps.enumerated().first { $0.element.status != .passed && $0.element.status != .skipped }
            .map { ($0.offset, $0.element) }
    }
}

extension ScenarioResult {
    /// A scenario with one attempt that is only its steps (and hook failures).
    init(
        scenario: PlannedScenario, steps: [StepResult], hookFailures: [HookFailure] = [], duration: Duration = .zero,
        dryRun: Bool = false
    ) {
        let attempt = ScenarioExecutor.Attempt(steps: steps, hookFailures: hookFailures, duration: duration)
        self.init(scenario: scenario, last: attempt, duration: duration, dryRun: dryRun)
    }
}

/// One hook's run (a before or after hook in a scenario attempt, or a `beforeAll` or
/// `afterAll` hook): the hook's place in the registry, how it ended, when, and what it
/// attached.
struct HookResult: Sendable {
    /// The hook's position among the registry's hooks (`StepRegistry.hooks`, or
    /// `StepRegistry.runHooks` for a run hook).
    var hookID: Int
    /// `passed`, `failed` or `skipped` (`SkippedStep`).
    var status: StepStatus
    var started: Date
    var duration: Duration
    var failure: StepFailure?
    var attachments: [Attachment] = []
}

/// A hook (or the world's creation) that failed.
struct HookFailure: Sendable {
    enum Phase: String, Sendable {
        case world = "scenario setup"
        case before = "before hook"
        case after = "after hook"
    }

    var phase: Phase
    /// Where the hook is defined (`StepLibrary/Hooks.swift:12`).
    var sourceLocation: String
    var failure: StepFailure

    /// An expectation checked when the scenario ends (an after hook's assertion, such as
    /// an unchecked try outcome) is the scenario's failure, told in the reader's terms;
    /// anything else is the hook's own failure, which its developer needs to locate.
    var isEndOfScenarioCheck: Bool { phase == .after && failure.kind == .assertion }

    /// The line that introduces the failure: `at the end of the scenario` (in the
    /// feature's `language` where the runner has its words), or `after hook failed
    /// (StepLibrary/Hooks.swift:12)` for the hook's developer.
    func heading(language: String = "en") -> String {
        isEndOfScenarioCheck
            ? RunnerWording.of(language: language).endOfScenario : "\(phase.rawValue) failed (\(sourceLocation))"
    }

    /// The same without the location, for one-line summaries (the report's `message`).
    func shortHeading(language: String = "en") -> String {
        isEndOfScenarioCheck ? RunnerWording.of(language: language).endOfScenario : "\(phase.rawValue) failed"
    }
}
