import Foundation

/// What happened to one step.
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
