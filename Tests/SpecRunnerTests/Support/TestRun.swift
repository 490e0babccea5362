import Foundation
import Gherkin
import TestSupport
import Testing

@testable import SpecRunner

/// Runs `SpecRun.main` in-process on feature files written to a fresh folder, with the
/// console captured and interrupts under the test's control.
struct TestRun {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
        let directory: URL
        /// How long `SpecRun.run` took, without the checks of its reports that follow it
        /// (which wait for peers shared by the whole suite).
        let duration: Duration
        /// The JUnit report's text, when one was written to the default place.
        var report: String? {
            try? String(contentsOf: directory.appendingPathComponent("reports/junit.xml"), encoding: .utf8)
        }
        /// Standard output with run times replaced (`in 0.84s` → `in X.XXs`).
        var console: String {
            stdout.replacingOccurrences(of: #" in \d+\.\d\ds\n"#, with: " in X.XXs\n", options: .regularExpression)
        }
        var reportPath: String { directory.appendingPathComponent("reports/junit.xml").path }
    }

    /// `name → contents`, written under `features/` unless the name has a folder.
    var files: [String: String]
    /// Symbolic links to make, by name: where each points.
    var links: [String: String] = [:]
    var registry: StepRegistry = TestSteps.registry()
    var environment: [String: String] = [:]
    var isTerminal = false
    var interrupts = InterruptSource()

    init(files: [String: String]) {
        self.files = files
    }

    init(_ feature: String) {
        self.files = ["features/test.feature": feature]
    }

    func run(_ arguments: [String] = []) async throws -> Outcome {
        let directory = try BuiltBinary.temporaryDirectory("spec-run-unit")
        for (name, contents) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        for (name, destination) in links {
            try FileManager.default.createSymbolicLink(
                atPath: directory.appendingPathComponent(name).path, withDestinationPath: destination)
        }
        let stdout = LockedBox("")
        let stderr = LockedBox("")
        let interrupts = self.interrupts
        let host = RunHost(
            currentDirectory: directory.path, environment: environment, isTerminal: isTerminal, hostname: "test-host",
            now: { Date(timeIntervalSince1970: 1_700_000_000) },
            standardOutput: { text in stdout.withLock { $0 += text } },
            standardError: { text in stderr.withLock { $0 += text } },
            makeInterrupts: { interrupts },
            parse: { bytes, uri in parseFeatureFile(bytes: bytes, uri: uri) })
        let registry = self.registry
        // A generous step limit unless the test sets one: the suite runs many runs at once
        // on a small, shared machine, and only the timeout tests should ever time out.
        // `{dir}` in an argument stands for the run's folder (to name a file by its absolute path).
        let arguments = (arguments.contains("--timeout") ? arguments : arguments + ["--timeout", "30"]).map {
            $0.replacingOccurrences(of: "{dir}", with: directory.path)
        }
        let started = ContinuousClock.now
        let status = await SpecRun.run(arguments: arguments, registry: { registry }, host: host)
        let duration = ContinuousClock.now - started
        // Every report a test produces must validate, whatever the test then checks.
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var reports: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".xml") { reports.append(directory.appendingPathComponent(path).path) }
        }
        for report in reports { try await ReportCheck.validate(report) }
        return Outcome(
            status: status, stdout: stdout.withLock { $0 }, stderr: stderr.withLock { $0 }, directory: directory,
            duration: duration)
    }
}
