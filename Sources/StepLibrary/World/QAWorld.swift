import StepInterface
import Synchronization
import Wire

/// One scenario's view of its worker's simulator: the `/register` and `/calendar`
/// connections (shared by the worker's scenarios, one at a time), this scenario's display
/// connections, its request pipeline, and what its steps remember (try outcomes, calendar
/// metrics).
actor QAWorld: ScenarioWorld {
    /// The worker's: its simulator's address, how it opens channels, the requests it counts.
    let environment: QAEnvironment
    let register: ProtocolClient
    let calendar: ProtocolClient
    let display: DisplayWatcher
    var usage: EndpointUsage { environment.usage }
    private(set) var secondDisplay: DisplayWatcher?
    /// Whether actions may leave their answers unread (`RequestPipeline`): a built-in
    /// simulator's world, not a `--target`'s.
    let pipelined: Bool
    /// The pipeline's requests sent without waiting for their answers, the plain actions
    /// that sent them, and the display checks made once those are read.
    var unread: [RequestPipeline.Unread] = []
    var senders: [RequestPipeline.Sender] = []
    var checks: [RequestPipeline.LaterCheck] = []
    /// The first step that sent an answer left unread or asked for a later check, until a
    /// settling finds them all as they should be (`ScenarioWorld.unconfirmedStep`).
    let unconfirmed = Mutex<Int?>(nil)
    nonisolated var unconfirmedStep: Int? { unconfirmed.withLock { $0 } }
    /// The running step's index, and the step itself when it is a plain action that may
    /// leave its answers unread.
    var runningStep = 0
    var sending: RequestPipeline.Sender?
    /// The display's count at the previous step's start and at this one's.
    var previousMark = RequestPipeline.Mark.count(1)
    var currentMark = RequestPipeline.Mark.count(1)
    /// The readable text of the snapshot the display checks attached last.
    let readableTexts = ReadableTexts()
    /// Where the scenario's steps so far attach, by index: a failure found for an earlier
    /// step attaches its evidence to that step (`attachStates`).
    var stepEvidence: [Int: StepEvidence] = [:]
    /// The outcomes `perform` answers while a plain action's body runs again on answers
    /// read later (`replaying`); nil otherwise.
    private var replayed: [ActionOutcome]?

    var ledger = OutcomeLedger()
    /// The language of the step running (its definition's), which its failures are worded in.
    private(set) var language = StepLanguage.en
    private var currentStepStart = ContinuousClock.now
    /// The calendar's hour width as the steps last set it (the reset default is 120).
    var hourWidth = 120.0
    /// The grid's offsets as the last scroll answered them (reset: 0, 0).
    var gridOffset = (x: 0.0, y: 0.0)

    init(
        environment: QAEnvironment, register: ProtocolClient, calendar: ProtocolClient, display: DisplayWatcher,
        pipelined: Bool
    ) {
        self.environment = environment
        self.register = register
        self.calendar = calendar
        self.display = display
        self.pipelined = pipelined
    }

    /// Called as each step starts: notes the display's snapshot count, for `the display
    /// was not updated`. A step that is not a plain action (`verdict`: how it tells a
    /// refusal) first settles the pipeline, unless it is a display check that can be made
    /// once the answers before it are read (`displayCheck`, `checkLater`).
    func beginStep(
        _ context: StepContext, _ language: StepLanguage, group: StepGroup, verdict: RequestPipeline.Verdict?,
        displayCheck: Bool
    ) async throws {
        self.language = language
        stepEvidence[context.index] = StepEvidence(context)
        (runningStep, previousMark) = (context.index, currentMark)
        sending =
            pipelined ? verdict.map { .init(step: context.index, language: language, group: group, verdict: $0) } : nil
        if (sending == nil || room == 0) && !(pipelined && displayCheck) { try await settle() }
        // With no unread request that may change the display, it is as the answers read left
        // it (a lost display fails the display steps that need it, not every step).
        if let last = lastTouchingRegister {
            currentMark = .afterAnswer(last)
        } else {
            currentMark = .count(max(await display.drainedCount(), 1))
        }
        currentStepStart = ContinuousClock.now
    }

    /// Runs a plain action's body again with `perform` answering `outcomes`, in its
    /// `language` (`RequestPipeline.Sender.verdict`).
    func replaying(
        _ outcomes: [ActionOutcome], language: StepLanguage, _ verdict: RequestPipeline.Verdict
    ) async throws {
        let running = self.language
        (self.language, replayed) = (language, outcomes)
        defer { (self.language, replayed) = (running, nil) }
        try await verdict(self)
    }

    /// Whether a snapshot arrived from the previous step's start until `settle` after this
    /// step's start; returns the first such snapshot.
    func updateSincePreviousStep(settle: Duration) async throws -> DisplaySnapshot? {
        guard case .count(let previousStepMark) = previousMark else {
            throw StepFailure(
                .error, "the previous step started while earlier answers were unread, and none named a snapshot")
        }
        try await display.collect(until: currentStepStart.advanced(by: settle))
        return display.count > previousStepMark ? display.snapshot(at: previousStepMark) : nil
    }

    /// The rows of the last `layout` answer (`.some(nil)` when it had none), until a
    /// calendar request may have changed them.
    private var cachedLayout: [JSONValue]??

    /// The rows of the calendar's layout (`layout.rows`); asked and parsed once per state,
    /// since several layout checks usually follow one setup.
    func layoutRows(timeout: Duration) async throws -> [JSONValue] {
        if cachedLayout == nil {
            cachedLayout = .some(
                try await query(.calendar(.layout), timeout: timeout).member("layout")?["rows"]?.arrayValue)
        }
        guard let rows = cachedLayout ?? nil else {
            throw StepFailure(.error, "the layout response has no layout.rows")
        }
        return rows
    }

    /// Performs an action whose step needs only its outcome. In a plain action on a
    /// built-in simulator its answer is left in the pipeline and the outcome taken to be a
    /// success: a refusal fails this step once it is read (`RequestPipeline`).
    func perform(
        _ action: ProtocolAction, _ parameters: [(String, JSONValue)] = [], timeout: Duration
    ) async throws -> ActionOutcome {
        try await performAll(action, each: [parameters], timeout: timeout)[0]
    }

    /// Performs `action` once for each of `parameterLists`, all at once, when its step
    /// needs only their outcomes, as `perform`.
    func performAll(
        _ action: ProtocolAction, each parameterLists: [[(String, JSONValue)]], timeout: Duration
    ) async throws -> [ActionOutcome] {
        if let outcomes = replayed {
            guard outcomes.count >= parameterLists.count else {
                throw StepFailure(.error, "the step asked for more answers than it sent")
            }
            replayed = Array(outcomes.dropFirst(parameterLists.count))
            return Array(outcomes.prefix(parameterLists.count))
        }
        guard sending != nil, room >= parameterLists.count, !parameterLists.isEmpty else {
            return try await sendAll(action, each: parameterLists, timeout: timeout).map(\.outcome)
        }
        let firstID = try await reach(action, settleFirst: false) {
            try await $0.postAll(parameterLists.map { (action, $0) })
        }
        append(action, count: parameterLists.count, client(for: action), firstID: firstID, timeout: timeout)
        return Array(repeating: .succeeded, count: parameterLists.count)
    }

    func send(
        _ action: ProtocolAction, _ parameters: [(String, JSONValue)] = [], timeout: Duration
    ) async throws -> ProtocolResponse {
        try await sendAll(action, each: [parameters], timeout: timeout)[0]
    }

    /// Sends `action` once for each of `parameterLists`, all at once; their responses, in order.
    func sendAll(
        _ action: ProtocolAction, each parameterLists: [[(String, JSONValue)]], timeout: Duration
    ) async throws -> [ProtocolResponse] {
        try await reach(action, settleFirst: true) {
            try await $0.requestAll(parameterLists.map { (action, $0) }, timeout: timeout)
        }
    }

    /// Makes `request` on the connection `action` goes out on, after settling the pipeline:
    /// always for a request whose answer is read now (`settleFirst`), else only when it
    /// must. protocol.md orders answers within a connection only, so the simulator may take
    /// a request on one connection before an earlier one on another; that matters only when
    /// both may change the register (the calendar's own state changes only in its order).
    private func reach<Value>(
        _ action: ProtocolAction, settleFirst: Bool, _ request: (ProtocolClient) async throws -> Value
    ) async throws -> Value {
        let client = client(for: action)
        let touching = RequestPipeline.touchesRegister
        if settleFirst || touching(action) && unread.contains(where: { $0.client !== client && touching($0.action) }) {
            try await settle()
        }
        usage.mark(action.endpoint)
        // Register actions and the calendar's read-only queries keep the layout.
        switch action {
        case .register, .calendar(.layout), .calendar(.viewState), .calendar(.getState): break
        case .calendar: cachedLayout = nil
        }
        return try await client.reaching(action.endpoint, language: language) { try await request(client) }
    }

    private func client(for action: ProtocolAction) -> ProtocolClient {
        action.endpoint == .register ? register : calendar
    }

    /// Sends a query that must succeed, and returns its response.
    func query(
        _ action: ProtocolAction, _ parameters: [(String, JSONValue)] = [], timeout: Duration
    ) async throws -> ProtocolResponse {
        let response = try await send(action, parameters, timeout: timeout)
        if case .rejected(let code, let message) = response.outcome {
            throw StepFailure(.error, "the simulator refused \"\(action.name)\" with \"\(code)\": \(message)")
        }
        return response
    }

    func connectSecondDisplay() async throws {
        guard secondDisplay == nil else { return }
        secondDisplay = environment.watcher(try await environment.openChannel.open(environment.baseURL + "/display"))
    }

    /// What the display shows now, as a failure's details (`the display shows:` and the
    /// screen as text), after reading what has arrived; nil when it has shown nothing, or
    /// (`unlessWelcome`) when it shows the welcome screen.
    func displayNow(_ language: StepLanguage, unlessWelcome: Bool = false) async -> String? {
        _ = await display.drainedCount()
        return display.latest().flatMap { shown($0, language, unlessWelcome: unlessWelcome) }
    }

    /// `snapshot` as a failure's details, as `displayNow` tells it.
    func shown(_ snapshot: DisplaySnapshot, _ language: StepLanguage, unlessWelcome: Bool) -> String? {
        guard !(unlessWelcome && snapshot.screen == DisplayScreen.welcome.rawValue) else { return nil }
        return language.pick("the display shows:", "カスタマーディスプレイの表示:") + "\n" + snapshot.readable(language)
    }

    /// A step that did not finish in time is told, as any other failure, with what the
    /// display shows (runner.md).
    func detailsAfterTimeout(language: String) async -> String? {
        await displayNow(language == "ja" ? .ja : .en)
    }

    /// Closes the displays (sending the close frames without waiting for the echo), but
    /// hands on the first (`DisplayWatcher.kept`) when `handingOn` and it can be.
    func closeDisplays(handingOn: Bool) async -> DisplayWatcher.Kept? {
        let kept = handingOn ? display.kept : nil
        if kept == nil { await display.close() }
        await secondDisplay?.close()
        return kept
    }
}
