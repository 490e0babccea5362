import Foundation
import StepInterface

/// The registry's hooks with their tag expressions parsed, ready to filter by scenario.
struct ScenarioHooks: Sendable {
    struct Entry: Sendable {
        var hook: Hook
        var tags: TagExpression
        /// The hook's position among the registry's hooks (`HookResult.hookID`).
        var id: Int
    }

    let before: [Entry]
    /// In reverse registration order, as Cucumber runs them.
    let after: [Entry]

    /// Fails with every hook whose tag expression does not parse.
    init(_ hooks: [Hook]) throws(StartFailure) {
        var entries: [Entry] = []
        var problems: [String] = []
        for (id, hook) in hooks.enumerated() {
            var tags = TagExpression.always
            if let source = hook.tagExpression {
                do { tags = try TagExpression(parsing: source) } catch {
                    problems.append("hook at \(hook.sourceLocation): \(error)")
                    continue
                }
            }
            entries.append(Entry(hook: hook, tags: tags, id: id))
        }
        guard problems.isEmpty else { throw StartFailure(problems.joined(separator: "\n")) }
        before = entries.filter { $0.hook.phase == .beforeScenario }
        after = entries.filter { $0.hook.phase == .afterScenario }.reversed()
    }
}

extension ScenarioExecutor {
    /// Runs one before or after hook as a plain call (the caller limits its time), with
    /// its own attachments: `SkippedStep` skips it, anything else thrown fails it.
    static func runHookBody(_ entry: ScenarioHooks.Entry, _ context: ScenarioContext) async -> HookResult {
        var context = context
        context.attachmentSink = AttachmentSink()
        let started = (date: Date(), instant: ContinuousClock.now)
        var ending = Result<Void, any Error>.success(())
        do { try await entry.hook.body(context) } catch { ending = .failure(error) }
        let (status, failure) = hookOutcome(ending)
        return HookResult(
            hookID: entry.id, status: status, started: started.date, duration: ContinuousClock.now - started.instant,
            failure: failure, attachments: context.attachmentSink.all)
    }

    /// How a hook's call ended: passed, skipped (`SkippedStep`), or failed with what it threw.
    static func hookOutcome(_ ending: Result<Void, any Error>) -> (status: StepStatus, failure: StepFailure?) {
        switch ending {
        case .success: (.passed, nil)
        case .failure(let error) where error is SkippedStep: (.skipped, nil)
        case .failure(let error): (.failed, failure(from: error))
        }
    }

    /// Why a hook the watchdog stopped failed: it overran `limit`, or it was cancelled.
    static func stoppedHook(timedOut: Bool, limit: Duration) -> StepFailure {
        timedOut
            ? StepFailure(.timeout, "the hook did not finish within \(describe(limit))")
            : StepFailure(.error, "cancelled")
    }

    /// Runs a hook's `body` on `watchdog` within `limit`: how it ended (`hookOutcome`, or
    /// failed when it overran its limit or was cancelled), when, and what it attached to
    /// `sink`, if anything.
    static func runHook(
        id: Int, limit: Duration, on watchdog: Watchdog, attachments sink: AttachmentSink?,
        _ body: @escaping @Sendable () async throws -> Void
    ) async -> HookResult {
        let started = (date: Date(), instant: ContinuousClock.now)
        let (status, failure): (StepStatus, StepFailure?) =
            switch await watchdog.run(limit, body) {
            case .finished(let ending): hookOutcome(ending)
            case .timedOut: (.failed, stoppedHook(timedOut: true, limit: limit))
            case .cancelled: (.failed, stoppedHook(timedOut: false, limit: limit))
            }
        return HookResult(
            hookID: id, status: status, started: started.date, duration: ContinuousClock.now - started.instant,
            failure: failure, attachments: sink?.all ?? [])
    }
}

extension RunHook {
    /// `BeforeAll hook failed (StepLibrary/Hooks.swift:12): message`, when `result` (this
    /// hook's run) failed.
    func failureLine(_ result: HookResult) -> String? {
        let name = phase == .beforeRun ? "BeforeAll" : "AfterAll"
        return result.failure.map { "\(name) hook failed (\(sourceLocation)): \($0)" }
    }

    /// Runs the hooks of `phase` (after-run ones in reverse registration order, as Cucumber
    /// does), every one even when one fails, each limited to `limit`.
    static func run(_ hooks: [RunHook], phase: Phase, limit: Duration) async -> [HookResult] {
        var order = hooks.indices.filter { hooks[$0].phase == phase }
        if phase == .afterRun { order.reverse() }
        var results: [HookResult] = []
        for index in order {
            let context = RunContext()
            let body = hooks[index].body
            results.append(
                await ScenarioExecutor.runHook(
                    id: index, limit: limit, on: Watchdog(), attachments: context.attachmentSink
                ) { try await body(context) })
        }
        return results
    }
}
