/// One open WebSocket to the simulator, as the step library needs it: text messages in
/// both directions, a receive that gives up after a limit, and a close. The production
/// channel is the Transport WebSocket client; tests may provide an in-process one.
///
/// The requirements are `nonisolated(nonsending)`: they run on the caller's executor (the
/// scenario's `QAWorld`), so a request costs no hop off that actor and back.
protocol MessageChannel: Sendable {
    /// Sends one text message.
    nonisolated(nonsending) func send(_ text: String) async throws
    /// Sends several text messages in order, as one write where the channel can.
    nonisolated(nonsending) func sendAll(_ texts: [String]) async throws
    /// The next text message, waiting at most `timeout` (`.zero`: only what has already
    /// arrived); nil when none arrived in time. Throws when the connection is closed.
    nonisolated(nonsending) func receive(timeout: Duration) async throws -> String?
    /// Every text message that has already arrived, in order, without waiting (empty when
    /// none has). Throws when the connection is closed and nothing is left.
    nonisolated(nonsending) func receiveAvailable() async throws -> [String]
    /// Closes the connection (without waiting for the peer longer than necessary).
    nonisolated(nonsending) func close() async
    /// The value of the header field `name` in the server's opening (101) response, if
    /// the channel has one.
    func openingHeader(_ name: String) -> String?
}

extension MessageChannel {
    /// No opening response to read, for channels that are not WebSockets.
    func openingHeader(_ name: String) -> String? { nil }

    /// One `send` after another, for channels with nothing quicker.
    nonisolated(nonsending) func sendAll(_ texts: [String]) async throws {
        for text in texts { try await send(text) }
    }

    /// One `receive(timeout: .zero)` after another, for channels with nothing quicker.
    nonisolated(nonsending) func receiveAvailable() async throws -> [String] {
        var messages: [String] = []
        while let text = try await receive(timeout: .zero) { messages.append(text) }
        return messages
    }
}

/// How the step library opens its WebSockets, to full URLs (`ws://127.0.0.1:8080/register`).
///
/// `open` connects and completes the opening handshake. `dial` makes the connection only
/// and returns what completes it later: a scenario's display is dialled while the resets
/// are under way and opened once they are answered, so it still opens after them.
struct ChannelOpener: Sendable {
    typealias Open = @Sendable (_ url: String) async throws -> any MessageChannel
    typealias Dial = @Sendable (_ url: String) async throws -> any PendingChannel

    let open: Open
    let dial: Dial

    /// Without `dial`, `dial` does nothing ahead of time and `PendingChannel.open()` does
    /// the whole opening.
    init(open: @escaping Open, dial: Dial? = nil) {
        self.open = open
        self.dial = dial ?? { url in DeferredOpening(url: url, opening: open) }
    }
}

/// A connection made ahead of its opening handshake (`ChannelOpener.dial`); dropping it
/// unopened closes it.
protocol PendingChannel: Sendable {
    /// Sends the opening request without waiting for its answer: the server hears of the
    /// WebSocket now, and `open()` only reads the answer. Channels that cannot do nothing.
    func announce() async throws
    /// Completes the opening: the server hears of the WebSocket only now, unless `announce`
    /// told it already.
    func open() async throws -> any MessageChannel
}

extension PendingChannel {
    func announce() async throws {}
}

/// The pending channel of an opener without a connection step: everything at `open()`.
private struct DeferredOpening: PendingChannel {
    let url: String
    let opening: ChannelOpener.Open

    func open() async throws -> any MessageChannel {
        try await opening(url)
    }
}
