import Gherkin
import SimulatorServer

@testable import SpecRunner
@testable import StepLibrary

/// Runs scenario text through the step library against a real simulator, the way the
/// runner does (match, run each step with a limit, then the `after` hooks), without the
/// runner: so the library's behaviour is tested on its own.
struct ScenarioDriver {
    /// How a scenario ended.
    struct Outcome {
        /// The first failing step's text and failure, if any.
        var failedStep: (text: String, failure: StepFailure)?
        /// The failure an `after` hook raised, if any.
        var hookFailure: StepFailure?
        /// The scenario's world, as long as anything else holds it.
        weak var world: QAWorld?
        var passed: Bool { failedStep == nil && hookFailure == nil }
    }

    let registry: StepRegistry
    let environment: any WorkerEnvironment
    let simulator: RunningSimulator

    static let keywords = ["Given ", "When ", "Then ", "And ", "But ", "* ", "前提", "もし", "ならば", "かつ", "しかし"]

    /// Starts a simulator on loopback and the library's environment for worker 0.
    /// `openChannel`: how the library opens its WebSockets (the Transport client unless a
    /// test wraps it). `stepByStep`: the simulator is reached as a `--target`, whose
    /// actions wait for each answer at their step (no request pipeline).
    static func start(
        timeout: Duration = .seconds(2), openChannel: ChannelOpener = WebSocketChannel.opener, stepByStep: Bool = false
    ) async throws -> ScenarioDriver {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        let registry = QAStepLibrary.registry(
            simulatorLauncher: { _ in (url: simulator.webSocketBase, stop: {}) },
            openChannel: openChannel)
        let environment = try await registry.environmentFactory(
            WorkerSettings(workerIndex: 0, target: stepByStep ? simulator.webSocketBase : nil, stepTimeout: timeout))
        return ScenarioDriver(registry: registry, environment: environment, simulator: simulator)
    }

    func stop() async {
        await environment.shutdown()
        simulator.stop()
    }

    /// Runs one scenario written as step lines (keyword first) with `|` table rows. A
    /// failure that names an earlier step (`StepFailure.stepIndex`) is that step's, as the
    /// runner reports it.
    func run(_ text: String, uri: String = "test.feature", timeout: Duration = .seconds(2)) async throws -> Outcome {
        var steps: [(text: String, line: Int, rows: [[String]])] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("|"), !steps.isEmpty {
                let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                steps[steps.count - 1].rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
            } else if let keyword = ScenarioDriver.keywords.first(where: { line.hasPrefix($0) }) {
                let body = line.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
                steps.append((body, index + 1, []))
            }
        }
        let world = try await environment.makeWorld()
        var outcome = Outcome()
        outcome.world = world as? QAWorld
        for (index, step) in steps.enumerated() where outcome.failedStep == nil {
            let matching = registry.definitions.compactMap { definition in
                definition.expression.match(step.text).map { (definition, $0) }
            }
            guard matching.count == 1, let (definition, arguments) = matching.first else {
                outcome.failedStep = (step.text, StepFailure(.error, "\(matching.count) definitions match"))
                break
            }
            let table =
                step.rows.isEmpty
                ? nil
                : PickleTable(rows: step.rows.map { PickleTableRow(cells: $0.map { PickleTableCell(value: $0) }) })
            let context = StepContext(
                arguments: try arguments.map { try $0.value() }, dataTable: table, docString: nil, world: world,
                text: step.text, keyword: "", location: SourceLine(uri: uri, line: step.line), timeout: timeout,
                index: index)
            do {
                try await definition.body(context)
            } catch let failure as StepFailure {
                outcome.failedStep = (steps[failure.stepIndex ?? index].text, failure)
            }
        }
        let pickle = Pickle(
            id: "1", uri: uri, location: Location(line: 1), name: "scenario", language: "en", steps: [], tags: [],
            astNodeIds: [])
        for hook in registry.hooks where hook.phase == .afterScenario {
            do {
                try await hook.body(ScenarioContext(pickle: pickle, world: world, passed: outcome.failedStep == nil))
            } catch let failure as StepFailure {
                if let index = failure.stepIndex, steps.indices.contains(index) {
                    outcome.failedStep = (steps[index].text, failure)
                } else {
                    outcome.hookFailure = failure
                }
            }
        }
        await environment.discard(world)
        return outcome
    }
}
