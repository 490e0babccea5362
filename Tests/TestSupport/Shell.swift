import Foundation

/// Runs a child process and collects what it printed; for tests that drive peers and the
/// built binary.
public enum Shell {
    /// At most eight children run through `Shell` at once. Each costs the test process
    /// about ten descriptors while it runs (its pipes, the socket Foundation learns of its
    /// end by, the run loop of the thread that waits for it), and parameterised tests start
    /// hundreds together: past 1,024 descriptors Foundation's `select` can no longer see a
    /// child end, and every wait for one hangs.
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let (outPipe, errPipe, inPipe) = try ChildLaunch.alone {
            let pipes = (Pipe(), Pipe(), Pipe())
            process.standardOutput = pipes.0
            process.standardError = pipes.1
            process.standardInput = pipes.2
            try process.run()
            return pipes
        }
        // Drain both pipes at once, so a chatty child cannot block on a full pipe: standard
        // error on a thread of its own, standard output on this one. Not on Dispatch's global
        // queues: on Linux they share their threads with Swift's cooperative pool, and a
        // reader blocked for as long as the child runs would hold one of them.
        let collector = PipeCollector()
        let errorDone = DispatchSemaphore(value: 0)
        let errorReader = Thread {
            collector.store(errPipe.fileHandleForReading.readDataToEndOfFile(), at: 1)
            errorDone.signal()
        }
        errorReader.stackSize = 1 << 20
        errorReader.start()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try? inPipe.fileHandleForWriting.close()
        collector.store(outPipe.fileHandleForReading.readDataToEndOfFile(), at: 0)
        errorDone.wait()
        let ending = ChildLaunch.waitForExit(process)
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
