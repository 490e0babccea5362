import Foundation
import TestSupport
import Testing

/// The built `spec-run` binary, run as CI runs it. Scenarios use the runner's self-test
/// steps (`SPEC_RUN_TEST_STEPS=1`, texts starting `spec-run self-test: `), so these tests
/// do not depend on the QA step library.
@Suite("spec-run (built binary)")
struct RunCommandEndToEndTests {
    static let selfTest = ["SPEC_RUN_TEST_STEPS": "1", "NO_COLOR": "1"]

    private func folder(_ files: [String: String]) throws -> URL {
        try TemporaryProject.make(files, label: "spec-run-e2e")
    }

    static let mixed = """
        Feature: Self test

          Scenario: passes
            Given spec-run self-test: passes

          Scenario: fails
            Given spec-run self-test: fails saying expected ¥300 but saw ¥250
            Then spec-run self-test: passes

          Scenario: undefined
            Given spec-run self-test: does something new
        """

    @Test("--version and --help exit 0 and print what they promise")
    func versionAndHelp() async throws {
        // Start-up time is measured by bench/runner (release build, hyperfine), not here:
        // a wall-clock limit inside a parallel test run only measures the machine's load.
        let version = try await BuiltBinary.execute(["--version"])
        #expect(version.status == 0 && version.stdout == "spec-run 0.1.0\n")
        let help = try await BuiltBinary.execute(["--help"])
        #expect(help.status == 0 && help.stdout.contains("--tags EXPR"))
        // Every command and every format is named, so a newcomer finds them from here.
        for named in ["spec-run steps", "spec-run simulate", "spec-run explore", "spec-run lsp", "html (", "129"] {
            #expect(help.stdout.contains(named), "--help names \(named)")
        }
        // Each command's --help answers, the language server's too (it does not start).
        for command in ["steps", "simulate", "explore", "lsp", "gherkin"] {
            let commandHelp = try await BuiltBinary.execute([command, "--help"])
            #expect(commandHelp.status == 0, "\(command) --help: \(commandHelp.stderr)")
            #expect(commandHelp.stdout.hasPrefix("usage: spec-run \(command)"), "\(commandHelp.stdout)")
        }
    }

    @Test("no arguments runs features/; a passing run exits 0 and writes reports/junit.xml")
    func passing() async throws {
        let directory = try folder([
            "features/a.feature": "Feature: A\n  Scenario: s\n    Given spec-run self-test: passes\n"
        ])
        let output = try await BuiltBinary.execute([], in: directory, environment: Self.selfTest)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasPrefix(".\n1 scenario (1 passed), 1 step (1 passed) in "))
        #expect(output.stdout.hasSuffix("s\n1 passed, 0 failed\n"))
        let report = directory.appendingPathComponent("reports/junit.xml").path
        #expect(try await ReportCheck.read(report).cases.map(\.result) == ["passed"])
    }

    @Test("failures and undefined steps exit 1; the report names both, the console prints the snippet with --snippets")
    func failing() async throws {
        let directory = try folder(["features/mixed.feature": Self.mixed])
        let output = try await BuiltBinary.execute(
            ["--junit", "out/r.xml", "--snippets"], in: directory, environment: Self.selfTest)
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "If it is a new step, a developer adds it to the step library:\n    registry.step(\"spec-run self-test: does something new\")"
            ))
        #expect(output.stdout.contains("Did you mean:\n    spec-run self-test: "))
        #expect(output.stdout.hasSuffix("1 passed, 2 failed\n"))
        let report = directory.appendingPathComponent("out/r.xml").path
        let cases = try await ReportCheck.read(report).cases
        try #require(cases.map(\.result) == ["passed", "failure", "failure"], "\(cases)")
        #expect(cases[1].message == "expected ¥300 but saw ¥250")
        #expect(cases[2].type == "undefined")
        let notStrict = try await BuiltBinary.execute(
            ["--no-strict", "--junit", "-"], in: directory, environment: Self.selfTest)
        #expect(notStrict.status == 1 && notStrict.stdout.hasSuffix("1 passed, 1 failed, 1 skipped\n"))
    }

    @Test("usage errors exit 2 with one line and the usage, and write no report")
    func usage() async throws {
        let directory = try folder(["features/a.feature": "Feature: A\n"])
        let output = try await BuiltBinary.execute(["--shard", "5/2"], in: directory)
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix("spec-run: error: --shard '5/2' is not I/N with 1 <= I <= N (e.g. 2/4)\nusage: "))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("reports").path))
        let missing = try await BuiltBinary.execute(["nope/"], in: directory)
        #expect(missing.status == 2 && missing.stderr == "spec-run: error: nope/: no such file or folder\n")
        let empty = try await BuiltBinary.execute([], in: try folder(["features/notes.txt": "x"]))
        #expect(empty.status == 2 && empty.stderr.contains("no feature files"))
    }

    @Test("--junit /dev/stdout in a job whose output goes to a log: the log is kept, the verdict stays last")
    func junitToOwnOutput() async throws {
        let directory = try folder(["features/a.feature": Self.mixed])
        let log = directory.appendingPathComponent("build.log")
        try "line from an earlier CI step\n".write(to: log, atomically: true, encoding: .utf8)
        let run = try await Shell.execute(
            "/bin/sh",
            ["-c", "exec \"$0\" --format progress --junit /dev/stdout >> build.log 2>&1", BuiltBinary.selfTestPath],
            environment: Self.selfTest, currentDirectory: directory)
        #expect(run.status == 1)
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.hasPrefix("line from an earlier CI step\n"), "the earlier step's output is kept: \(text)")
        #expect(text.contains("\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"), "\(text)")
        #expect(text.hasSuffix("\n1 passed, 2 failed\n"), "the verdict is the last line: \(text)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("reports").path))
    }

    @Test("an open-files limit too low: raised toward the hard limit, or a clear error, never SIGILL")
    func openFileLimit() async throws {
        let directory = try folder([
            "features/a.feature": "Feature: A\n  Scenario: s\n    Given spec-run self-test: passes\n"
        ])
        // `ulimit -n 8` sets both limits: too few for Dispatch, which stops the process with
        // SIGILL, so the run must refuse to start before Dispatch is used.
        let hard = try await Shell.execute(
            "/bin/sh", ["-c", "ulimit -n 8 && exec \"$0\" \"$@\"", BuiltBinary.selfTestPath, "--format", "summary"],
            environment: Self.selfTest, currentDirectory: directory)
        // A run that cannot start: exit 1 and a report that says why (runner.md).
        #expect(hard.status == 1, "\(hard.stdout)\(hard.stderr)")
        #expect(
            hard.stdout.hasPrefix(
                "The run could not start:\n  the open-files limit (ulimit -n) is 8, and a run needs 26: raise it"
                    + " (ulimit -n 1024) and run again\n"), "\(hard.stdout)")
        #expect(hard.stdout.hasSuffix("0 passed, 1 failed\n"))
        let report = directory.appendingPathComponent("reports/junit.xml").path
        #expect(try await ReportCheck.read(report).cases.map(\.name) == ["(run could not start)"])
        // A low soft limit under a higher hard one is raised, and the run goes on.
        let soft = try await Shell.execute(
            "/bin/sh", ["-c", "ulimit -S -n 8 && exec \"$0\" \"$@\"", BuiltBinary.selfTestPath, "--format", "summary"],
            environment: Self.selfTest, currentDirectory: directory)
        #expect(soft.status == 0, "\(soft.stdout)\(soft.stderr)")
        #expect(soft.stdout.hasSuffix("1 passed, 0 failed\n"), "\(soft.stdout)")
    }

    @Test("a file that does not parse: listed with file:line:column, the others run, exit 1")
    func parseError() async throws {
        let directory = try folder([
            "features/a.feature": "Feature: A\n  Scenario: s\n    Given spec-run self-test: passes\n",
            // A Background's error concerns every scenario: the file fails as a whole.
            "features/b.feature": "Feature: B\n  Background:\n    Given spec-run self-test: passes\n  garbage here\n",
        ])
        let output = try await BuiltBinary.execute([], in: directory, environment: Self.selfTest)
        #expect(output.status == 1)
        #expect(output.stdout.contains("features/b.feature:4:3: "))
        let report = directory.appendingPathComponent("reports/junit.xml").path
        #expect(try await ReportCheck.read(report).cases.map(\.name) == ["s", "(parse error)"])
    }

    @Test("an environment that cannot start: exit 1 and a report with one <error>, never a green one")
    func cannotStart() async throws {
        let directory = try folder([
            "features/a.feature": "Feature: A\n  Scenario: s\n    Given spec-run self-test: passes\n"
        ])
        let output = try await BuiltBinary.execute(
            [], in: directory, environment: ["SPEC_RUN_TEST_STEPS": "environment-fails"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("The run could not start:"))
        let report = directory.appendingPathComponent("reports/junit.xml").path
        let cases = try await ReportCheck.read(report).cases
        #expect(cases.map(\.result) == ["error"])
        #expect(cases.first?.message?.contains("the environment refuses to start") == true, "\(cases)")
    }

    @Test("control characters, ]]>, emoji and a 1 MB failure still give a valid, readable report")
    func hostileReport() async throws {
        let directory = try folder([
            "features/a.feature": """
            Feature: Hostile ]]> & <x> 🧾
              Scenario: odd characters
                Given spec-run self-test: fails with unusual characters
              Scenario: a megabyte
                Given spec-run self-test: fails with 1024 KB of text
            """
        ])
        let output = try await BuiltBinary.execute(["--format", "summary"], in: directory, environment: Self.selfTest)
        #expect(output.status == 1)
        let report = directory.appendingPathComponent("reports/junit.xml").path
        let cases = try await ReportCheck.read(report).cases
        #expect(cases.map(\.result) == ["failure", "failure"])
        #expect(cases.first?.message?.contains("]]> <tag> & \"quotes\" emoji 🧾") == true, "\(cases)")
    }

    @Test(
        "SIGINT or SIGTERM mid-run: exit 130 or 143 with the finished scenarios and the interrupted one as <error>",
        arguments: [SIGINT, SIGTERM])
    func interrupt(signal: Int32) async throws {
        let directory = try folder([
            "features/a.feature": """
            Feature: Long
              Scenario: quick
                Given spec-run self-test: passes
              Scenario: slow
                Given spec-run self-test: sleeps 120000 ms
              Scenario: later
                Given spec-run self-test: passes
            """
        ])
        let process = try Child(
            BuiltBinary.selfTestPath, ["--timeout", "180", "--format", "progress"], environment: Self.selfTest,
            currentDirectory: directory, stderr: .null)
        // Wait (bounded) for the first scenario's progress mark, then signal.
        let reader = try #require(process.output)
        // Reading blocks: do it off the cooperative pool, which other tests need meanwhile.
        let seen = try await offPool {
            var seen = Data()
            let deadline = ContinuousClock.now + .seconds(30)
            while !seen.contains(UInt8(ascii: ".")), ContinuousClock.now < deadline, process.isRunning {
                seen.append(reader.availableData)
            }
            return seen
        }
        #expect(seen.contains(UInt8(ascii: ".")), "the first scenario finished before the signal")
        // Give the worker time to start the sleeping scenario (it sleeps 120 s, longer than a
        // busy test process may take to get back here).
        try await Task.sleep(for: .milliseconds(500))
        process.signal(signal)
        guard let ending = try await offPool({ process.wait(within: .seconds(20)) }) else {
            process.signal(SIGKILL)
            Issue.record("spec-run did not exit within 20 s of the signal")
            return
        }
        // 128 + the signal's number, as a shell reports a process the signal ended.
        #expect(ending == Child.Ending(status: signal == SIGTERM ? 143 : 130, signalled: false))
        let report = directory.appendingPathComponent("reports/junit.xml").path
        let cases = try await ReportCheck.read(report).cases
        #expect(cases.map(\.name) == ["quick", "slow"])
        #expect(cases.map(\.result) == ["passed", "error"])
        #expect(cases.last?.type == "interrupted")
    }

    @Test(
        "a signal while the run starts, before it listens for interrupts, still ends in 130, 143 or 129 and a report",
        arguments: ["SIGINT", "SIGTERM", "SIGHUP"])
    func signalWhileStarting(signal: String) async throws {
        let directory = try folder([
            "features/a.feature": "Feature: F\n  Scenario: s\n    Given spec-run self-test: passes\n"
        ])
        // The run sends itself the signal before it has made its interrupt source.
        let environment = Self.selfTest.merging(["SPEC_RUN_TEST_SIGNAL_WHILE_STARTING": signal]) { _, new in new }
        // Every signal in its default disposition, SIGHUP too where the tests run with it
        // ignored (in the background, under nohup): `Child` spawns the binary so.
        let output = try await BuiltBinary.execute(["--format", "progress"], in: directory, environment: environment)
        #expect(
            output.status == ["SIGTERM": 143, "SIGHUP": 129][signal] ?? 130,
            "killed by the signal instead of handling it? \(output)")
        let report = directory.appendingPathComponent("reports/junit.xml").path
        let cases = try await ReportCheck.read(report).cases
        #expect(cases.map(\.result) == ["error"], "\(cases)")
        #expect(output.stdout.contains("Interrupted by \(signal) before any scenario ran."), "\(output.stdout)")
        #expect(cases.map(\.name) == ["(run interrupted)"], "\(cases)")
    }

    @Test("under nohup (SIGHUP ignored) a hang-up does not stop the run")
    func nohup() async throws {
        let directory = try folder([
            "features/a.feature": "Feature: F\n  Scenario: s\n    Given spec-run self-test: passes\n"
        ])
        let environment = Self.selfTest.merging(["SPEC_RUN_TEST_SIGNAL_WHILE_STARTING": "SIGHUP"]) { _, new in new }
        // `trap '' HUP` is what nohup does: the signal ignored, and the run left to finish.
        let output = try await Shell.execute(
            "/bin/sh", ["-c", "trap '' HUP; exec \"$0\" --format progress", BuiltBinary.selfTestPath],
            environment: environment, currentDirectory: directory)
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.hasSuffix("1 passed, 0 failed\n"), "\(output.stdout)")
    }

    @Test("--jobs 2 with --shard and --seed: the shards' union is the whole run, in file order")
    func shardsAndJobs() async throws {
        var feature = "Feature: Many\n"
        for index in 1...9 {
            feature += "  Scenario: s\(index)\n    Given spec-run self-test: sleeps \(index * 5) ms\n"
        }
        let directory = try folder(["features/many.feature": feature])
        var union: [String] = []
        for shard in 1...2 {
            let output = try await BuiltBinary.execute(
                ["--jobs", "2", "--shard", "\(shard)/2", "--seed", "5", "--junit", "r\(shard).xml"], in: directory,
                environment: Self.selfTest)
            #expect(output.status == 0)
            let report = directory.appendingPathComponent("r\(shard).xml").path
            let names = try await ReportCheck.read(report).cases.map(\.name)
            #expect(names == names.sorted { Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0 })
            union += names
        }
        #expect(Set(union) == Set((1...9).map { "s\($0)" }) && union.count == 9, "\(union)")
    }
}
