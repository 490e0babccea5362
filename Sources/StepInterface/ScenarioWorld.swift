// Part of the interface between the runner and step libraries (docs/architecture.md).

/// The per-scenario state of a step library (typically an `actor`). The runner creates a
/// fresh one for every scenario attempt and hands it to each step and hook.
public protocol ScenarioWorld: AnyObject, Sendable {
    /// What the world can tell about a step that did not finish within the step limit,
    /// for its failure's details (the QA library: what the display shows); nil when
    /// nothing. `language` is the feature's (a Gherkin language code).
    func detailsAfterTimeout(language: String) async -> String?

    /// The first step whose pass is not final yet: it left work that a later step or hook
    /// finishes, and a failure found then names it (`StepFailure.stepIndex`). Read at any
    /// moment, from any thread: an attempt an interrupt cuts short reports the steps from it
    /// on as not finished, since it cannot tell whether they passed. Nil when every step
    /// that passed is final (the default).
    var unconfirmedStep: Int? { get }
}

extension ScenarioWorld {
    public func detailsAfterTimeout(language: String) async -> String? { nil }
    public var unconfirmedStep: Int? { nil }
}

/// What a worker knows when it prepares its environment.
public struct WorkerSettings: Sendable {
    /// 0-based worker index (`--jobs N` gives 0 … N-1).
    public var workerIndex: Int
    /// How many workers the run has (`--jobs`, at most the number of scenarios).
    public var workerCount: Int
    /// This worker's register from `--target URL[,URL…]` (one per worker), when given.
    public var target: String?
    /// `--timeout`: the per-step limit, also the wait limit of assertions that poll.
    public var stepTimeout: Duration

    public init(workerIndex: Int, workerCount: Int = 1, target: String?, stepTimeout: Duration) {
        self.workerIndex = workerIndex
        self.workerCount = workerCount
        self.target = target
        self.stepTimeout = stepTimeout
    }
}

/// Long-lived resources of one worker (e.g. its own simulator), which make the worlds.
public protocol WorkerEnvironment: Sendable {
    /// A fresh world for one scenario (e.g. reset the simulator, connect a new display).
    func makeWorld() async throws -> any ScenarioWorld
    /// Releases the world's resources after its scenario (after the `after` hooks).
    func discard(_ world: any ScenarioWorld) async
    /// Stops the worker's resources at the end of the run (also on interrupt).
    func shutdown() async
}

/// Makes one worker's environment; throwing here means the run cannot start (reported
/// as one `<error>` test case and exit 1, never as a green report).
public typealias WorkerEnvironmentFactory = @Sendable (WorkerSettings) async throws -> any WorkerEnvironment
