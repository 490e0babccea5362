/// One open WebSocket to the simulator, as the step library needs it: text messages in
/// both directions, a receive that gives up after a limit, and a close.
///
/// The production channel is the Transport WebSocket client; tests may provide an
/// in-process one. Implementations must let one task send while another receives.
public protocol MessageChannel: Sendable {
    /// Sends one text message.
    func send(_ text: String) async throws
    /// The next text message, waiting at most `timeout` (`.zero`: only what has already
    /// arrived); nil when none arrived in time. Throws when the connection is closed.
    func receive(timeout: Duration) async throws -> String?
    /// Every text message that has already arrived, in order, without waiting (empty when
    /// none has). Throws when the connection is closed and nothing is left.
    func receiveAvailable() async throws -> [String]
    /// Closes the connection (without waiting for the peer longer than necessary).
    func close() async
}

extension MessageChannel {
    /// One `receive(timeout: .zero)` after another, for channels with nothing quicker.
    public func receiveAvailable() async throws -> [String] {
        var messages: [String] = []
        while let text = try await receive(timeout: .zero) { messages.append(text) }
        return messages
    }
}

/// Opens a WebSocket to a full URL such as `ws://127.0.0.1:8080/register`.
public typealias ChannelOpener = @Sendable (_ url: String) async throws -> any MessageChannel
