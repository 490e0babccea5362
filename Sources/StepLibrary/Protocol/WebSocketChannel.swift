import Transport

/// A `MessageChannel` over the Transport WebSocket client: what the step library uses
/// against the built-in simulator and any `--target`.
public struct WebSocketChannel: MessageChannel {
    private let client: WebSocketClient

    public init(client: WebSocketClient) { self.client = client }

    /// Connects to `url` (`ws://host:port/path`), handshake included, within `timeout`.
    public static func open(_ url: String, timeout: Duration = .seconds(5)) async throws -> WebSocketChannel {
        WebSocketChannel(client: try await WebSocketClient.connect(to: url, timeout: timeout))
    }

    /// The production `ChannelOpener`: `dial` makes the TCP connection ahead of the
    /// handshake.
    public static let opener = ChannelOpener(
        open: { url in try await open(url) },
        dial: { url in PendingWebSocketChannel(dial: try await WebSocketClient.dial(to: url)) })

    nonisolated(nonsending) public func send(_ text: String) async throws { try client.send(text: text) }

    /// The frames in one write (`WebSocketClient.send(texts:)`).
    nonisolated(nonsending) public func sendAll(_ texts: [String]) async throws { try client.send(texts: texts) }

    nonisolated(nonsending) public func receive(timeout: Duration) async throws -> String? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let remaining = max(ContinuousClock.now.duration(to: deadline), .zero)
            guard let message = try await client.receive(timeout: remaining) else { return nil }
            // The protocol only sends text; a binary message is not part of it and is skipped.
            if let text = message.text { return text }
        }
    }

    /// One read of the socket for everything already there, instead of a `receive` per
    /// message and a last one to learn that nothing more has come.
    nonisolated(nonsending) public func receiveAvailable() async throws -> [String] {
        try client.receiveAvailable().compactMap(\.text)
    }

    /// Sends the close frame and closes the socket without waiting for the echo: nothing
    /// more is expected on a connection the library is done with.
    nonisolated(nonsending) public func close() async { await client.close(timeout: .zero) }
}

/// A TCP connection to the simulator whose WebSocket handshake is still to be sent.
struct PendingWebSocketChannel: PendingChannel {
    let dial: WebSocketDial

    func open() async throws -> any MessageChannel {
        WebSocketChannel(client: try await dial.handshake())
    }
}
