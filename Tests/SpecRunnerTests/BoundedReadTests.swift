import Foundation
import Gherkin
import TestSupport
import Testing

@testable import SpecRunner

/// Feature files are read up to `FeatureFileReader.maximumFileSize` (4 MiB), and never
/// from a pipe or a device; a refused file is named, and the other files still run.
@Suite("Bounded reads")
struct BoundedReadTests {
    static let limit = FeatureFileReader.maximumFileSize

    @Test("the limit is 4 MiB: a file of that size is read, one byte more is refused with its size")
    func sizeLimit() throws {
        let folder = try BuiltBinary.temporaryDirectory("spec-run-bounded")
        let atLimit = folder.appendingPathComponent("at-limit.feature").path
        let above = folder.appendingPathComponent("above.feature").path
        #expect(Self.limit == 4 * 1024 * 1024)
        try Data(repeating: UInt8(ascii: "#"), count: Self.limit).write(to: URL(fileURLWithPath: atLimit))
        try Data(repeating: UInt8(ascii: "#"), count: Self.limit + 1).write(to: URL(fileURLWithPath: above))
        #expect((try? FeatureFileReader.readFile(atPath: atLimit).get())?.count == Self.limit)
        let refusal = FeatureFileReader.readFile(atPath: above)
        #expect(refusal == .failure(.tooLarge(size: Self.limit + 1)))
        if case .failure(let reason) = refusal {
            #expect(reason.description == "it is 4.0 MiB, above the limit of 4 MiB for a feature file")
        }
    }

    @Test("an editor's buffer above the limit gets what a run says of the file, and no other problem")
    func editorBufferAboveTheLimit() {
        let check = DocumentCheck(registry: TestSteps.registry())
        let line = "Scenaro: " + String(repeating: " ", count: 1_000) + "\n"
        let above = String(repeating: line, count: Self.limit / line.utf8.count + 1)
        let problems = check.problems(in: above)
        #expect(problems.count == 1, "\(problems.prefix(3))")
        #expect(problems.first?.line == 1)
        #expect(
            problems.first?.message
                == "the file is not read (it is 4.0 MiB, above the limit of 4 MiB for a feature file)")
        // The same lines, fewer of them: checked, and what Gherkin says of them is told.
        let checked = check.problems(in: String(repeating: line, count: 3))
        #expect(!checked.isEmpty && !checked.contains { $0.message.hasPrefix("the file is not read") }, "\(checked)")
    }

    @Test("a named pipe and /dev/zero are refused at once, without being read")
    func pipesAndDevices() throws {
        let folder = try BuiltBinary.temporaryDirectory("spec-run-bounded")
        let pipe = folder.appendingPathComponent("in.feature").path
        #expect(mkfifo(pipe, 0o644) == 0)
        // No writer: opening it to read would wait; reading /dev/zero would never end.
        #expect(FeatureFileReader.readFile(atPath: pipe) == .failure(.notRegularFile(kind: "a named pipe")))
        #expect(FeatureFileReader.readFile(atPath: "/dev/zero") == .failure(.notRegularFile(kind: "a device")))
        let finder = FeatureFinder(currentDirectory: folder.path)
        #expect(
            finder.read("in.feature").failure?.reason
                == "the file is not read (it is a named pipe, not a regular file: feature files are read only from"
                + " regular files)")
    }

    @Test("spec-run gherkin refuses /dev/zero and a named pipe, and reads the files after them")
    func gherkinCommand() throws {
        let folder = try BuiltBinary.temporaryDirectory("spec-run-bounded")
        let pipe = folder.appendingPathComponent("in.feature").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let good = folder.appendingPathComponent("good.feature").path
        try "Feature: Good\n  Scenario: s\n    Given x\n".write(toFile: good, atomically: true, encoding: .utf8)
        let errors = LockedBox("")
        let output = LockedBox([UInt8]())
        let runner = GherkinCommandRunner(
            environment: .init(
                fileSystem: .local,
                writeOutput: { json in
                    let bytes = json.bytes
                    output.withLock { $0 += bytes }
                },
                writeError: { text in errors.withLock { $0 += text } }))
        let status = runner.run(arguments: ["--no-source", "/dev/zero", pipe, good])
        #expect(status == 2)
        let text = errors.withLock { $0 }
        #expect(text.contains("spec-run gherkin: cannot read /dev/zero: it is a device, not a regular file"), "\(text)")
        #expect(text.contains("spec-run gherkin: cannot read \(pipe): it is a named pipe"), "\(text)")
        #expect(String(decoding: output.withLock { $0 }, as: UTF8.self).contains("\"name\":\"Good\""))
    }

    @Test("a run with a file above the limit: the file is named with its size and the limit, the others run")
    func oversizedFileInARun() async throws {
        var big = "Feature: Big\n"
        while big.utf8.count <= Self.limit {
            big += String(repeating: "  # a comment line to fill the file\n", count: 4_096)
        }
        let run = try FolderRun([
            "features/a.feature": "Feature: A\n  Scenario: small\n    Given a passing step\n",
            "features/big.feature": big,
        ])
        let outcome = await run.run(["--format", "progress"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains("features/big.feature: the file is not read (it is 4.")
                && outcome.stdout.contains(" MiB, above the limit of 4 MiB for a feature file)"),
            "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("1 passed, 1 failed\n"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(run.path("reports/junit.xml"))
        #expect(report.named("small")?.result == "passed")
        #expect(report.cases.contains { $0.name == "(parse error)" && $0.message?.contains("4 MiB") == true })
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
