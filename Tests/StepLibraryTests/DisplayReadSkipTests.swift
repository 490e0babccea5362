import Testing

@testable import StepLibrary

@Suite("A built-in simulator's display is read only when a request may have changed it")
struct DisplayReadSkipTests {
    @Test("a drain with no request since the socket was found empty does not read it")
    func skipsUntilARequest() async throws {
        let channel = FakeChannel()
        await channel.push(#"<main data-screen="welcome"></main>"#)
        let requests = EndpointUsage()
        let watcher = DisplayWatcher(channel: channel, requests: requests)
        // The first drain always reads: the snapshot sent on connecting.
        try await watcher.drain()
        #expect(watcher.count == 1)
        let readsAfterFirst = await channel.reads
        try await watcher.drain()
        _ = await watcher.drainedCount()
        #expect(await channel.reads == readsAfterFirst)

        // A request may cause a snapshot: the next drain reads and finds it.
        requests.mark(.register)
        await channel.push(#"<main data-screen="cart"></main>"#)
        try await watcher.drain()
        #expect(await channel.reads > readsAfterFirst)
        #expect(watcher.latest()?.screen == "cart")
    }

    @Test("a snapshot that arrives outside a drain makes the next drain read again")
    func readsAfterAReceive() async throws {
        let channel = FakeChannel()
        await channel.push(#"<main data-screen="welcome"></main>"#)
        let watcher = DisplayWatcher(channel: channel, requests: EndpointUsage())
        try await watcher.drain()
        // Two snapshots with no counted request (a target's own push, a late one): the
        // wait receives the first, and must not take the drain after it as empty.
        await channel.push(#"<main data-screen="cart"></main>"#)
        await channel.push(#"<main data-screen="payment"></main>"#)
        try await watcher.waitForSnapshots(2, timeout: .seconds(30))
        #expect(watcher.count == 3)
        #expect(watcher.latest()?.screen == "payment")
    }

    @Test("without a counter (a --target) every drain reads")
    func targetAlwaysReads() async throws {
        let channel = FakeChannel()
        let watcher = DisplayWatcher(channel: channel, requests: nil)
        try await watcher.drain()
        let reads = await channel.reads
        await channel.push(#"<main data-screen="cart"></main>"#)
        try await watcher.drain()
        #expect(await channel.reads > reads)
        #expect(watcher.latest()?.screen == "cart")
    }
}
