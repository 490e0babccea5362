import Transport

/// A `MessageChannel` over the Transport WebSocket client: what the step library uses
/// against the built-in simulator and any `--target`.
struct WebSocketChannel: MessageChannel {
    let client: WebSocketClient

    /// Connects to `url` (`ws://host:port/path`), handshake included, within five seconds.
    static func open(_ url: String) async throws -> WebSocketChannel {
        WebSocketChannel(client: try await WebSocketClient.connect(to: url, timeout: .seconds(5)))
    }

    /// The production `ChannelOpener`: `dial` makes the TCP connection ahead of the
    /// handshake.
    static let opener = ChannelOpener(
        open: { url in try await open(url) },
        dial: { url in PendingWebSocketChannel(dial: try await WebSocketClient.dial(to: url)) })

    nonisolated(nonsending) func send(_ text: String) async throws { try client.send(text: text) }

    /// The frames in one write (`WebSocketClient.send(texts:)`).
    nonisolated(nonsending) func sendAll(_ texts: [String]) async throws { try client.send(texts: texts) }

    /// A binary message, which protocol.md never sends (its responses and snapshots are
    /// text): the register at the other end does not speak it, and is told so.
    struct BinaryMessage: Error, CustomStringConvertible {
        let url: String
        let count: Int
        var description: String {
            "\(url) sent a binary message (\(count) bytes): protocol.md's responses and snapshots are text"
        }
    }

    nonisolated(nonsending) func receive(timeout: Duration) async throws -> String? {
        guard let message = try await client.receive(timeout: timeout) else { return nil }
        return try text(of: message)
    }

    /// One read of the socket for everything already there, instead of a `receive` per
    /// message and a last one to learn that nothing more has come.
    nonisolated(nonsending) func receiveAvailable() async throws -> [String] {
        try client.receiveAvailable().map(text(of:))
    }

    private func text(of message: WebSocketMessage) throws -> String {
        switch message {
        case .text(let text): return text
        case .binary(let bytes): throw BinaryMessage(url: client.url.description, count: bytes.count)
        }
    }

    /// Sends the close frame and closes the socket without waiting for the echo: nothing
    /// more is expected on a connection the library is done with.
    nonisolated(nonsending) func close() async { await client.close(timeout: .zero) }

    func openingHeader(_ name: String) -> String? { client.openingHeaders[name] }
}

/// A TCP connection to the simulator whose WebSocket handshake is still to be sent.
struct PendingWebSocketChannel: PendingChannel {
    let dial: WebSocketDial

    func announce() async throws { try await dial.sendRequest() }

    func open() async throws -> any MessageChannel {
        WebSocketChannel(client: try await dial.handshake())
    }
}
