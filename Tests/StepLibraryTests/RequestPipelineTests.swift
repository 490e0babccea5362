import SimulatorServer
import Testing
import Wire

@testable import SpecRunner
@testable import StepLibrary

/// Plain actions on a built-in simulator leave their answers in the request pipeline
/// (docs/steps.md, "The request pipeline"), against the real simulator: every scenario's
/// result, failures and their messages included, is the one the steps run one by one give
/// (the same simulator reached as a `--target`, whose actions wait for each answer).
@Suite("The request pipeline", .serialized)
struct RequestPipelineTests {
    static let catalog = """
        Given the catalog:
          | name  | price |
          | Latte | 500   |
        """

    /// The steps' limit: an unread answer must come within it of its request's sending, so
    /// a limit a loaded machine can overrun (the whole suite runs beside the others) would
    /// fail a step that is not late; only a failing display check waits it out.
    static let limit = Duration.seconds(10)

    /// Runs `text` with the pipeline, then step by step.
    func both(_ text: String) async throws -> (pipelined: ScenarioDriver.Outcome, stepByStep: ScenarioDriver.Outcome) {
        let driver = try await ScenarioDriver.start(timeout: Self.limit)
        let exact = try await ScenarioDriver.start(timeout: Self.limit, stepByStep: true)
        defer {
            Task {
                await driver.stop()
                await exact.stop()
            }
        }
        return (
            try await driver.run(Self.catalog + "\n" + text, timeout: Self.limit),
            try await exact.run(Self.catalog + "\n" + text, timeout: Self.limit)
        )
    }

    /// Expects both outcomes to fail at `step`, with the same failure.
    func expectSame(
        _ outcomes: (pipelined: ScenarioDriver.Outcome, stepByStep: ScenarioDriver.Outcome), failingAt step: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let pipelined = try #require(outcomes.pipelined.failedStep, sourceLocation: sourceLocation)
        let exact = try #require(outcomes.stepByStep.failedStep, sourceLocation: sourceLocation)
        #expect(exact.text == step, sourceLocation: sourceLocation)
        #expect(pipelined.text == step, sourceLocation: sourceLocation)
        #expect(pipelined.failure.kind == exact.failure.kind, sourceLocation: sourceLocation)
        // The same words, but for the part that says the check waited: only the step-by-step
        // check, which waits for its screen, says so (docs/steps.md, "Display").
        #expect(pipelined.failure.message == Self.withoutWait(exact.failure.message), sourceLocation: sourceLocation)
        #expect(pipelined.failure.details == exact.failure.details, sourceLocation: sourceLocation)
        #expect(outcomes.pipelined.hookFailure == nil && outcomes.stepByStep.hookFailure == nil)
    }

    /// `message` without ` (waited until the step's limit of …)`.
    static func withoutWait(_ message: String) -> String {
        guard let range = message.range(of: " (waited until the step's limit of ") else { return message }
        return String(message[..<range.lowerBound])
    }

    @Test("a refused action in a run fails the step that sent it, with the step-by-step message")
    func refusalBelongsToItsStep() async throws {
        let outcomes = try await both(
            """
            When I add "Latte" to the cart
            And I add "Mocha" to the cart
            And I add 2 "Latte" to the cart
            Then the display received 2 updates
            """)
        try expectSame(outcomes, failingAt: #"I add "Mocha" to the cart"#)
        // Found by the step that needed the answers, and named: the runner skips the rest.
        #expect(outcomes.pipelined.failedStep?.failure.stepIndex == 2)
        #expect(outcomes.stepByStep.failedStep?.failure.stepIndex == nil)
        #expect(outcomes.pipelined.failedStep?.failure.message.hasPrefix(#"rejected with "unknownProduct""#) == true)
        #expect(outcomes.pipelined.failedStep?.failure.details?.contains("the display shows:") == true)
    }

    @Test("a display check with answers unread is made once they are read, against the snapshot right after them")
    func displayCheckMadeLater() async throws {
        // Each check passes on the snapshot after the actions before it, and on no later
        // one: made against the latest snapshot, the first would fail and the second pass.
        let passing = try await both(
            """
            When I add 2 "Latte" to the cart
            Then the display shows subtotal ¥1,000
            And the display shows the cart screen
            When I add "Latte" to the cart
            Then the display shows subtotal ¥1,500
            """)
        #expect(passing.pipelined.passed, "\(String(describing: passing.pipelined.failedStep))")
        #expect(passing.stepByStep.passed)

        // Right after a later snapshot, wrong after its own: it fails at its step, with the
        // message and the screen the step-by-step check gives after waiting out its limit.
        let failing = try await both(
            """
            When I add 2 "Latte" to the cart
            Then the display shows subtotal ¥1,500
            When I add "Latte" to the cart
            """)
        try expectSame(failing, failingAt: "the display shows subtotal ¥1,500")
        #expect(failing.pipelined.failedStep?.failure.message.contains("subtotal is ¥1,000") == true)
        #expect(failing.pipelined.failedStep?.failure.stepIndex == 2)
    }

    @Test("calendar actions between register actions and display checks wait for nothing, and change nothing")
    func calendarBetween() async throws {
        let outcomes = try await both(
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
        #expect(outcomes.pipelined.passed, "\(String(describing: outcomes.pipelined.failedStep))")
        #expect(outcomes.stepByStep.passed)
    }

    @Test("a display check made later does not hide a refusal before it")
    func displayCheckLaterThenRefusal() async throws {
        try expectSame(
            try await both(
                """
                When I add "Latte" to the cart
                And I add "Mocha" to the cart
                Then the display shows subtotal ¥500
                """), failingAt: #"I add "Mocha" to the cart"#)
    }

    @Test("answers left at the scenario's end are read by the after hook, and fail their step")
    func readAtTheEnd() async throws {
        try expectSame(
            try await both(
                """
                When I add "Latte" to the cart
                And I start checkout
                And I apply 100 points
                """), failingAt: "I apply 100 points")
    }

    @Test("accepted actions, register and calendar, pass with the pipeline settled")
    func acceptedRun() async throws {
        let outcomes = try await both(
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
        #expect(outcomes.pipelined.passed, "\(String(describing: outcomes.pipelined.failedStep))")
        #expect(outcomes.stepByStep.passed)
    }

    @Test("a refused row of a booking table sent in one go fails its step, naming the row")
    func refusedRow() async throws {
        let outcomes = try await both(
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
        try expectSame(outcomes, failingAt: "the reservations:")
        #expect(outcomes.pipelined.failedStep?.failure.message.contains("R2") == true)
    }

    @Test("`the display was not updated` after a run of actions is told by the snapshots' numbers")
    func notUpdatedAfterARun() async throws {
        let outcomes = try await both(
            """
            Given I add "Latte" to the cart
            When I change the quantity of "Latte" to 1
            Then the display was not updated
            """)
        #expect(outcomes.pipelined.passed, "\(String(describing: outcomes.pipelined.failedStep))")
        #expect(outcomes.stepByStep.passed)

        try expectSame(
            try await both(
                """
                Given I add "Latte" to the cart
                When I change the quantity of "Latte" to 2
                Then the display was not updated
                """), failingAt: "the display was not updated")
    }

    @Test("a step that fails with answers unread settles them first: an earlier refusal fails first")
    func failureWithAnswersUnread() async throws {
        try expectSame(
            try await both(
                """
                When I add "Mocha" to the cart
                And the catalog:
                  | name  |
                  | Latte |
                """), failingAt: #"I add "Mocha" to the cart"#)
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
        "a display opened while the resets are under way starts from the reset state",
        arguments: [false, true])
    func displayStartsFromTheReset(lateResets: Bool) async throws {
        let opener = ChannelOpener(
            open: { url in
                let channel = try await WebSocketChannel.open(url)
                return lateResets && url.hasSuffix("/register") ? LateResets(inner: channel) : channel
            },
            dial: { url in try await WebSocketChannel.opener.dial(url) })
        let driver = try await ScenarioDriver.start(timeout: Self.limit, openChannel: opener)
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
                    """, timeout: Self.limit)
            #expect(outcome.passed, "round \(round): \(String(describing: outcome.failedStep))")
        }
    }
}
