import StepInterface

extension StepFailure {
    /// `error` as a step failure in its own words (`timed out waiting for the handshake
    /// response`), without the Swift type name the runner would put before an error it
    /// does not know (`WebSocketClientError: …`): the library's errors all word themselves.
    /// A failure, a pending step and a cancellation pass through unchanged. `what`: what
    /// went wrong, said first (`the display at ws://…/display did not open: …`).
    static func plain(_ error: any Error, after what: String? = nil) -> any Error {
        switch error {
        case is StepFailure, is PendingStep, is CancellationError: error
        default: StepFailure(.error, what.map { "\($0): \(error)" } ?? "\(error)")
        }
    }
}
