import Foundation

/// Runs a child process and collects what it printed; for tests that drive peers and the
/// built binary.
public enum Shell {
    /// At most eight children run through `Shell` at once: parameterised tests start
    /// hundreds together, and each holds descriptors and a reading thread while it runs.
    private static let running = DispatchSemaphore(value: 8)

    public struct Output: Sendable {
        /// The exit status, or the signal's number when a signal ended the process.
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// Whether a signal ended the process (a crash, a trap) instead of an exit.
        public let signalled: Bool
    }

    /// Runs `executable` with `arguments`, feeding `input` on standard input, and waits,
    /// blocking the calling thread: from Swift concurrency, call `execute`.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        input: Data? = nil,
        environment: [String: String]? = nil,
        currentDirectory: URL? = nil
    ) throws -> Output {
        running.wait()
        defer { running.signal() }
        let child = try Child(
            executable, arguments, environment: environment ?? [:], currentDirectory: currentDirectory,
            stdin: input == nil ? .null : .pipe)
        // Drain both pipes at once, so a chatty child cannot block on a full pipe: standard
        // error on a thread of its own, standard output on this one. Not on Dispatch's global
        // queues: on Linux they share their threads with Swift's cooperative pool, and a
        // reader blocked for as long as the child runs would hold one of them.
        let collector = PipeCollector()
        let errorDone = DispatchSemaphore(value: 0)
        let errorReader = Thread {
            collector.store(child.errorOutput?.readDataToEndOfFile() ?? Data(), at: 1)
            errorDone.signal()
        }
        errorReader.stackSize = 1 << 20
        errorReader.start()
        if let input, let writer = child.input {
            writer.write(input)
            try? writer.close()
        }
        collector.store(child.output?.readDataToEndOfFile() ?? Data(), at: 0)
        errorDone.wait()
        let ending = child.wait()
        return Output(
            status: ending.status,
            stdout: String(decoding: collector.data(at: 0), as: UTF8.self),
            stderr: String(decoding: collector.data(at: 1), as: UTF8.self),
            signalled: ending.signalled
        )
    }

    /// Like `run`, awaited without blocking a thread of the cooperative pool (see `offPool`).
    public static func execute(
        _ executable: String,
        _ arguments: [String],
        input: Data? = nil,
        environment: [String: String]? = nil,
        currentDirectory: URL? = nil
    ) async throws -> Output {
        try await offPool {
            try run(executable, arguments, input: input, environment: environment, currentDirectory: currentDirectory)
        }
    }

    /// Runs a `/bin/sh -c` command line.
    public static func sh(_ command: String, currentDirectory: URL? = nil) throws -> Output {
        try run("/bin/sh", ["-c", command], currentDirectory: currentDirectory)
    }
}

/// Thread-safe storage for the two pipe readers.
private final class PipeCollector: Sendable {
    private let storage = LockedBox<[Int: Data]>([:])
    func store(_ data: Data, at index: Int) { storage.withLock { $0[index] = data } }
    func data(at index: Int) -> Data { storage.withLock { $0[index] ?? Data() } }
}
