import Foundation
import Gherkin
import TestSupport

@testable import SpecRunner

/// Runs `SpecRun.run` in-process in a folder the test has prepared (named pipes, folders,
/// an earlier report), with hooks into the parser and the console, for tests that act
/// at a given moment of the run.
struct FolderRun {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let directory: URL
    var interrupts = InterruptSource()
    var registry: StepRegistry = TestSteps.registry()
    /// Called for each file parsed, before it is parsed.
    var beforeParse: @Sendable (String) -> Void = { _ in }
    /// Called with everything the console writes to stdout, as it writes it; what it
    /// throws is the write failing (a full disk).
    var onOutput: @Sendable (String) throws(ReportFile.WriteError) -> Void = { _ in }

    init(_ files: [String: String]) throws {
        directory = try TemporaryProject.make(files, label: "spec-run-unit")
    }

    func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    func run(_ arguments: [String]) async -> Outcome {
        let stdout = LockedBox("")
        let stderr = LockedBox("")
        let beforeParse = self.beforeParse
        let onOutput = self.onOutput
        let interrupts = self.interrupts
        let host = RunHost(
            currentDirectory: directory.path, environment: [:], isTerminal: false, hostname: "test-host",
            now: { Date(timeIntervalSince1970: 1_700_000_000) },
            standardOutput: { text throws(ReportFile.WriteError) in
                stdout.withLock { $0 += text }
                try onOutput(text)
            },
            standardError: { text in stderr.withLock { $0 += text } },
            makeInterrupts: { interrupts },
            parse: { bytes, uri in
                beforeParse(uri)
                return parseFeatureFile(bytes: bytes, uri: uri)
            })
        let registry = self.registry
        let status = await SpecRun.run(arguments: arguments + ["--timeout", "30"], registry: { registry }, host: host)
        return Outcome(status: status, stdout: stdout.withLock { $0 }, stderr: stderr.withLock { $0 })
    }
}
