import StepInterface
import Wire

/// The built-in QA step library: every step of steps.md in English and Japanese, over the
/// simulator's WebSocket protocol only, so `--target ws://HOST:PORT` runs the same
/// features against any register build.
public enum QAStepLibrary {
    /// The registry the runner uses. `simulatorLauncher` starts one built-in simulator for
    /// a worker; it is used when the run has no `--target` (each worker then has its own
    /// simulator on its own port).
    public static func registry(simulatorLauncher: @escaping SimulatorLauncher) -> StepRegistry {
        registry(simulatorLauncher: simulatorLauncher, openChannel: WebSocketChannel.opener)
    }

    /// The registry on the channels `openChannel` opens: the Transport client in
    /// production (which also dials a display's connection ahead of its handshake), a
    /// test's own channels in tests.
    static func registry(simulatorLauncher: @escaping SimulatorLauncher, openChannel: ChannelOpener) -> StepRegistry {
        var registry = definitions.registry
        registry.environmentFactory = { settings in
            if let target = settings.target {
                return try await QAEnvironment(
                    connectingTo: target, openChannel: openChannel, resetTimeout: settings.stepTimeout)
            }
            let simulator = try await simulatorLauncher(settings)
            return try await QAEnvironment(
                connectingTo: simulator.url, openChannel: openChannel, resetTimeout: settings.stepTimeout,
                stopSimulator: simulator.stop)
        }
        registry.after { scenario in
            guard let world = scenario.world as? QAWorld else { return }
            // The answers the last actions left in the pipeline: a refusal among them fails
            // the step that sent it (`RequestPipeline`), whatever happened after it.
            do { try await world.settle() } catch {
                await world.attachStates(for: error)
                throw error
            }
            // After a failed step the check may simply have been skipped: only a scenario
            // that otherwise passed is failed for an unchecked outcome.
            guard scenario.passed == true else { return }
            if let failure = await world.ledger.uncheckedFailure { throw failure }
        }
        return registry
    }

    /// The catalogue `spec-run steps` prints, in definition order.
    static func catalogue(_ language: StepLanguage) -> [CatalogueEntry] {
        definitions.entries.filter { $0.language == language }
    }

    /// Every step definition and its catalogue entries, in both languages: built once a
    /// process (compiling every wording's expression is the library's costliest start-up
    /// work, and the catalogue, the editor and each run ask for it).
    static let definitions: StepBook = {
        var registry = StepRegistry()
        registry.synonyms = QASynonyms.all
        registry.fragmentPage = (DisplayStyle.pagePrefix, DisplayStyle.pageSuffix)
        for type in QAParameterTypes.all { registry.defineParameterType(type) }
        var book = StepBook(registry: registry)
        RegisterSteps.define(in: &book)
        DisplaySteps.define(in: &book)
        CalendarSteps.define(in: &book)
        return book
    }()
}

/// A simulator the executable started for one worker: its base URL, `ws://127.0.0.1:PORT`
/// (no path), and how to stop it at the end of the run.
public typealias LaunchedSimulator = (url: String, stop: @Sendable () async -> Void)

/// Starts one built-in simulator for a worker (used when no `--target` is given), knowing
/// the worker's index and how many workers the run has. Throwing means the run cannot
/// start.
public typealias SimulatorLauncher = @Sendable (_ worker: WorkerSettings) async throws -> LaunchedSimulator
