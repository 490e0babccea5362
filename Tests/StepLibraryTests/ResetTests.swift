import Foundation
import SimulatorServer
import TestSupport
import Testing
import Wire

@testable import SpecRunner
@testable import StepLibrary

/// What each scenario's world starts from: a reset register and calendar. A built-in
/// simulator serves one worker, so an endpoint no request reached since its last reset is
/// not reset again; a `--target` is reset in full every time.
@Suite("Resets between scenarios")
struct ResetTests {
    /// The real channel, noting the action of every request sent on it, by URL path.
    actor RequestLog {
        private(set) var actions: [String: [String]] = [:]

        func note(_ text: String, on url: String) {
            // The built-in simulator's endpoints are opened with a query (`NumberedSnapshots`).
            let path = String(url.split(separator: "?")[0].split(separator: "/").last ?? "")
            let action = (try? JSONParser.parse(text))?["action"]?.stringValue ?? "?"
            actions[path, default: []].append(action)
        }

        func take() -> [String: [String]] {
            defer { actions = [:] }
            return actions
        }
    }

    struct LoggingChannel: MessageChannel {
        let inner: any MessageChannel
        let url: String
        let log: RequestLog

        func send(_ text: String) async throws {
            await log.note(text, on: url)
            try await inner.send(text)
        }
        func receive(timeout: Duration) async throws -> String? { try await inner.receive(timeout: timeout) }
        func receiveAvailable() async throws -> [String] { try await inner.receiveAvailable() }
        func close() async { await inner.close() }
    }

    static func environment(
        builtIn: Bool, log: RequestLog, simulator: RunningSimulator
    ) async throws -> QAEnvironment {
        try await QAEnvironment(
            connectingTo: simulator.webSocketBase,
            openChannel: ChannelOpener { url in
                LoggingChannel(inner: try await WebSocketChannel.open(url), url: url, log: log)
            },
            resetTimeout: .seconds(2), stopSimulator: builtIn ? { @Sendable in } : nil)
    }

    /// The message of the step failure `makeWorld` ends with; nil when it made a world.
    static func setupFailure(_ environment: QAEnvironment) async throws -> String? {
        do {
            _ = try await environment.makeWorld()
            return nil
        } catch let failure as StepFailure {
            return failure.message
        }
    }

    static func world(_ environment: QAEnvironment) async throws -> QAWorld {
        try #require(try await environment.makeWorld() as? QAWorld)
    }

    @Test("a built-in simulator's calendar is reset only after a scenario that used it")
    func lazyCalendarReset() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let log = RequestLog()
        let environment = try await Self.environment(builtIn: true, log: log, simulator: simulator)

        // The first scenario knows nothing of the simulator's state: both are reset.
        var world = try await Self.world(environment)
        #expect(await log.take() == ["register": ["reset"], "calendar": ["reset"]])
        _ = try await world.send(.register(.getState), timeout: .seconds(2))
        await environment.discard(world)

        // Only the register was used: only the register is reset.
        world = try await Self.world(environment)
        #expect(await log.take() == ["register": ["getState", "reset"]])
        _ = try await world.send(
            .calendar(.setStaff), [("staff", .array([.object(["name": "Aoi"])]))], timeout: .seconds(2))
        await environment.discard(world)

        // A calendar request may change the register too (checking out a reservation):
        // both are reset, and the staff the previous scenario set are gone.
        world = try await Self.world(environment)
        #expect(await log.take() == ["calendar": ["setStaff", "reset"], "register": ["reset"]])
        let state = try await world.query(.calendar(.getState), timeout: .seconds(2))
        #expect(state.state["staff"]?.arrayValue?.isEmpty == true, "\(state.state)")
        await environment.discard(world)
        await environment.shutdown()
    }

    /// How many snapshots the world's display holds after a drain, and the last one's
    /// screen (read on the world's executor, which owns the display).
    private static func openingSnapshots(_ world: isolated QAWorld) async throws -> (count: Int, screen: String?) {
        try await world.display.drain()
        return (world.display.count, world.display.latest()?.screen)
    }

    @Test("the display dialled during the resets opens on the reset state, with one snapshot")
    func displayOpensAfterResets() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let environment = try await QAEnvironment(
            connectingTo: simulator.webSocketBase, openChannel: WebSocketChannel.opener, resetTimeout: .seconds(2),
            stopSimulator: { @Sendable in })
        for round in 0..<20 {
            let world = try await Self.world(environment)
            let opening = try await Self.openingSnapshots(world)
            #expect(opening.count == 1, "round \(round)")
            #expect(opening.screen == "welcome", "round \(round)")
            // Leave the register on another screen for the next round's reset to undo.
            _ = try await world.query(
                .register(.addItem), [("name", .string("Tea")), ("price", 300)], timeout: .seconds(2))
            await environment.discard(world)
        }
        await environment.shutdown()
    }

    /// The channels an environment opened, and how many.
    actor Opened {
        private(set) var count = 0
        private(set) var channels: [FakeChannel] = []
        func add(_ channel: FakeChannel) {
            count += 1
            channels.append(channel)
        }
    }

    @Test("a register that does not answer its reset fails the setup at once; a lost connection is made again")
    func frozenRegister() async throws {
        let opened = Opened()
        let environment = try await QAEnvironment(
            connectingTo: "ws://127.0.0.1:9",
            openChannel: ChannelOpener { _ in
                let channel = FakeChannel()  // answers nothing: a frozen register
                await opened.add(channel)
                return channel
            },
            resetTimeout: .milliseconds(200))
        #expect(await opened.count == 2, "/register and /calendar")
        #expect(
            try await Self.setupFailure(environment)
                == "the register at ws://127.0.0.1:9 could not be reset for the scenario: no response to \"reset\""
                + " within 0.2 seconds, the limit --timeout sets")
        // One limit, not one more per reconnect: no new connection is made to a register
        // that is connected but silent.
        #expect(await opened.count == 2)
        // A connection the register closed is made again before the setup gives up.
        for channel in await opened.channels { await channel.closeFromPeer() }
        _ = try? await environment.makeWorld()
        let reopened = await opened.count
        #expect(reopened >= 4, "/register and /calendar again: \(reopened)")
        await environment.shutdown()
    }

    @Test("a register restarted between scenarios is connected again: the next scenario runs")
    func restartedRegister() async throws {
        let first = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        let port = first.port
        let environment = try await QAEnvironment(
            connectingTo: first.webSocketBase, openChannel: WebSocketChannel.opener, resetTimeout: .seconds(20))
        await environment.discard(try await Self.world(environment))
        first.stop()
        // Back on the same port a moment later, as `spec-run simulate` restarted by hand; on
        // a thread of its own, so that a busy cooperative pool cannot hold it back.
        let second = LockedBox<RunningSimulator?>(nil)
        let restart = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            second.withLock { $0 = try? SimulatorServer.start(host: "127.0.0.1", port: port) }
        }
        restart.start()
        let world = try await Self.world(environment)
        #expect(second.withLock { $0 } != nil)
        await environment.discard(world)
        await environment.shutdown()
        second.withLock { $0?.stop() }
    }

    @Test("a --target without /calendar: the register runs and is reset; a calendar request fails saying why")
    func targetWithoutCalendar() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        struct NotFound: Error, CustomStringConvertible {
            var description: String { "the server answered 404 Not Found" }
        }
        let log = RequestLog()
        let environment = try await QAEnvironment(
            connectingTo: simulator.webSocketBase,
            openChannel: ChannelOpener { url in
                if url.hasSuffix("/calendar") { throw NotFound() }
                return LoggingChannel(inner: try await WebSocketChannel.open(url), url: url, log: log)
            },
            resetTimeout: .seconds(5))
        let world = try await Self.world(environment)
        #expect(await log.take() == ["register": ["reset"]], "the register is reset, the missing calendar is not")
        let register = try await world.send(.register(.getState), timeout: .seconds(5))
        #expect(register.isOK)
        do {
            _ = try await world.send(.calendar(.getState), timeout: .seconds(5))
            Issue.record("a calendar request against a register without /calendar")
        } catch let failure as StepFailure {
            #expect(
                failure.message.hasPrefix("the register at \(simulator.webSocketBase) has no /calendar endpoint ("),
                "\(failure.message)")
            #expect(failure.message.hasSuffix(": the calendar's steps cannot run against it"), "\(failure.message)")
        }
        await environment.discard(world)
        await environment.shutdown()
    }

    @Test("a --target whose display sends no first snapshot fails the scenario's setup at the reset limit")
    func silentDisplay() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let environment = try await QAEnvironment(
            connectingTo: simulator.webSocketBase,
            openChannel: ChannelOpener { url in
                // The display opens but stays silent; the rest is the real simulator.
                if url.hasSuffix("/display") { return FakeChannel() }
                return try await WebSocketChannel.open(url)
            },
            resetTimeout: .milliseconds(300))
        #expect(
            try await Self.setupFailure(environment)
                == "the display at \(simulator.webSocketBase)/display sent no snapshot within 0.3 seconds of"
                + " connecting: protocol.md says a display receives the current snapshot at once")
        await environment.shutdown()
    }

    @Test("a --target is reset in full before every scenario, used or not")
    func targetAlwaysReset() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let log = RequestLog()
        let environment = try await Self.environment(builtIn: false, log: log, simulator: simulator)
        for _ in 0..<3 {
            let world = try await Self.world(environment)
            #expect(await log.take() == ["register": ["reset"], "calendar": ["reset"]])
            await environment.discard(world)
        }
        await environment.shutdown()
    }
}
