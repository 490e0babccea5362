import Foundation

/// Runs a child process and collects what it printed; for tests that drive peers and the
/// built binary.
public enum Shell {
    public struct Output: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// Runs `executable` with `arguments`, feeding `input` on standard input, and waits.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        input: Data? = nil,
        environment: [String: String]? = nil,
        currentDirectory: URL? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        // Drain both pipes concurrently so a chatty child cannot block on a full pipe.
        let collector = PipeCollector()
        let group = DispatchGroup()
        for (index, pipe) in [outPipe, errPipe].enumerated() {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collector.store(data, at: index)
                group.leave()
            }
        }
        if let input { inPipe.fileHandleForWriting.write(input) }
        try? inPipe.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: collector.data(at: 0), as: UTF8.self),
            stderr: String(decoding: collector.data(at: 1), as: UTF8.self)
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
