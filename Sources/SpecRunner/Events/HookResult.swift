import Foundation

/// One before or after hook's run in a scenario attempt: the hook's place in the
/// registry, how it ended, when, and what it attached.
struct HookResult: Sendable {
    /// The hook's position among the registry's hooks (`StepRegistry.hooks`).
    var hookID: Int
    /// `passed`, `failed` or `skipped` (`SkippedStep`).
    var status: StepStatus
    var started: Date
    var duration: Duration
    var failure: StepFailure?
    var attachments: [Attachment] = []
}
