import Synchronization

/// Runs the planned scenarios on `jobs` workers, each with its own environment, with
/// retries and `--fail-fast`; results go to the session in execution order.
struct RunExecutor: Sendable {
    let executor: ScenarioExecutor
    let factory: WorkerEnvironmentFactory
    /// `--jobs`, `--retry`, `--fail-fast`, `--strict` and the `--target`s, one per worker.
    let options: RunOptions

    /// Runs everything, taking the scenarios from `queue`; returns the scenarios
    /// `--fail-fast`, lost registers (or a stopped queue) left unrun, and why. Throws when a
    /// worker's environment cannot be made.
    func run(
        _ scenarios: [PlannedScenario], queue: WorkQueue, session: RunSession
    ) async throws(StartFailure) -> (notRun: [PlannedScenario], reason: NotRunReason) {
        let environments = try await makeEnvironments(
            count: max(1, min(options.jobs, scenarios.count)), session: session)
        await withTaskGroup(of: Void.self) { group in
            for environment in environments {
                group.addTask {
                    await Worker(
                        executor: executor, options: options, environment: environment, scenarios: scenarios,
                        queue: queue, session: session
                    ).work()
                }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for environment in environments {
                group.addTask { _ = await Watchdog().run(.seconds(10)) { await environment.shutdown() } }
            }
        }
        let notRun = Array(scenarios[min(queue.taken, scenarios.count)...])
        return (notRun, queue.lostReason.map(NotRunReason.registerLost) ?? .failFast)
    }

    private func makeEnvironments(count: Int, session: RunSession) async throws(StartFailure) -> [any WorkerEnvironment]
    {
        let limit = max(executor.timeout * 10, .seconds(30))
        let made = await withTaskGroup(of: (Int, Result<any WorkerEnvironment, StartFailure>).self) { group in
            for index in 0..<count {
                let workerSettings = WorkerSettings(
                    workerIndex: index, workerCount: count,
                    target: options.targets.indices.contains(index) ? options.targets[index] : nil,
                    stepTimeout: executor.timeout)
                group.addTask {
                    switch await Watchdog().run(limit, { try await factory(workerSettings) }) {
                    case .finished(.success(let environment)):
                        return (index, .success(environment))
                    case .finished(.failure(let error)):
                        // The step library says what could not be reached; a worker's number
                        // only helps when there are several.
                        let worker = count > 1 ? "worker \(index + 1): " : ""
                        return (index, .failure(StartFailure("\(worker)\(error)")))
                    case .timedOut, .cancelled:
                        let why = "the environment did not start within \(ScenarioExecutor.describe(limit))"
                        return (index, .failure(StartFailure("worker \(index + 1): \(why)")))
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let environments = made.compactMap { try? $0.get() }
        environments.forEach(session.register)
        let failures = made.compactMap { result in
            if case .failure(let failure) = result { failure.description } else { nil }
        }
        guard failures.isEmpty else {
            for environment in environments {
                _ = await Watchdog().run(.seconds(10)) { await environment.shutdown() }
            }
            throw StartFailure(failures.joined(separator: "\n"))
        }
        return environments
    }
}

/// Hands out scenario positions in order until exhausted or stopped.
final class WorkQueue: Sendable {
    private struct State {
        var next = 0
        var stopped = false
        /// Why the last worker that stopped for a lost register did (`RegisterLoss`).
        var lostReason: String?
    }

    private let count: Int
    private let state = Mutex(State())

    init(count: Int) { self.count = count }

    func take() -> Int? {
        state.withLock { state in
            guard !state.stopped, state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func stop() { state.withLock { $0.stopped = true } }

    /// A worker stopped taking scenarios: its register stopped answering.
    func workerLost(reason: String) { state.withLock { $0.lostReason = reason } }

    var lostReason: String? { state.withLock { $0.lostReason } }

    var taken: Int { state.withLock { $0.next } }
}

/// Why a run cannot start; reported as one `<error>` test case, exit status 1.
struct StartFailure: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
