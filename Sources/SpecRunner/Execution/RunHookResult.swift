import Foundation
import StepInterface

/// How one run hook went: its place among the registry's run hooks, its outcome, when,
/// and what it attached.
struct RunHookResult: Sendable {
    var hookID: Int
    var phase: RunHook.Phase
    /// `passed`, `failed` or `skipped` (`SkippedStep`).
    var status: StepStatus
    var started: Date
    var duration: Duration
    var failure: StepFailure?
    var attachments: [Attachment] = []

    /// `BeforeAll hook failed (StepLibrary/Hooks.swift:12): message`.
    func failureLine(of hook: RunHook) -> String? {
        failure.map { "\(phase == .beforeRun ? "BeforeAll" : "AfterAll") hook failed (\(hook.sourceLocation)): \($0)" }
    }
}

extension RunHook {
    /// Runs the hooks of `phase` (after-run ones in reverse registration order, as Cucumber
    /// does), every one even when one fails, each limited to `limit`.
    static func run(_ hooks: [RunHook], phase: Phase, limit: Duration) async -> [RunHookResult] {
        var order = hooks.indices.filter { hooks[$0].phase == phase }
        if phase == .afterRun { order.reverse() }
        var results: [RunHookResult] = []
        for index in order {
            let context = RunContext()
            let body = hooks[index].body
            let clock = ContinuousClock()
            let started = (date: Date(), instant: clock.now)
            let status: StepStatus
            let failure: StepFailure?
            switch await runWithTimeLimit(limit, { try await body(context) }) {
            case .finished(let ending): (status, failure) = ScenarioExecutor.hookOutcome(ending)
            case .timedOut:
                let within = ScenarioExecutor.describe(limit)
                (status, failure) = (.failed, StepFailure(.timeout, "the hook did not finish within \(within)"))
            case .cancelled: (status, failure) = (.failed, StepFailure(.error, "cancelled"))
            }
            results.append(
                RunHookResult(
                    hookID: index, phase: phase, status: status, started: started.date,
                    duration: clock.now - started.instant, failure: failure,
                    attachments: context.attachmentSink.all))
        }
        return results
    }
}
