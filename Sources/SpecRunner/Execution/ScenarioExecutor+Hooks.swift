import Foundation

extension ScenarioExecutor {
    /// Runs one before or after hook as a plain call (the caller limits its time), with
    /// its own attachments: `SkippedStep` skips it, anything else thrown fails it.
    static func runHookBody(_ entry: ScenarioHooks.Entry, _ context: ScenarioContext) async -> HookResult {
        var context = context
        context.attachmentSink = AttachmentSink()
        let clock = ContinuousClock()
        let started = (date: Date(), instant: clock.now)
        var status = StepStatus.passed
        var failure: StepFailure?
        do { try await entry.hook.body(context) } catch is SkippedStep {
            status = .skipped
        } catch {
            status = .failed
            failure = Self.failure(from: error)
        }
        return HookResult(
            hookID: entry.id, status: status, started: started.date, duration: clock.now - started.instant,
            failure: failure, attachments: context.attachmentSink.all)
    }

    /// A hook the watchdog stopped, as a result.
    static func stoppedHook(
        _ entry: ScenarioHooks.Entry, failure: StepFailure, since phaseStarted: ContinuousClock.Instant
    ) -> HookResult {
        let duration = ContinuousClock.now - phaseStarted
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return HookResult(
            hookID: entry.id, status: .failed, started: Date(timeIntervalSinceNow: -seconds), duration: duration,
            failure: failure)
    }
}
