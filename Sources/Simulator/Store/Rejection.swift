import Wire

/// Why an action was refused: a stable code for feature files and a sentence for people.
///
/// A rejected action never changes the state, so a rejection is the action's only outcome.
public struct Rejection: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stable, machine-readable reason (`invalidQuantity`, `wrongPhase`, …).
    public var code: RejectionCode
    /// A sentence a QA engineer understands, naming the offending value.
    public var message: String

    public init(_ code: RejectionCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
