/// A hook (or the world's creation) that failed.
public struct HookFailure: Sendable {
    public enum Phase: String, Sendable {
        case world = "scenario setup"
        case before = "before hook"
        case after = "after hook"
    }

    public var phase: Phase
    /// Where the hook is defined (`StepLibrary/Hooks.swift:12`).
    public var sourceLocation: String
    public var failure: StepFailure

    public init(phase: Phase, sourceLocation: String, failure: StepFailure) {
        self.phase = phase
        self.sourceLocation = sourceLocation
        self.failure = failure
    }
}
