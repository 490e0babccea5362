import SimulatorServer
import Testing
import Wire

@testable import SpecRunner
@testable import StepLibrary

/// What the wire sees: each request as it is sent and each answer as it is read, in order.
@Suite("The request pipeline, on the wire")
struct RequestPipelineOrderTests {
    actor Wire {
        private(set) var events: [String] = []
        func note(_ event: String) { events.append(event) }
    }

    /// Notes `→ endpoint action` for each request and `← endpoint` for each answer read.
    struct NotingChannel: MessageChannel {
        let inner: any MessageChannel
        let endpoint: String
        let wire: Wire

        func send(_ text: String) async throws {
            let action = text.firstMatch(of: /"action":"([A-Za-z]+)"/).map { String($0.1) } ?? text
            await wire.note("→ \(endpoint) \(action)")
            try await inner.send(text)
        }
        func receive(timeout: Duration) async throws -> String? {
            let text = try await inner.receive(timeout: timeout)
            if text != nil { await wire.note("← \(endpoint)") }
            return text
        }
        func receiveAvailable() async throws -> [String] { try await inner.receiveAvailable() }
        func close() async { await inner.close() }
    }

    /// A simulator and a world on it whose `/register` and `/calendar` note what they
    /// carry; `asTarget`: reached as a `--target` (no pipeline).
    static func world(
        _ simulator: RunningSimulator, wire: Wire, asTarget: Bool = false
    ) async throws -> (QAEnvironment, QAWorld) {
        let environment = try await QAEnvironment(
            connectingTo: simulator.webSocketBase,
            openChannel: ChannelOpener { url in
                let inner = try await WebSocketChannel.open(url)
                let path = url.split(separator: "?")[0]
                guard let endpoint = ["register", "calendar"].first(where: { path.hasSuffix("/" + $0) }) else {
                    return inner
                }
                return NotingChannel(inner: inner, endpoint: endpoint, wire: wire)
            },
            resetTimeout: .seconds(5), stopSimulator: asTarget ? nil : { @Sendable in })
        let world = try #require(try await environment.makeWorld() as? QAWorld)
        let catalog = JSONValue.array([.object(["name": "Latte", "price": 500])])
        _ = try await world.send(.register(.setCatalog), [("products", catalog)], timeout: .seconds(5))
        return (environment, world)
    }

    /// Starts step `index` the way `StepBook` does: a plain action (with how it tells a
    /// refusal), a display check, or any other step.
    static func begin(_ world: QAWorld, _ index: Int, plainAction: Bool = false, displayCheck: Bool = false)
        async throws
    {
        let context = StepContext(
            arguments: [], dataTable: nil, docString: nil, world: world, text: "step \(index)", keyword: "",
            location: SourceLine(uri: "test.feature", line: index + 1), timeout: .seconds(5), index: index)
        let verdict: RequestPipeline.Verdict? = plainAction ? { @Sendable (_: isolated QAWorld) in } : nil
        try await world.beginStep(context, .en, group: .register, verdict: verdict, displayCheck: displayCheck)
    }

    static func addLatte(_ world: QAWorld) async throws -> ActionOutcome {
        try await world.perform(.register(.addItem), [("name", .string("Latte"))], timeout: .seconds(5))
    }

    @Test("a run of actions goes out before its first answer is read, a display check too; a checkout waits")
    func pipelinedWithinAConnection() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let wire = Wire()
        let (environment, world) = try await Self.world(simulator, wire: wire)
        _ = try await world.send(
            .calendar(.setStaff), [("staff", .array([.object(["name": "Aoi"])]))], timeout: .seconds(5))
        let menu = JSONValue.array([.object(["name": "Cut", "price": 4000])])
        _ = try await world.send(
            .calendar(.book),
            [
                ("reservation", .string("R1")), ("staff", .string("Aoi")), ("start", .string("10:00")),
                ("end", .string("11:00")), ("menu", menu),
            ], timeout: .seconds(5))
        let start = await wire.events.count
        for index in 0..<2 {
            try await Self.begin(world, index, plainAction: true)
            #expect(try await Self.addLatte(world) == .succeeded)
        }
        // A display check reads nothing: it is made once the answers are read.
        try await Self.begin(world, 2, displayCheck: true)
        let madeLater = await world.checkLater(
            timeout: .seconds(5), mismatch: { $0.field("subtotal")?.amount == 1000 ? nil : "not ¥1,000" },
            judge: { problem, _, _ in problem.map { StepFailure(.assertion, $0) } })
        #expect(madeLater)
        // A calendar action that cannot reach the register goes out at once too.
        try await Self.begin(world, 3, plainAction: true)
        _ = try await world.perform(.calendar(.setService), [("mode", .string("normal"))], timeout: .seconds(5))
        // A checkout puts the menu in the cart: the register's answers are read first, so
        // the simulator takes it after the adds (protocol.md orders answers per connection).
        try await Self.begin(world, 4, plainAction: true)
        _ = try await world.perform(
            .calendar(.checkoutReservation), [("reservation", .string("R1"))], timeout: .seconds(5))
        #expect(
            await Array(wire.events.dropFirst(start))
                == [
                    "→ register addItem", "→ register addItem", "→ calendar setService", "← register", "← register",
                    "← calendar", "→ calendar checkoutReservation",
                ])
        #expect(!(await world.isSettled), "the checkout's answer is still unread")
        // A step that needs what the pipeline holds (a state check) settles it first: the
        // checkout's answer is read before its own request goes out.
        let settled = await wire.events.count
        try await Self.begin(world, 5)
        #expect(await world.isSettled)
        let cart = try await world.query(.register(.getState), timeout: .seconds(5))
        #expect(await Array(wire.events.dropFirst(settled)) == ["← calendar", "→ register getState", "← register"])
        #expect(cart.state["lines"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Latte", "Cut"])
        await environment.discard(world)
        await environment.shutdown()
    }

    @Test("on a --target every action waits for its answer at its step: nothing goes out after a refusal")
    func targetWaitsForEachAnswer() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let wire = Wire()
        let (environment, world) = try await Self.world(simulator, wire: wire, asTarget: true)
        let start = await wire.events.count
        try await Self.begin(world, 0, plainAction: true)
        #expect(try await Self.addLatte(world) == .succeeded)
        try await Self.begin(world, 1, plainAction: true)
        let refused = try await world.perform(.register(.addItem), [("name", .string("Mocha"))], timeout: .seconds(5))
        #expect(refused != .succeeded, "the refusal is known at its own step")
        #expect(
            await Array(wire.events.dropFirst(start))
                == ["→ register addItem", "← register", "→ register addItem", "← register"])
        #expect(await world.isSettled)
        await environment.discard(world)
        await environment.shutdown()
    }
}
