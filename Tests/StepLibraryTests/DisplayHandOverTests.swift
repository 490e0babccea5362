import SimulatorServer
import Synchronization
import TestSupport
import Testing
import Wire

@testable import StepLibrary

/// A built-in simulator's worker keeps one display connection for all its scenarios: each
/// scenario's display starts on the reset state, and a connection found lost is replaced.
/// A `--target`'s scenario opens a display of its own.
@Suite("The display handed from scenario to scenario")
struct DisplayHandOverTests {
    /// A switch a test turns off to make a channel act as one its peer closed.
    final class Cut: Sendable {
        private let state = Mutex(false)
        func cut() { state.withLock { $0 = true } }
        var isCut: Bool { state.withLock { $0 } }
    }

    struct Closed: Error {}

    /// The real channel, failing every read and send once `cut`.
    struct CuttableChannel: MessageChannel {
        let inner: any MessageChannel
        let cut: Cut

        func send(_ text: String) async throws {
            guard !cut.isCut else { throw Closed() }
            try await inner.send(text)
        }
        func receive(timeout: Duration) async throws -> String? {
            guard !cut.isCut else { throw Closed() }
            return try await inner.receive(timeout: timeout)
        }
        func receiveAvailable() async throws -> [String] {
            guard !cut.isCut else { throw Closed() }
            return try await inner.receiveAvailable()
        }
        func close() async { await inner.close() }
        func openingHeader(_ name: String) -> String? { inner.openingHeader(name) }
    }

    /// The display channels an environment opened, each with its switch.
    actor Displays {
        private(set) var cuts: [Cut] = []
        func add(_ cut: Cut) { cuts.append(cut) }
    }

    struct CountedPending: PendingChannel {
        let inner: any PendingChannel
        let wrap: @Sendable (any MessageChannel) async -> any MessageChannel
        func announce() async throws { try await inner.announce() }
        func open() async throws -> any MessageChannel { await wrap(try await inner.open()) }
    }

    /// The real opener, counting the displays it opens and making each cuttable.
    static func opener(_ displays: Displays) -> ChannelOpener {
        let wrap: @Sendable (String, any MessageChannel) async -> any MessageChannel = { url, channel in
            guard url.contains("/display") else { return channel }
            let cut = Cut()
            await displays.add(cut)
            return CuttableChannel(inner: channel, cut: cut)
        }
        return ChannelOpener(
            open: { url in await wrap(url, try await WebSocketChannel.open(url)) },
            dial: { url in
                CountedPending(inner: try await WebSocketChannel.opener.dial(url)) { await wrap(url, $0) }
            })
    }

    /// The display's snapshots after a drain, and the last one's screen (read on the
    /// world's executor, which owns the display).
    private static func opening(_ world: isolated QAWorld) async throws -> (count: Int, screen: String?) {
        try await world.display.drain()
        return (world.display.count, world.display.latest()?.screen)
    }

    /// Runs `rounds` scenarios, each checking that its display opens on the reset state
    /// (one snapshot, the welcome screen, numbered) and leaving the cart full for the next
    /// round's reset; `between` runs after each.
    private static func scenarios(
        _ environment: QAEnvironment, rounds: Int, between: () async -> Void = {}
    ) async throws {
        for round in 0..<rounds {
            let world = try #require(try await environment.makeWorld() as? QAWorld)
            let opening = try await Self.opening(world)
            #expect(opening.count == 1, "round \(round)")
            #expect(opening.screen == "welcome", "round \(round)")
            _ = try await world.query(
                .register(.addItem), [("name", .string("Tea")), ("price", 300)], timeout: .seconds(5))
            await environment.discard(world)
            await between()
        }
    }

    /// How many displays a worker opens for `rounds` scenarios (`scenarios`) on a fresh
    /// simulator: a built-in simulator's worker, or a `--target`'s.
    private static func displaysOpened(
        builtIn: Bool, rounds: Int, cutting: Bool = false
    ) async throws -> Int {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let displays = Displays()
        let environment = try await QAEnvironment(
            connectingTo: simulator.webSocketBase, openChannel: Self.opener(displays), resetTimeout: .seconds(5),
            stopSimulator: builtIn ? { @Sendable in } : nil)
        try await Self.scenarios(environment, rounds: rounds) {
            if cutting { await displays.cuts.last?.cut() }
        }
        await environment.shutdown()
        return await displays.cuts.count
    }

    @Test("a built-in simulator's worker opens one display for all its scenarios, each on the reset state")
    func oneDisplayForTheWorker() async throws {
        #expect(try await Self.displaysOpened(builtIn: true, rounds: 20) == 1)
    }

    @Test("a kept display found lost is replaced by a new one, on the reset state")
    func lostDisplayIsReplaced() async throws {
        #expect(try await Self.displaysOpened(builtIn: true, rounds: 3, cutting: true) == 3)
    }

    @Test("a --target's scenario opens a display of its own")
    func targetOpensADisplayEachScenario() async throws {
        #expect(try await Self.displaysOpened(builtIn: false, rounds: 3) == 3)
    }
}
