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

    /// An environment on `simulator` whose displays `displays` counts: a built-in
    /// simulator's, or a `--target`'s.
    private static func environment(
        on simulator: RunningSimulator, builtIn: Bool, _ displays: Displays
    ) async throws -> QAEnvironment {
        try await QAEnvironment.connect(
            to: simulator.webSocketBase, openChannel: Self.opener(displays), resetTimeout: .seconds(5),
            stopSimulator: builtIn ? { @Sendable in } : nil)
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

    @Test("a built-in simulator's worker opens one display for all its scenarios, each on the reset state")
    func oneDisplayForTheWorker() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let displays = Displays()
        let environment = try await Self.environment(on: simulator, builtIn: true, displays)
        try await Self.scenarios(environment, rounds: 20)
        #expect(await displays.cuts.count == 1)
        await environment.shutdown()
    }

    @Test("a kept display found lost is replaced by a new one, on the reset state")
    func lostDisplayIsReplaced() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let displays = Displays()
        let environment = try await Self.environment(on: simulator, builtIn: true, displays)
        try await Self.scenarios(environment, rounds: 3) { await displays.cuts.last?.cut() }
        #expect(await displays.cuts.count == 3)
        await environment.shutdown()
    }

    @Test("a --target's scenario opens a display of its own")
    func targetOpensADisplayEachScenario() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let displays = Displays()
        let environment = try await Self.environment(on: simulator, builtIn: false, displays)
        try await Self.scenarios(environment, rounds: 3)
        #expect(await displays.cuts.count == 3)
        await environment.shutdown()
    }
}
