import Foundation
import Gherkin
import Synchronization
import Testing
import Wire

/// The logic of `spec-run gherkin`: options, exit codes, file discovery and output.
@Suite("spec-run gherkin command")
struct GherkinCommandTests {
    /// Output captured from one run.
    final class Captured: Sendable {
        let stdout = Mutex<[UInt8]>([])
        let stderr = Mutex("")
        var outputLines: [String] {
            stdout.withLock { String(decoding: $0, as: UTF8.self) }.split(separator: "\n").map(String.init)
        }
        var errorText: String { stderr.withLock { $0 } }
    }

    private func run(_ arguments: [String], files: [String: String] = [:]) -> (Int32, Captured) {
        let captured = Captured()
        let fileSystem = FeatureFileSystem(
            kind: { path in
                if files[path] != nil { return .file }
                return files.keys.contains { $0.hasPrefix(path + "/") } ? .directory : .missing
            },
            featureFiles: { directory in files.keys.filter { $0.hasPrefix(directory + "/") }.sorted() },
            read: { path in Array((files[path] ?? "").utf8) }
        )
        let runner = GherkinCommandRunner(
            environment: .init(
                fileSystem: fileSystem,
                writeOutput: { json in
                    let bytes = json.bytes
                    captured.stdout.withLock { $0 += bytes }
                },
                writeError: { text in captured.stderr.withLock { $0 += text } }
            )
        )
        return (runner.run(arguments: arguments), captured)
    }

    private func kinds(_ lines: [String]) throws -> [String] {
        try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object?.keys.first)
        }
    }

    private let minimal = "Feature: f\n  Scenario: s\n    Given x\n"

    @Test("--help prints the usage and succeeds")
    func help() {
        let (status, captured) = run(["--help"])
        #expect(status == 0)
        #expect(captured.outputLines.first?.hasPrefix("usage: spec-run gherkin") == true)
    }

    @Test("usage errors print one line and the usage, and exit 2", arguments: [["--nope"], [], ["--no-ast"]])
    func usageErrors(arguments: [String]) {
        let (status, captured) = run(arguments)
        #expect(status == 2)
        let lines = captured.errorText.split(separator: "\n")
        #expect(lines.first?.hasPrefix("spec-run gherkin: ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("usage: ") == true)
        #expect(captured.outputLines.isEmpty)
    }

    @Test("a missing path is reported and exits 2")
    func missingPath() {
        let (status, captured) = run(["missing.feature"])
        #expect(status == 2)
        #expect(captured.errorText == "spec-run gherkin: no such file or directory: missing.feature\n")
    }

    @Test("by default: source, document and pickles, one envelope per line")
    func defaultOutput() throws {
        let (status, captured) = run(["a.feature"], files: ["a.feature": minimal])
        #expect(status == 0)
        #expect(try kinds(captured.outputLines) == ["source", "gherkinDocument", "pickle"])
    }

    @Test("the --no-* options leave out their envelopes")
    func filters() throws {
        let files = ["a.feature": minimal]
        #expect(
            try kinds(run(["--no-source", "a.feature"], files: files).1.outputLines) == ["gherkinDocument", "pickle"])
        #expect(try kinds(run(["--no-ast", "a.feature"], files: files).1.outputLines) == ["source", "pickle"])
        #expect(
            try kinds(run(["--no-pickles", "a.feature"], files: files).1.outputLines) == ["source", "gherkinDocument"])
        #expect(
            run(["--no-source", "--no-ast", "--no-pickles", "a.feature"], files: files).1.outputLines.isEmpty
        )
    }

    @Test("--predictable-ids numbers ids across files; otherwise ids are UUIDs")
    func ids() {
        let files = ["d/a.feature": minimal, "d/b.feature": minimal]
        let predictable = run(["--predictable-ids", "--no-source", "--no-ast", "d"], files: files).1.outputLines
        #expect(predictable.count == 2)
        #expect(predictable[0].contains("\"id\":\"3\""))
        #expect(predictable[1].contains("\"id\":\"7\""))
        let random = run(["--no-source", "--no-ast", "d/a.feature"], files: files).1.outputLines
        #expect(random.first?.contains("\"id\":\"3\"") == false)
    }

    @Test("a file with parse errors prints its source and errors and exits 1")
    func parseErrors() throws {
        let files = ["bad.feature": "Feature: x\n  nonsense\n  Scenario: y\n  @\n"]
        let (status, captured) = run(["bad.feature", "--"], files: files)
        #expect(status == 1)
        #expect(try kinds(captured.outputLines).first == "source")
        #expect(try kinds(captured.outputLines).dropFirst().allSatisfy { $0 == "parseError" })
    }

    @Test("directories are searched recursively for *.feature files in sorted order")
    func directoryWalk() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gherkin-walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["b.feature", "a/z.feature", "a/c.feature", "notes.txt", "c.feature.bak"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("Feature: x\n".utf8).write(to: url)
        }
        let found = FeatureFileSystem.local.featureFiles(under: root.path)
        #expect(found == ["a/c.feature", "a/z.feature", "b.feature"].map { root.path + "/" + $0 })
        #expect(FeatureFileSystem.local.kind(of: root.path) == .directory)
        #expect(FeatureFileSystem.local.kind(of: found[0]) == .file)
        #expect(FeatureFileSystem.local.kind(of: root.path + "/none") == .missing)
    }
}
