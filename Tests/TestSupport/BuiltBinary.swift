import Foundation

/// The `spec-run` executable that `swift test` built beside the test bundle.
public enum BuiltBinary {
    /// Path of the built `spec-run`, found next to the running test bundle (or in
    /// `.build/debug`); `$SPEC_RUN_BINARY` overrides.
    public static var path: String {
        if let override = ProcessInfo.processInfo.environment["SPEC_RUN_BINARY"], !override.isEmpty {
            return override
        }
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        var directory = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("spec-run"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(SharedTestdata.packageRoot.appendingPathComponent(".build/debug/spec-run"))
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return (found ?? candidates[candidates.count - 1]).path
    }

    /// Runs the built binary with `arguments` in `directory` (default: a fresh temporary
    /// folder) and returns what it printed.
    public static func run(
        _ arguments: [String],
        in directory: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> Shell.Output {
        try Shell.run(path, arguments, environment: environment, currentDirectory: directory)
    }

    /// Like `run`, awaited without blocking a thread of the cooperative pool (see `offPool`).
    public static func execute(
        _ arguments: [String],
        in directory: URL? = nil,
        environment: [String: String] = [:]
    ) async throws -> Shell.Output {
        try await Shell.execute(path, arguments, environment: environment, currentDirectory: directory)
    }

    /// A new empty temporary directory, removed when the test process exits (`ScratchSpace`).
    public static func temporaryDirectory(_ label: String = "spec-run-test") throws -> URL {
        try ScratchSpace.folder(label)
    }
}
