@testable import StepLibrary

/// A `MessageChannel` scripted by the test: what the "server" sends is queued with
/// `push`, what the client sent is in `sent`. Receives poll the queue every millisecond
/// up to their limit (tests only; bounded by the limit).
actor FakeChannel: MessageChannel {
    private var inbox: [String] = []
    private(set) var sent: [String] = []
    /// How many times the channel was read (a drain reads until nothing is left).
    private(set) var reads = 0
    private var closed = false
    /// Answers each sent text with zero or more messages.
    private let responder: @Sendable (String) -> [String]

    struct Closed: Error {}

    init(responder: @escaping @Sendable (String) -> [String] = { _ in [] }) { self.responder = responder }

    /// Texts that arrive once a read has found the inbox empty: later than what is there
    /// now, without a timer (which a busy test process may hold up for seconds).
    private var later: [String] = []

    func push(_ text: String) { inbox.append(text) }
    func pushLater(_ texts: [String]) { later += texts }
    func closeFromPeer() { closed = true }

    func send(_ text: String) async throws {
        guard !closed else { throw Closed() }
        sent.append(text)
        inbox += responder(text)
    }

    func receive(timeout: Duration) async throws -> String? {
        reads += 1
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if inbox.isEmpty, !later.isEmpty {
                inbox = later
                later = []
                continue
            }
            if !inbox.isEmpty { return inbox.removeFirst() }
            if closed { throw Closed() }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    func close() async { closed = true }
}
