import SimulatorServer
import SpecRunner
import Testing
import Wire

@testable import StepLibrary

/// Plain actions on a speculative world leave their answers for the next step that looks
/// (`DeferredAnswers`, docs/steps.md "Answers read later"), against the real simulator.
/// A refusal then shows up later than its step, and the world says it missed: the runner
/// runs such a scenario again on an exact world (SpecRunnerTests' SpeculationTests).
@Suite("Answers read later", .serialized)
struct DeferredAnswerTests {
    static let catalog = """
        Given the catalog:
          | name  | price |
          | Latte | 500   |
        """

    /// Runs `text` on a speculative world, then on an exact one.
    func both(_ text: String) async throws -> (speculative: ScenarioDriver.Outcome, exact: ScenarioDriver.Outcome) {
        let driver = try await ScenarioDriver.start()
        defer { Task { await driver.stop() } }
        let speculative = try await driver.run(Self.catalog + "\n" + text, speculative: true)
        let exact = try await driver.run(Self.catalog + "\n" + text)
        return (speculative, exact)
    }

    @Test("a refused action in a run is read at the next step that looks; the exact world fails at the action")
    func refusalReadLater() async throws {
        let (speculative, exact) = try await both(
            """
            When I add "Latte" to the cart
            And I add "Mocha" to the cart
            And I add 2 "Latte" to the cart
            Then the display received 2 updates
            """)
        // The refused action passed: its answer was not read at its step.
        let late = try #require(speculative.failedStep)
        #expect(late.text == "the display received 2 updates")
        #expect(late.failure.kind == .rejected)
        #expect(late.failure.message.contains(#"an earlier step's "addItem" was rejected with "unknownProduct""#))
        #expect(speculative.speculationMissed)

        let atOnce = try #require(exact.failedStep)
        #expect(atOnce.text == #"I add "Mocha" to the cart"#)
        #expect(atOnce.failure.message.hasPrefix(#"rejected with "unknownProduct""#))
        #expect(!exact.speculationMissed)
    }

    @Test("a display check with answers unread is made once they are read, against the snapshot right after them")
    func displayCheckMadeLater() async throws {
        // Each check passes on the snapshot after the actions before it, and on no later
        // one: made against the latest snapshot, the first would fail and the second pass.
        let (speculative, exact) = try await both(
            """
            When I add 2 "Latte" to the cart
            Then the display shows subtotal ¥1,000
            And the display shows the cart screen
            When I add "Latte" to the cart
            Then the display shows subtotal ¥1,500
            """)
        #expect(speculative.passed, "\(String(describing: speculative.failedStep))")
        #expect(!speculative.speculationMissed)
        #expect(exact.passed)

        // Right after a later snapshot, wrong after its own: the exact world fails it, and
        // the speculative attempt misses, so that failure is what the runner reports.
        let (early, exactEarly) = try await both(
            """
            When I add 2 "Latte" to the cart
            Then the display shows subtotal ¥1,500
            When I add "Latte" to the cart
            """)
        #expect(early.speculationMissed)
        #expect(exactEarly.failedStep?.text == "the display shows subtotal ¥1,500")
        #expect(exactEarly.failedStep?.failure.message.contains("subtotal is ¥1,000") == true)
    }

    @Test("calendar actions between register actions and display checks wait for nothing, and change nothing")
    func calendarBetween() async throws {
        let (speculative, exact) = try await both(
            """
            When I add "Latte" to the cart
            Given the staff:
              | name |
              | Aoi  |
            Then the display shows subtotal ¥500
            When I add "Latte" to the cart
            And the reservations:
              | id | staff | start | end   |
              | R1 | Aoi   | 10:00 | 11:00 |
            Then the display shows subtotal ¥1,000
            And reservation "R1" is drawn at x 1200 with width 120
            """)
        #expect(speculative.passed, "\(String(describing: speculative.failedStep))")
        #expect(!speculative.speculationMissed)
        #expect(exact.passed)
    }

    @Test("a display check made later does not hide a refusal: the after hook reads it, and the attempt missed")
    func displayCheckLaterThenRefusal() async throws {
        let (speculative, exact) = try await both(
            """
            When I add "Latte" to the cart
            And I add "Mocha" to the cart
            Then the display shows subtotal ¥500
            """)
        #expect(speculative.hookFailure?.message.contains(#""addItem" was rejected with "unknownProduct""#) == true)
        #expect(speculative.speculationMissed)
        #expect(exact.failedStep?.text == #"I add "Mocha" to the cart"#)
    }

    @Test("answers left at the scenario's end are read by the after hook")
    func readAtTheEnd() async throws {
        let (speculative, exact) = try await both(
            """
            When I add "Latte" to the cart
            And I start checkout
            And I apply 100 points
            """)
        #expect(speculative.failedStep == nil)
        #expect(speculative.hookFailure?.message.contains(#""applyPoints" was rejected with "noMember""#) == true)
        #expect(speculative.speculationMissed)
        #expect(exact.failedStep?.text == "I apply 100 points")
    }

    @Test("accepted actions, register and calendar, pass speculatively with nothing missed")
    func acceptedRun() async throws {
        let (speculative, exact) = try await both(
            """
            When I add "Latte" to the cart
            And I add 2 "Latte" to the cart
            And I set a cart discount of 10%
            Then the display shows subtotal ¥1,500
            And the display shows discount ¥150
            And the display received 3 updates
            Given the calendar metrics are hour width 60, item height 40, padding 4
            And the staff:
              | name |
              | Aoi  |
            And the reservations:
              | id | staff | start | end   |
              | R1 | Aoi   | 10:00 | 11:00 |
              | R2 | Aoi   | 11:00 | 11:30 |
            Then reservation "R2" is drawn at x 660 with width 30
            """)
        #expect(speculative.passed, "\(String(describing: speculative.failedStep))")
        #expect(!speculative.speculationMissed)
        #expect(exact.passed)
    }

    @Test("a refused table row of a deferred booking table is found, and the attempt missed")
    func refusedRow() async throws {
        let (speculative, exact) = try await both(
            """
            Given the staff:
              | name |
              | Aoi  |
            And the reservations:
              | id | staff | start | end   |
              | R1 | Aoi   | 10:00 | 11:00 |
              | R2 | Ren   | 10:30 | 11:30 |
            Then reservation "R1" is drawn at x 0 with width 120
            """)
        #expect(speculative.failedStep?.failure.message.contains(#""book" was rejected"#) == true)
        #expect(speculative.speculationMissed)
        #expect(exact.failedStep?.text == "the reservations:")
        #expect(exact.failedStep?.failure.message.contains("R2") == true, "\(String(describing: exact.failedStep))")
    }

    @Test("`the display was not updated` after a run of actions is told by the snapshots' numbers")
    func notUpdatedAfterARun() async throws {
        let (speculative, exact) = try await both(
            """
            Given I add "Latte" to the cart
            When I change the quantity of "Latte" to 1
            Then the display was not updated
            """)
        #expect(speculative.passed, "\(String(describing: speculative.failedStep))")
        #expect(!speculative.speculationMissed)
        #expect(exact.passed)

        // An update since the previous step started fails both alike, and the speculative
        // attempt, with every answer read, is the one reported.
        let (updated, exactUpdated) = try await both(
            """
            Given I add "Latte" to the cart
            When I change the quantity of "Latte" to 2
            Then the display was not updated
            """)
        #expect(updated.failedStep?.text == "the display was not updated")
        #expect(!updated.speculationMissed)
        #expect(exactUpdated.failedStep?.text == "the display was not updated")
        #expect(updated.failedStep?.failure.message == exactUpdated.failedStep?.failure.message)
        #expect(updated.failedStep?.failure.details == exactUpdated.failedStep?.failure.details)
    }

    /// A `/register` connection whose resets reach the simulator late: the display opened
    /// beside them is then taken first, and is sent the state before the reset.
    struct LateResets: MessageChannel {
        let inner: any MessageChannel
        func send(_ text: String) async throws {
            guard text.contains(#""action":"reset""#) else { return try await inner.send(text) }
            // Sent later, in the background: the caller goes on and opens the display. Nothing
            // else is sent on this connection until the reset is answered.
            let inner = self.inner
            Task {
                try await Task.sleep(for: .milliseconds(30))
                try await inner.send(text)
            }
        }
        func receive(timeout: Duration) async throws -> String? { try await inner.receive(timeout: timeout) }
        func receiveAvailable() async throws -> [String] { try await inner.receiveAvailable() }
        func close() async { await inner.close() }
    }

    @Test(
        "a speculative display, opened while the resets are under way, starts from the reset state",
        arguments: [false, true])
    func displayStartsFromTheReset(lateResets: Bool) async throws {
        let opener = ChannelOpener(
            open: { url in
                let channel = try await WebSocketChannel.open(url)
                return lateResets && url.hasSuffix("/register") ? LateResets(inner: channel) : channel
            },
            dial: { url in try await WebSocketChannel.opener.dial(url) })
        let driver = try await ScenarioDriver.start(openChannel: opener)
        defer { Task { await driver.stop() } }
        // Each scenario leaves the register on the cart screen; the next one's display must
        // still start from the welcome screen, with nothing before it counted as an update,
        // whichever of its opening and the reset the simulator took first.
        for round in 1...(lateResets ? 5 : 20) {
            let outcome = try await driver.run(
                """
                Then the display shows the welcome screen
                And the display received 0 updates
                """ + "\n" + Self.catalog + """

                    When I add "Latte" to the cart
                    Then the display shows subtotal ¥500
                    And the display received 1 update
                    """, speculative: true)
            #expect(outcome.passed, "round \(round): \(String(describing: outcome.failedStep))")
            #expect(!outcome.speculationMissed)
        }
    }

    @Test("a step that fails with answers unread leaves the attempt missed")
    func failureWithAnswersUnread() async throws {
        let (speculative, _) = try await both(
            """
            When I add "Mocha" to the cart
            And the catalog:
              | name  |
              | Latte |
            """)
        #expect(speculative.failedStep?.text == "the catalog:")
        #expect(speculative.speculationMissed, "the refused add was never read")
    }
}

/// What the wire sees: each request as it is sent and each answer as it is read, in order.
@Suite("Answers read later, on the wire")
struct DeferredAnswerOrderTests {
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

    @Test("a run of actions goes out before its first answer is read, a display check too; a checkout waits")
    func pipelinedWithinAConnection() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let wire = Wire()
        let environment = try await QAEnvironment.connect(
            to: simulator.webSocketBase,
            openChannel: ChannelOpener { url in
                let inner = try await WebSocketChannel.open(url)
                let path = url.split(separator: "?")[0]
                guard let endpoint = ["register", "calendar"].first(where: { path.hasSuffix("/" + $0) }) else {
                    return inner
                }
                return NotingChannel(inner: inner, endpoint: endpoint, wire: wire)
            },
            resetTimeout: .seconds(5), stopSimulator: { @Sendable in })
        let world = try #require(try await environment.makeWorld(speculative: true) as? QAWorld)
        let catalog = JSONValue.array([.object(["name": "Latte", "price": 500])])
        _ = try await world.send(.register, "setCatalog", [("products", catalog)], timeout: .seconds(5))
        _ = try await world.send(
            .calendar, "setStaff", [("staff", .array([.object(["name": "Aoi"])]))], timeout: .seconds(5))
        let menu = JSONValue.array([.object(["name": "Cut", "price": 4000])])
        _ = try await world.send(
            .calendar, "book",
            [
                ("reservation", .string("R1")), ("staff", .string("Aoi")), ("start", .string("10:00")),
                ("end", .string("11:00")), ("menu", menu),
            ], timeout: .seconds(5))
        let start = await wire.events.count
        for action in ["addItem", "addItem"] {
            try await world.beginStep(.en, plainAction: true)
            #expect(
                try await world.perform(.register, action, [("name", .string("Latte"))], timeout: .seconds(5))
                    == .succeeded)
        }
        // A display check reads nothing: it is made once the answers are read.
        try await world.beginStep(.en, plainAction: false, displayCheck: true)
        let madeLater = await world.checkLater(timeout: .seconds(5)) {
            $0.field("subtotal")?.amount == 1000 ? nil : "not ¥1,000"
        }
        #expect(madeLater)
        // A calendar action that cannot reach the register goes out at once too.
        try await world.beginStep(.en, plainAction: true)
        _ = try await world.perform(.calendar, "setService", [("mode", .string("normal"))], timeout: .seconds(5))
        // A checkout puts the menu in the cart: the register's answers are read first, so
        // the simulator takes it after the adds (protocol.md orders answers per connection).
        try await world.beginStep(.en, plainAction: true)
        _ = try await world.perform(
            .calendar, "checkoutReservation", [("reservation", .string("R1"))], timeout: .seconds(5))
        #expect(
            await Array(wire.events.dropFirst(start))
                == [
                    "→ register addItem", "→ register addItem", "→ calendar setService", "← register", "← register",
                    "← calendar", "→ calendar checkoutReservation",
                ])
        #expect(world.speculationMissed, "the checkout's answer is still unread")
        try await world.readDeferredAnswers()
        #expect(!world.speculationMissed)
        let cart = try await world.query(.register, "getState", timeout: .seconds(5))
        #expect(cart.state["lines"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Latte", "Cut"])
        await environment.discard(world)
        await environment.shutdown()
    }
}
