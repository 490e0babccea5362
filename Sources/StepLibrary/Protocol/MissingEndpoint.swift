import StepInterface

/// A `--target`'s endpoint that could not be opened (a register build without `/calendar`,
/// answering 404): the channel every calendar step then uses, failing each with why, so
/// that the register's and the display's scenarios still run against it.
struct MissingEndpoint: MessageChannel {
    /// `the register at ws://HOST:PORT has no /calendar endpoint (…)`.
    let reason: String

    nonisolated(nonsending) func send(_ text: String) async throws {
        throw StepFailure(.error, reason + ": the calendar's steps cannot run against it")
    }

    nonisolated(nonsending) func receive(timeout: Duration) async throws -> String? {
        throw StepFailure(.error, reason)
    }

    nonisolated(nonsending) func receiveAvailable() async throws -> [String] { [] }

    nonisolated(nonsending) func close() async {}
}
