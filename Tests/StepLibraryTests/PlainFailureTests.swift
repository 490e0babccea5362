import Testing
import Transport

@testable import SpecRunner
@testable import StepLibrary

/// What QA reads when the connection, not the register, fails a step: the error's own
/// words, not a Swift type name before them.
@Suite("Plain failures")
struct PlainFailureTests {
    @Test("a transport error becomes a step failure in its own words")
    func transportError() throws {
        let error = StepFailure.plain(WebSocketClientError.timedOut("waiting for the handshake response"))
        let failure = try #require(error as? StepFailure)
        #expect(failure.kind == .error)
        #expect(failure.message == "timed out waiting for the handshake response")
    }

    @Test("a failure, a pending step and a cancellation pass through unchanged")
    func passThrough() {
        #expect((StepFailure.plain(StepFailure(.assertion, "no")) as? StepFailure)?.kind == .assertion)
        #expect(StepFailure.plain(PendingStep("later")) is PendingStep)
        #expect(StepFailure.plain(CancellationError()) is CancellationError)
    }
}
