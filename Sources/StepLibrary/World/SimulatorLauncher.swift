import StepInterface

/// A simulator the executable started for one worker: where it listens, and how to stop it.
public struct LaunchedSimulator: Sendable {
    /// The base URL, `ws://127.0.0.1:PORT` (no path).
    var url: String
    /// Stops the simulator at the end of the run.
    var stop: @Sendable () async -> Void

    public init(url: String, stop: @escaping @Sendable () async -> Void) {
        self.url = url
        self.stop = stop
    }
}

/// Starts one built-in simulator for a worker (used when no `--target` is given), knowing
/// the worker's index and how many workers the run has. Throwing means the run cannot
/// start.
public typealias SimulatorLauncher = @Sendable (_ worker: WorkerSettings) async throws -> LaunchedSimulator
