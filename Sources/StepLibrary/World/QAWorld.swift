import SpecRunner
import Wire

/// One scenario's view of its worker's simulator: the `/register` and `/calendar`
/// connections (shared by the worker's scenarios, one at a time), this scenario's display
/// connections, and what its steps remember (try outcomes, step marks, calendar metrics).
public actor QAWorld: ScenarioWorld {
    /// The simulator's base URL, `ws://127.0.0.1:PORT`.
    public let baseURL: String
    let register: ProtocolClient
    let calendar: ProtocolClient
    let display: DisplayWatcher
    private let openChannel: ChannelOpener
    private let usage: EndpointUsage
    /// Whether this scenario's displays may skip reads (`EndpointUsage`): a built-in
    /// simulator's, not a `--target`'s.
    private let displaysSkipReads: Bool
    private(set) var secondDisplay: DisplayWatcher?
    /// Whether this attempt's plain actions leave their answers for the next step that
    /// looks (`DeferredAnswers`): a built-in simulator's, until an attempt of the scenario misses.
    nonisolated let isSpeculative: Bool
    /// Whether this attempt's result may differ from the steps run one by one
    /// (`DeferredAnswers.missed`): the runner then runs the scenario again.
    public nonisolated var speculationMissed: Bool { isSpeculative && deferred.missed }
    /// The answers the plain actions since the last step that looked have not read.
    private nonisolated let deferred = DeferredAnswers()
    /// Whether the running step may leave its answers unread: a plain action of a
    /// speculative attempt.
    private var deferring = false
    /// Whether the running step is a display check that started with answers unread, on a
    /// display that numbers its snapshots: it is made once they are read (`checkLater`).
    private var checkingLater = false
    /// Display checks made later, each with the unread answer after which it was made.
    private var laterChecks: [LaterCheck] = []

    /// Try steps and whether they were checked.
    var ledger = OutcomeLedger()
    /// The language of the step running (its definition's), which its failures are worded in.
    private(set) var language = StepLanguage.en
    /// Snapshots the display had when the previous and the current step started (the
    /// snapshot sent on connecting is never an update, hence at least 1).
    private var previousStepMark = 1
    private var currentStepMark = 1
    /// Whether the marks are exact: a step that starts while answers are unread cannot know
    /// which snapshots the actions before it caused, so it notes which answer will tell
    /// (`previousMarkAnswer`, `currentMarkAnswer`), and its mark is known once that answer
    /// is read (`resolveMarks`).
    private var previousMarkKnown = true
    private var currentMarkKnown = true
    /// For a mark not known yet: the index, among the unread answers, of the last request
    /// before the step that may change the register; nil when there was none.
    private var previousMarkAnswer: Int?
    private var currentMarkAnswer: Int?
    private var currentStepStart = ContinuousClock.now
    /// The calendar's hour width as the steps last set it (the reset default is 120).
    var hourWidth = 120.0
    /// The grid's offsets as the last scroll answered them (reset: 0, 0).
    var gridOffset = (x: 0.0, y: 0.0)

    init(
        baseURL: String, register: ProtocolClient, calendar: ProtocolClient, display: DisplayWatcher,
        openChannel: ChannelOpener, usage: EndpointUsage, displaysSkipReads: Bool, speculative: Bool = false
    ) {
        self.isSpeculative = speculative
        self.baseURL = baseURL
        self.register = register
        self.calendar = calendar
        self.display = display
        self.openChannel = openChannel
        self.usage = usage
        self.displaysSkipReads = displaysSkipReads
    }

    /// Called as each step starts: remembers which snapshots arrived before it, for
    /// `the display was not updated`. A step that is not a plain action first reads the
    /// answers the actions before it left (`DeferredAnswers`), unless it is a display check
    /// that can be made once they are read (`displayCheck`, `checkLater`).
    func beginStep(_ language: StepLanguage, plainAction: Bool, displayCheck: Bool = false) async throws {
        self.language = language
        previousStepMark = currentStepMark
        previousMarkKnown = currentMarkKnown
        previousMarkAnswer = currentMarkAnswer
        currentMarkAnswer = nil
        deferring = isSpeculative && plainAction
        checkingLater = false
        if !deferred.isEmpty {
            checkingLater = isSpeculative && displayCheck && display.numbersSnapshots
            if (deferring && deferred.room > 0) || checkingLater {
                currentMarkKnown = false
                currentMarkAnswer = deferred.lastTouchingRegister
                currentStepStart = ContinuousClock.now
                return
            }
            try await readDeferredAnswers()
        }
        // A lost display fails the display steps that need it, not every step.
        let count = await display.drainedCount()
        currentStepMark = max(count, 1)
        currentMarkKnown = true
        currentStepStart = ContinuousClock.now
    }

    /// Reads every answer the plain actions left; fails at the first that is not a success.
    /// Then makes the display checks that waited for them (`checkLater`).
    func readDeferredAnswers() async throws {
        guard !deferred.isEmpty else { return }
        let checks = laterChecks
        laterChecks = []
        let numbers = try await deferred.readAll()
        // Their snapshots are in the display's socket now: its next drain must read it.
        usage.countAnswers()
        resolveMarks(numbers)
        for check in checks { try await make(check, numbers: numbers) }
    }

    /// A display check of a speculative attempt that started with answers unread.
    struct LaterCheck {
        /// The index, among the answers unread when the check was asked for, of the last one.
        var afterAnswer: Int
        var timeout: Duration
        var mismatch: @Sendable (DisplaySnapshot) -> String?
    }

    /// Whether the running step, a display check, is made later: the answers the actions
    /// before it left are unread, and the display numbers its snapshots. It is then made
    /// once they are read, against the snapshot the display had been sent when the last of
    /// them was answered: what it would have seen had it waited for them (docs/steps.md,
    /// "Answers read later"). A check that does not pass there makes the attempt miss.
    ///
    /// The snapshot is the one the last unread request that may change the register
    /// names: the requests after it on its connection are answered after it, and one on
    /// the other connection that may change the register waits for it
    /// (`DeferredAnswers.waitsOnOther`). When none of the unread requests may, the display
    /// is as the answers already read left it, and the check is made now.
    func checkLater(timeout: Duration, mismatch: @escaping @Sendable (DisplaySnapshot) -> String?) -> Bool {
        guard checkingLater, let last = deferred.lastTouchingRegister else { return false }
        laterChecks.append(LaterCheck(afterAnswer: last, timeout: timeout, mismatch: mismatch))
        return true
    }

    private func make(_ check: LaterCheck, numbers: [Int?]) async throws {
        var snapshot: DisplaySnapshot?
        do {
            if check.afterAnswer < numbers.count, let number = numbers[check.afterAnswer] {
                snapshot = try await display.snapshot(numbered: number, timeout: check.timeout)
            }
        } catch {
            deferred.giveUp()
            throw error
        }
        guard let snapshot, check.mismatch(snapshot) == nil else {
            deferred.giveUp()
            throw StepFailure(.assertion, "a display check made once the answers before it were read did not pass")
        }
    }

    /// The marks of steps that started while answers were unread, once those answers are
    /// read (`numbers`, their snapshot numbers): as many snapshots as the display had been
    /// sent up to the one the noted answer names, which is what the step would have found
    /// had it waited for them. A mark whose answer named none, or with no answer noted,
    /// stays unknown.
    private func resolveMarks(_ numbers: [Int?]) {
        func resolved(_ answer: Int?) -> Int? {
            guard let answer, answer < numbers.count, let number = numbers[answer] else { return nil }
            return display.count(through: number).map { max($0, 1) }
        }
        if !previousMarkKnown, let mark = resolved(previousMarkAnswer) {
            previousStepMark = mark
            previousMarkKnown = true
        }
        if !currentMarkKnown, let mark = resolved(currentMarkAnswer) {
            currentStepMark = mark
            currentMarkKnown = true
        }
        previousMarkAnswer = nil
        currentMarkAnswer = nil
    }

    /// Whether a snapshot arrived from the previous step's start until `settle` after this
    /// step's start; returns the first such snapshot.
    func updateSincePreviousStep(settle: Duration) async throws -> DisplaySnapshot? {
        guard previousMarkKnown else {
            // Only in a speculative attempt whose display does not number its snapshots,
            // which this sends back to be run again.
            deferred.giveUp()
            throw StepFailure(.error, "the previous step started while earlier answers were unread")
        }
        try await display.collect(until: currentStepStart.advanced(by: settle))
        return display.count > previousStepMark ? display.snapshot(at: previousStepMark) : nil
    }

    /// The rows of the last `layout` answer (nil when it had none), until a calendar
    /// request may have changed them.
    private var cachedLayout: LayoutAnswer?

    private struct LayoutAnswer {
        var rows: [JSONValue]?
    }

    /// The rows of the calendar's layout (`layout.rows`); asked and parsed once per state,
    /// since several layout checks usually follow one setup.
    func layoutRows(timeout: Duration) async throws -> [JSONValue]? {
        if let cachedLayout { return cachedLayout.rows }
        let response = try await query(.calendar, "layout", timeout: timeout)
        let answer = LayoutAnswer(rows: response.member("layout")?["rows"]?.arrayValue)
        cachedLayout = answer
        return answer.rows
    }

    /// Performs an action whose step needs only its outcome. In a plain action of a
    /// speculative attempt its answer is left for the next step that looks, and the outcome
    /// taken to be a success (`DeferredAnswers`).
    func perform(
        _ endpoint: Endpoint, _ action: String, _ parameters: [(String, JSONValue)] = [], timeout: Duration
    ) async throws -> ActionOutcome {
        guard deferring, deferred.room > 0 else {
            return try await send(endpoint, action, parameters, timeout: timeout).outcome
        }
        try await leaveAnswers(endpoint, of: [action], timeout: timeout) { try await $0.post(action, parameters) }
        return .succeeded
    }

    /// Performs several actions at once whose step needs only their outcomes, as `perform`.
    func performAll(
        _ endpoint: Endpoint, _ requests: [(action: String, parameters: [(String, JSONValue)])], timeout: Duration
    ) async throws -> [ActionOutcome] {
        guard deferring, deferred.room >= requests.count, !requests.isEmpty else {
            return try await sendAll(endpoint, requests, timeout: timeout).map(\.outcome)
        }
        try await leaveAnswers(endpoint, of: requests.map(\.action), timeout: timeout) {
            try await $0.postAll(requests)
        }
        return Array(repeating: .succeeded, count: requests.count)
    }

    /// Sends `actions` with `post` (which returns the first one's id) and leaves their
    /// answers unread, after reading those another connection left: protocol.md orders
    /// answers only within a connection.
    private func leaveAnswers(
        _ endpoint: Endpoint, of actions: [String], timeout: Duration, post: (ProtocolClient) async throws -> Int
    ) async throws {
        let client = endpoint == .register ? register : calendar
        let touching = actions.contains { Self.touchesRegister(endpoint, $0) }
        if deferred.waitsOnOther(than: client, touchingRegister: touching) { try await readDeferredAnswers() }
        usage.mark(endpoint)
        if endpoint == .calendar { cachedLayout = nil }
        let firstID = try await reaching(endpoint, client) { try await post(client) }
        for (offset, action) in actions.enumerated() {
            deferred.append(
                DeferredAnswers.Unread(
                    client: client, id: firstID + offset, action: action, timeout: timeout,
                    touchesRegister: Self.touchesRegister(endpoint, action)))
        }
    }

    /// Whether `action` on `endpoint` may change the register, and with it the display:
    /// every register action, and from the calendar only a reservation checkout, which puts
    /// the reservation's menu in the cart (domain.md, "Checkout of a reservation").
    static func touchesRegister(_ endpoint: Endpoint, _ action: String) -> Bool {
        endpoint == .register || action == "checkoutReservation"
    }

    /// Sends one action to an endpoint, with the step's limit.
    func send(
        _ endpoint: Endpoint, _ action: String, _ parameters: [(String, JSONValue)] = [], timeout: Duration
    ) async throws -> ProtocolResponse {
        try await readDeferredAnswers()
        let client = endpoint == .register ? register : calendar
        usage.mark(endpoint)
        // Only read-only calendar queries keep the layout: anything else may change it.
        if endpoint == .calendar, !QAWorld.isReadOnly(action) { cachedLayout = nil }
        return try await reaching(endpoint, client) { try await client.request(action, parameters, timeout: timeout) }
    }

    /// Runs `body` on `client`, its failures told as a step's.
    private func reaching<Value>(
        _ endpoint: Endpoint, _ client: ProtocolClient, _ body: () async throws -> Value
    ) async throws -> Value {
        do {
            return try await body()
        } catch let failure as ProtocolClient.Failure {
            throw client.stepFailure(failure)
        } catch let failure as StepFailure {
            throw failure
        } catch {
            throw StepFailure(.error, "the \(endpoint.rawValue) connection failed: \(error) (\(client.url))")
        }
    }

    private static func isReadOnly(_ calendarAction: String) -> Bool {
        calendarAction == "layout" || calendarAction == "viewState" || calendarAction == "getState"
    }

    /// Sends several actions to an endpoint at once; their responses, in order.
    func sendAll(
        _ endpoint: Endpoint, _ requests: [(action: String, parameters: [(String, JSONValue)])], timeout: Duration
    ) async throws -> [ProtocolResponse] {
        try await readDeferredAnswers()
        let client = endpoint == .register ? register : calendar
        usage.mark(endpoint)
        if endpoint == .calendar { cachedLayout = nil }
        return try await reaching(endpoint, client) { try await client.requestAll(requests, timeout: timeout) }
    }

    /// Sends a query that must succeed, and returns its response.
    func query(
        _ endpoint: Endpoint, _ action: String, _ parameters: [(String, JSONValue)] = [], timeout: Duration
    ) async throws -> ProtocolResponse {
        let response = try await send(endpoint, action, parameters, timeout: timeout)
        if case .rejected(let code, let message) = response.outcome {
            throw StepFailure(.error, "the simulator refused \"\(action)\" with \"\(code)\": \(message)")
        }
        return response
    }

    /// Connects the second display (`a second display connects`).
    func connectSecondDisplay() async throws -> DisplayWatcher {
        if let secondDisplay { return secondDisplay }
        let channel = try await openChannel.open(baseURL + "/display")
        let watcher = DisplayWatcher(channel: channel, requests: displaysSkipReads ? usage : nil)
        secondDisplay = watcher
        return watcher
    }

    func recordTry(_ outcome: ActionOutcome, at location: SourceLine, stepText: String, language: StepLanguage) {
        ledger.record(outcome, at: location, stepText: stepText, language: language)
    }

    func expectRejection(_ code: String) -> StepFailure? { ledger.expectRejection(code, language: language) }
    func expectSuccess() -> StepFailure? { ledger.expectSuccess(language: language) }
    var uncheckedFailure: StepFailure? { ledger.uncheckedFailure }

    func setHourWidth(_ width: Double) { hourWidth = width }
    func setGridOffset(x: Double, y: Double) { gridOffset = (x, y) }

    /// What the display shows now, as a failure's details (`the display shows:` and the
    /// screen as text), after reading what has arrived; nil when it has shown nothing, or
    /// (`unlessWelcome`) when it shows the welcome screen.
    func displayNow(_ language: StepLanguage, unlessWelcome: Bool = false) async -> String? {
        _ = await display.drainedCount()
        guard let snapshot = display.latest(), !(unlessWelcome && snapshot.screen == "welcome") else { return nil }
        return language.pick("the display shows:", "カスタマーディスプレイの表示:") + "\n" + snapshot.readable(language)
    }

    /// A step that did not finish in time is told, as any other failure, with what the
    /// display shows (runner.md).
    public func detailsAfterTimeout(language: String) async -> String? {
        await displayNow(language == "ja" ? .ja : .en)
    }

    /// Closes this scenario's display connections.
    func closeDisplays() async {
        await display.close()
        await secondDisplay?.close()
    }
}
