import Foundation
import TestSupport
import Testing

/// Signals from the built binary's first instruction to its last byte: while it starts,
/// while it plans, after its last scenario, and SIGKILL at any moment, with an earlier
/// run's green report in place each time (docs/runner.md, "Interrupts").
@Suite("Signals at every moment (built binary)")
struct SignalEndToEndTests {
    /// Whether the report at `path`, read with the tests' own reader, has a failure or an error.
    private static func isRed(_ path: String) throws -> Bool {
        let read = try JUnitReport(contentsOf: path)
        return read.failures + read.errors > 0
    }

    static let selfTest = ["SPEC_RUN_TEST_STEPS": "1", "NO_COLOR": "1"]
    /// The name of the suite in the earlier run's green report, found nowhere else.
    static let earlierMarker = "earlier green run"
    static let earlierGreen =
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        + #"<testsuites name="spec-run" tests="1" failures="0" errors="0" time="0.1">"# + "\n"
        + #"  <testsuite name="\#(earlierMarker)" tests="1" failures="0" errors="0" skipped="0" time="0.1">"# + "\n"
        + #"    <testcase classname="earlier" name="passed long ago" time="0.1"/>"# + "\n"
        + "  </testsuite>\n</testsuites>\n"

    /// `count` files of one passing scenario each, and one failing file: the run's own
    /// report is never green.
    private func project(files count: Int, sleep milliseconds: Int = 0) throws -> URL {
        var files = [
            "features/zz-fails.feature":
                "Feature: Fails\n  Scenario: fails\n    Given spec-run self-test: fails saying no\n",
            "reports/junit.xml": Self.earlierGreen,
        ]
        for index in 0..<count {
            files["features/f\(index).feature"] =
                "Feature: F\(index)\n  Scenario: s\(index)\n    Given spec-run self-test: sleeps \(milliseconds) ms\n"
        }
        return try TemporaryProject.make(files, label: "spec-run-signals")
    }

    private func report(in directory: URL) -> String { directory.appendingPathComponent("reports/junit.xml").path }

    @Test(
        "SIGINT or SIGTERM while the run plans: it stops at once with a red report that says it was interrupted",
        arguments: [SIGINT, SIGTERM])
    func signalWhilePlanning(signal: Int32) async throws {
        let directory = try project(files: 40)
        // 40 files at a second each, on two cores at most: 20 seconds of planning or more.
        let environment = Self.selfTest.merging(["SPEC_RUN_TEST_PLANNING_PAUSE_MS": "1000"]) { _, new in new }
        let run = try BackgroundRun(["--format", "progress"], in: directory, environment: environment)
        let reportPath = report(in: directory)
        // On a thread of its own: the moment is not lost while the pool serves other tests.
        let (planning, earlierThere, ended, elapsed) = try await offPool {
            let planning = run.waitForStderr("spec-run self-test: planning", within: .seconds(60))
            let earlierThere = FileManager.default.fileExists(atPath: reportPath)
            let signalled = ContinuousClock.now
            run.signal(signal)
            let ended = run.waitForExit(within: .seconds(30))
            return (planning, earlierThere, ended, ContinuousClock.now - signalled)
        }
        #expect(planning, "the run never started planning: \(run.stderr)")
        // Gone before anything slow started: a publisher never finds the earlier green report.
        #expect(!earlierThere, "the earlier report is still there")
        #expect(ended, "still running 30 s after the signal")
        guard ended else { return run.signal(SIGKILL) }
        // Bounded well below the planning left (over 15 s): only a hang or a wait for the
        // planning to end fails it. The stop itself takes milliseconds, and seconds on a
        // machine busy with the other suites.
        #expect(elapsed < .seconds(8), "took \(elapsed) to stop")
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(run.ending?.status == (signal == SIGTERM ? 143 : 130), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Interrupted by \(name) before any scenario ran."), "\(run.stdout)")
        let text = try #require(try? String(contentsOfFile: report(in: directory), encoding: .utf8))
        #expect(try Self.isRed(report(in: directory)) && !text.contains(Self.earlierMarker))
        try await ReportCheck.validate(report(in: directory))
        let cases = try await ReportCheck.read(report(in: directory)).cases
        #expect(cases.map(\.result) == ["error"], "\(cases)")
        #expect(cases.first?.message?.contains("interrupted by \(name)") == true, "\(cases)")
    }

    @Test(
        "a signal after the last scenario: exit 130 or 143, and a report that says the run was interrupted",
        arguments: ["SIGINT", "SIGTERM"])
    func signalAfterTheLastScenario(signal: String) async throws {
        let directory = try TemporaryProject.make(
            [
                "features/a.feature":
                    "Feature: A\n  Scenario: one\n    Given spec-run self-test: passes\n"
                    + "  Scenario: two\n    Given spec-run self-test: passes\n"
            ], label: "spec-run-signals")
        let environment = Self.selfTest.merging(["SPEC_RUN_TEST_SIGNAL_AFTER_RUN": signal]) { _, new in new }
        let output = try await BuiltBinary.execute(["--format", "progress"], in: directory, environment: environment)
        #expect(output.status == (signal == "SIGTERM" ? 143 : 130), "\(output)")
        #expect(output.stdout.contains("Interrupted by \(signal)"), "\(output.stdout)")
        #expect(output.stdout.hasSuffix("2 passed, 1 failed\n"), "the interrupt counts as failed: \(output.stdout)")
        let text = try #require(try? String(contentsOfFile: report(in: directory), encoding: .utf8))
        #expect(try Self.isRed(report(in: directory)), "\(text)")
        try await ReportCheck.validate(report(in: directory))
        let cases = try await ReportCheck.read(report(in: directory)).cases
        let expected = ["one", "two", "(run interrupted)"]
        #expect(cases.map(\.name) == expected)
        #expect(cases.last?.message == "interrupted by \(signal) after the last scenario finished")
    }

    @Test("a signal in the first milliseconds: once the handler is in place, exit 130 or 143 with a red report")
    func signalWhileStarting() async throws {
        let directory = try project(files: 3)
        // Planning made slower (150 ms a file), so that the run is still going at the
        // latest moment picked.
        let environment = Self.selfTest.merging(["SPEC_RUN_TEST_PLANNING_PAUSE_MS": "150"]) { _, new in new }
        var moments = SeededRandom(seed: 2_027)
        var handled = 0
        var outcomes: [String] = []
        // Until five signals came after the handler was in place (30 rounds at most).
        for round in 0..<30 where handled < 5 {
            try Self.earlierGreen.write(toFile: report(in: directory), atomically: true, encoding: .utf8)
            let signal = round % 2 == 0 ? SIGINT : SIGTERM
            let run = try BackgroundRun(["--format", "progress"], in: directory, environment: environment)
            // From the first millisecond: a debug build on a loaded machine takes 20-30 ms
            // to reach `main`, and more while other tests start processes too.
            let delay = useconds_t(moments.next(below: 400) * 1000)
            // Stopped, looked at, signalled and resumed on a thread of its own.
            let (stopped, caught, ended) = try await offPool {
                usleep(delay)
                guard run.stop() else { return (false, false, run.waitForExit(within: .seconds(30))) }
                // Its handler in place, the process is past its first instruction.
                let caught = run.catches(signal) ?? false
                run.signal(signal)
                run.signal(SIGCONT)
                return (true, caught, run.waitForExit(within: .seconds(30)))
            }
            guard stopped else {
                outcomes.append("ended")
                continue
            }
            #expect(ended, "round \(round): still running 30 s after the signal")
            guard ended else {
                run.signal(SIGKILL)
                continue
            }
            outcomes.append(caught ? "handled" : "before main")
            guard caught else {
                // Before `main`: the signal's default action, which no program can change.
                #expect(run.ending?.signalled == true, "round \(round)")
                continue
            }
            handled += 1
            #expect(run.ending?.status == (signal == SIGTERM ? 143 : 130), "round \(round): \(run.stdout)")
            let text = try #require(
                try? String(contentsOfFile: report(in: directory), encoding: .utf8), "round \(round): no report")
            #expect(
                try Self.isRed(report(in: directory)) && !text.contains(Self.earlierMarker), "round \(round): \(text)")
            #expect(text.contains("interrupted by"), "round \(round): \(text)")
            try await ReportCheck.validate(report(in: directory))
        }
        #expect(handled == 5, "rounds: \(outcomes)")
    }

    @Test("SIGKILL at random moments never leaves the earlier run's green report behind")
    func killedAtRandomMoments() async throws {
        let directory = try project(files: 12, sleep: 40)
        let environment = Self.selfTest.merging(["SPEC_RUN_TEST_PLANNING_PAUSE_MS": "20"]) { _, new in new }
        var moments = SeededRandom(seed: 27)
        var afterStart = 0
        let rounds = 14
        for round in 0..<rounds {
            try Self.earlierGreen.write(toFile: report(in: directory), atomically: true, encoding: .utf8)
            let run = try BackgroundRun(["--format", "progress"], in: directory, environment: environment)
            let delay = useconds_t(moments.next(below: 1_200) * 1000)
            // Stopped first, to see how far it got: a thread beyond the first is started
            // only after the report path is checked and the earlier report removed.
            let (threads, ended) = try await offPool {
                usleep(delay)
                let threads = run.stop() ? run.threadCount : nil
                run.signal(SIGKILL)
                return (threads, run.waitForExit(within: .seconds(30)))
            }
            #expect(ended, "round \(round): SIGKILL did not end it")
            if threads.map({ $0 > 1 }) ?? true { afterStart += 1 }
            guard let text = try? String(contentsOfFile: report(in: directory), encoding: .utf8) else { continue }
            if text.contains(Self.earlierMarker) {
                #expect(threads == 1, "round \(round): the earlier green report survived a kill after the run started")
            } else {
                #expect(try Self.isRed(report(in: directory)), "round \(round): a green report after a kill: \(text)")
                try await ReportCheck.validate(report(in: directory))
            }
        }
        #expect(afterStart >= rounds / 2, "only \(afterStart) of \(rounds) kills came after the run started")
    }
}
