import Foundation
import TestSupport
import Testing

/// Paths that cannot be right, refused before anything runs: report paths that would
/// replace a feature file or cannot be a report file, and inputs that are no feature
/// files (`/dev/zero`, a named pipe, a file above the size limit), for the run and for
/// `spec-run gherkin` (docs/runner.md, docs/gherkin.md).
@Suite("Refused paths (built binary)")
struct RefusedInputEndToEndTests {
    static let selfTest = ["SPEC_RUN_TEST_STEPS": "1", "NO_COLOR": "1"]
    static let cart = "Feature: Cart\n  Scenario: add\n    Given spec-run self-test: passes\n"

    private func folder(_ files: [String: String] = [:]) throws -> URL {
        try TemporaryProject.make(["features/register/cart.feature": Self.cart].merging(files) { _, new in new })
    }

    /// Runs the binary with a bound: a run that hangs (a pipe opened for writing) is
    /// killed and reported, not waited for.
    private func run(_ arguments: [String], in directory: URL) async throws -> (
        status: Int32, stdout: String, stderr: String
    )? {
        let run = try BackgroundRun(arguments, in: directory, environment: Self.selfTest)
        guard try await offPool({ run.waitForExit(within: .seconds(30)) }) else {
            run.signal(SIGKILL)
            Issue.record("spec-run \(arguments.joined(separator: " ")) still ran after 30 s")
            return nil
        }
        return (run.ending?.shellStatus ?? -1, run.stdout, run.stderr)
    }

    @Test("--junit features/register/cart.feature (the report's name forgotten): exit 2, the feature file kept")
    func featureFileAsReport() async throws {
        let directory = try folder()
        let output = try #require(try await run(["--junit", "features/register/cart.feature"], in: directory))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty, "nothing ran: \(output.stdout)")
        #expect(
            output.stderr
                == "spec-run: error: the JUnit report cannot be written to features/register/cart.feature: it is a"
                + " feature file, which the report would replace (did the report's name after --junit go missing?)\n")
        let kept = try String(
            contentsOf: directory.appendingPathComponent("features/register/cart.feature"), encoding: .utf8)
        #expect(kept == Self.cart)
    }

    @Test("a named pipe as the report path: refused at once, exit 2, still a pipe")
    func namedPipeAsReport() async throws {
        let directory = try folder()
        let pipe = directory.appendingPathComponent("report.pipe").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let output = try #require(try await run(["--junit", "report.pipe"], in: directory))
        #expect(output.status == 2 && output.stdout.isEmpty)
        #expect(
            output.stderr.hasPrefix(
                "spec-run: error: the JUnit report cannot be written to report.pipe: it is a named pipe"))
        var info = stat()
        #expect(stat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("a folder as the report path: refused before the run, exit 2, the folder untouched")
    func folderAsReport() async throws {
        let directory = try folder(["out/keep.txt": "kept\n"])
        let output = try #require(try await run(["--junit", "out"], in: directory))
        #expect(output.status == 2 && output.stdout.isEmpty, "nothing ran: \(output.stdout)")
        #expect(
            output.stderr
                == "spec-run: error: the JUnit report cannot be written to out: it is a folder: a report is a file (such as out/junit.xml)\n"
        )
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path)
        #expect(names == ["keep.txt"])
    }

    @Test("spec-run gherkin /dev/zero, or a named pipe: refused at once, exit 2, the other files still read")
    func gherkinRefusesDevicesAndPipes() async throws {
        let directory = try folder()
        #expect(mkfifo(directory.appendingPathComponent("in.pipe").path, 0o644) == 0)
        let output = try #require(
            try await run(
                ["gherkin", "--no-source", "/dev/zero", "in.pipe", "features/register/cart.feature"], in: directory))
        #expect(output.status == 2)
        #expect(
            output.stderr.contains(
                "spec-run gherkin: cannot read /dev/zero: it is a device, not a regular file: feature files are read only from regular files\n"
            ),
            "\(output.stderr)")
        #expect(output.stderr.contains("spec-run gherkin: cannot read in.pipe: it is a named pipe, not a regular file"))
        #expect(output.stdout.contains("\"name\":\"add\""), "the feature file after them is read: \(output.stdout)")
    }

    @Test("/dev/zero and a named pipe given to the run: refused at once, named in the report, the rest runs")
    func runRefusesDevicesAndPipes() async throws {
        let directory = try folder()
        #expect(mkfifo(directory.appendingPathComponent("in.pipe").path, 0o644) == 0)
        let output = try #require(
            try await run(
                ["/dev/zero", "in.pipe", "features/register/cart.feature", "--format", "progress"], in: directory))
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("/dev/zero: the file is not read (it is a device, not a regular file"))
        #expect(output.stdout.contains("in.pipe: the file is not read (it is a named pipe, not a regular file"))
        #expect(output.stdout.hasSuffix("1 passed, 2 failed\n"), "\(output.stdout)")
    }

    @Test("a feature file above 4 MiB is refused with its name and the limit; the other files still run")
    func oversizedFeatureFile() async throws {
        var big = "Feature: Big\n"
        let scenario = "  Scenario: s\n    Given spec-run self-test: passes\n"
        while big.utf8.count <= 4 * 1024 * 1024 { big += String(repeating: scenario, count: 1_000) }
        let directory = try folder(["features/big.feature": big])
        let size = big.utf8.count
        let output = try #require(try await run(["--format", "progress"], in: directory))
        #expect(output.status == 1)
        let tenths = (size * 10 + (1 << 19)) >> 20
        #expect(
            output.stdout.contains(
                "features/big.feature: the file is not read (it is \(tenths / 10).\(tenths % 10) MiB, above the limit"
                    + " of 4 MiB for a feature file)"), "\(output.stdout)")
        #expect(output.stdout.hasSuffix("1 passed, 1 failed\n"), "the cart still ran: \(output.stdout)")
        let gherkin = try #require(try await run(["gherkin", "features"], in: directory))
        #expect(gherkin.status == 2)
        #expect(gherkin.stderr.contains("cannot read features/big.feature: it is \(tenths / 10).\(tenths % 10) MiB"))
        #expect(gherkin.stdout.contains("\"name\":\"add\""))
    }
}
