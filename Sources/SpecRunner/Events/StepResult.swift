/// What happened to one step.
public enum StepStatus: String, Sendable, Hashable, CaseIterable {
    case passed, failed, undefined, ambiguous, pending, skipped
}

/// One step's result with its duration and, when it did not pass, why.
public struct StepResult: Sendable {
    public var status: StepStatus
    public var duration: Duration
    /// For `failed`: the failure (kind, message, details).
    public var failure: StepFailure?
    /// For `pending`: the step's message.
    public var message: String?

    public init(status: StepStatus, duration: Duration = .zero, failure: StepFailure? = nil, message: String? = nil) {
        self.status = status
        self.duration = duration
        self.failure = failure
        self.message = message
    }

    public static let skipped = StepResult(status: .skipped)
}
