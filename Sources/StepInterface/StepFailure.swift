// Part of the interface between the runner and step libraries (docs/architecture.md).

/// Why a step failed, in words for a QA engineer. The kind becomes the JUnit
/// `<failure type="…">`.
public struct StepFailure: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// An expectation did not hold (expected … but saw …).
        case assertion
        /// The system under test refused an action (with its code and message).
        case rejected
        /// The step did not finish within the limit.
        case timeout
        /// Anything else went wrong (connection lost, bad table, …).
        case error
    }

    public var kind: Kind
    /// One line or a few: what was expected and what was seen.
    public var message: String
    /// Extra text for the report, e.g. what the customer display showed.
    public var details: String?
    /// The step of the attempt this failure belongs to (`StepContext.index`), when a later
    /// step or an `after` hook finds it: the runner then reports that step failed with it
    /// and the steps after it not run, exactly as if it had failed in place. Nil: the
    /// step or hook that threw it failed.
    public var stepIndex: Int?

    public init(_ kind: Kind, _ message: String, details: String? = nil, stepIndex: Int? = nil) {
        self.stepIndex = stepIndex
        self.kind = kind
        self.message = message
        self.details = details
    }

    public var description: String { details.map { "\(message)\n\($0)" } ?? message }
}

/// Thrown by a step that is written but not implemented yet (reported as pending).
public struct PendingStep: Error, Sendable {
    public var message: String
    public init(_ message: String = "TODO: implement me") { self.message = message }
}

/// Thrown by a step or hook that decides not to run (reported as skipped, with the steps
/// after it).
public struct SkippedStep: Error, Sendable {
    public var message: String?
    public init(_ message: String? = nil) { self.message = message }
}
