import SpecRunner

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

    /// Try steps and whether they were checked.
    var ledger = OutcomeLedger()
    /// The language of the step running (its definition's), which its failures are worded in.
    private(set) var language = StepLanguage.en
    /// Snapshots the display had when the previous and the current step started (the
    /// snapshot sent on connecting is never an update, hence at least 1).
    private var previousStepMark = 1
    private var currentStepMark = 1
    private var currentStepStart = ContinuousClock.now
    /// The calendar's hour width as the steps last set it (the reset default is 120).
    var hourWidth = 120.0
    /// The grid's offsets as the last scroll answered them (reset: 0, 0).
    var gridOffset = (x: 0.0, y: 0.0)

    init(
        baseURL: String, register: ProtocolClient, calendar: ProtocolClient, display: DisplayWatcher,
        openChannel: ChannelOpener, usage: EndpointUsage, displaysSkipReads: Bool
    ) {
        self.baseURL = baseURL
        self.register = register
        self.calendar = calendar
        self.display = display
        self.openChannel = openChannel
        self.usage = usage
        self.displaysSkipReads = displaysSkipReads
    }

    /// Called as each step starts: remembers which snapshots arrived before it, for
    /// `the display was not updated`.
    func beginStep(_ language: StepLanguage) async {
        self.language = language
        // A lost display fails the display steps that need it, not every step.
        let count = await display.drainedCount()
        previousStepMark = currentStepMark
        currentStepMark = max(count, 1)
        currentStepStart = ContinuousClock.now
    }

    /// Whether a snapshot arrived from the previous step's start until `settle` after this
    /// step's start; returns the first such snapshot.
    func updateSincePreviousStep(settle: Duration) async throws -> DisplaySnapshot? {
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

    /// Sends one action to an endpoint, with the step's limit.
    func send(
        _ endpoint: Endpoint, _ action: String, _ parameters: [(String, JSONValue)] = [], timeout: Duration
    ) async throws -> ProtocolResponse {
        let client = endpoint == .register ? register : calendar
        usage.mark(endpoint)
        // Only read-only calendar queries keep the layout: anything else may change it.
        if endpoint == .calendar, !QAWorld.isReadOnly(action) { cachedLayout = nil }
        do {
            return try await client.request(action, parameters, timeout: timeout)
        } catch let failure as ProtocolClient.Failure {
            if case .timedOut = failure { throw StepFailure(.timeout, "\(failure) (\(client.url))") }
            throw StepFailure(.error, "\(failure) (\(client.url))")
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
        let client = endpoint == .register ? register : calendar
        usage.mark(endpoint)
        if endpoint == .calendar { cachedLayout = nil }
        do {
            return try await client.requestAll(requests, timeout: timeout)
        } catch let failure as ProtocolClient.Failure {
            if case .timedOut = failure { throw StepFailure(.timeout, "\(failure) (\(client.url))") }
            throw StepFailure(.error, "\(failure) (\(client.url))")
        } catch {
            throw StepFailure(.error, "the \(endpoint.rawValue) connection failed: \(error) (\(client.url))")
        }
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

/// The two request endpoints.
public enum Endpoint: String, Sendable {
    case register
    case calendar
}
