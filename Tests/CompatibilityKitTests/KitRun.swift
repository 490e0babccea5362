import Foundation
import Gherkin
import TestSupport

@testable import SpecRunner

/// Runs one Compatibility Kit sample in-process, from the kit's folder (so the files'
/// uris are the kit's own, `samples/NAME/NAME.feature`), with `--format message` to a
/// scratch file and the sample's own options; returns the messages written.
enum KitRun {
    static let kit = SharedTestdata.url("testdata/cucumber-compatibility-kit")

    static func folder(_ sample: String) -> URL { kit.appendingPathComponent("samples/\(sample)") }

    /// The sample's `NAME.arguments.txt`, split at white space (none when it has none).
    static func arguments(of sample: String) -> [String] {
        let url = folder(sample).appendingPathComponent("\(sample).arguments.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    static func expected(_ sample: String) throws -> String {
        try String(contentsOf: folder(sample).appendingPathComponent("\(sample).ndjson"), encoding: .utf8)
    }

    /// The messages of a run of `sample` with `registry` (the sample's own steps by default).
    static func messages(
        of sample: String, registry: StepRegistry? = nil, extraArguments: [String] = []
    ) async throws -> (status: Int32, messages: String, stderr: String) {
        let scratch = try BuiltBinary.temporaryDirectory("spec-run-kit")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("messages.ndjson")
        let stderr = LockedBox("")
        let host = RunHost(
            currentDirectory: kit.path, environment: [:], isTerminal: false, hostname: "test-host",
            now: { Date() }, standardOutput: { _ in }, standardError: { text in stderr.withLock { $0 += text } },
            makeInterrupts: { InterruptSource() },
            parse: { bytes, uri in parseFeatureFile(bytes: bytes, uri: uri) })
        let registry = registry ?? KitSteps.registry(for: sample)
        let status = await SpecRun.run(
            arguments: ["--junit", "-", "--format", "progress:\(scratch.path)/progress.txt"]
                + ["--format", "message:\(output.path)", "--timeout", "30"] + arguments(of: sample) + extraArguments
                + ["samples/\(sample)"],
            registry: { registry }, host: host)
        let messages = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return (status, messages, stderr.withLock { $0 })
    }
}
