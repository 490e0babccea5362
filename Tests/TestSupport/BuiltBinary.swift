import Foundation

/// The `spec-run` executable that `swift test` built beside the test bundle.
public enum BuiltBinary {
    /// Path of the built `spec-run`, found next to the running test bundle (or in
    /// `.build/debug`); `$SPEC_RUN_BINARY` overrides.
    public static var path: String { find("spec-run", override: "SPEC_RUN_BINARY") }

    /// Path of the built `spec-run-self-test`: `spec-run` with the self-test steps and
    /// hooks (Tests/SelfTestBinary), which the shipped binary does not have.
    public static var selfTestPath: String { find("spec-run-self-test", override: "SPEC_RUN_SELF_TEST_BINARY") }

    /// `selfTestPath` when `environment` turns the self-test steps on, else `path`.
    public static func path(for environment: [String: String]) -> String {
        environment["SPEC_RUN_TEST_STEPS"] == nil ? path : selfTestPath
    }

    private static func find(_ name: String, override: String) -> String {
        if let path = ProcessInfo.processInfo.environment[override], !path.isEmpty { return path }
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        var directory = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent(name))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(SharedTestdata.packageRoot.appendingPathComponent(".build/debug/\(name)"))
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
        try Shell.run(path(for: environment), arguments, environment: environment, currentDirectory: directory)
    }

    /// Like `run`, awaited without blocking a thread of the cooperative pool (see `offPool`).
    public static func execute(
        _ arguments: [String],
        in directory: URL? = nil,
        environment: [String: String] = [:]
    ) async throws -> Shell.Output {
        try await Shell.execute(
            path(for: environment), arguments, environment: environment, currentDirectory: directory)
    }

    /// A new empty temporary directory, removed when the test process exits (`ScratchSpace`).
    public static func temporaryDirectory(_ label: String = "spec-run-test") throws -> URL {
        try ScratchSpace.folder(label)
    }
}
