import Foundation
import Gherkin
import Synchronization
import TestSupport
import Testing

@testable import SpecRunner

/// Interrupts before and after the scenarios, in-process: while the files are read and
/// planned, and after the last scenario; and the earlier report, gone before anything
/// slow starts. (The built binary's signals: EndToEndTests, SignalEndToEndTests.)
@Suite("Interrupt outside the scenarios")
struct PreparationInterruptTests {
    static let earlierGreen =
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<testsuites name="spec-run" tests="1" failures="0">"#
        + "\n" + #"  <testsuite name="earlier green run" tests="1"/>"# + "\n</testsuites>\n"

    private static func files(_ count: Int) -> [String: String] {
        var files: [String: String] = [:]
        for index in 0..<count {
            files["features/f\(String(format: "%02d", index)).feature"] =
                "Feature: F\(index)\n  Scenario: s\(index)\n    Given a passing step\n"
        }
        return files
    }

    @Test("an interrupt while the files are read: the rest are not read, exit 143, a red report saying so")
    func interruptedWhileReading() async throws {
        var run = try FolderRun(Self.files(30))
        let parsed = Mutex(0)
        let interrupts = run.interrupts
        run.beforeParse = { _ in
            if parsed.withLock({ count in
                count += 1
                return count
            }) == 3 {
                interrupts.trigger("SIGTERM")
            }
        }
        let outcome = await run.run(["--format", "progress", "--format", "rerun:rerun.txt"])
        #expect(outcome.status == 143, "\(outcome.stdout)\(outcome.stderr)")
        // Nothing passed: the rerun file runs it all again, not nothing.
        let rerun = try String(contentsOfFile: run.path("rerun.txt"), encoding: .utf8)
        #expect(rerun == "features\n", "\(rerun)")
        // Each core may have been reading one more file when the interrupt came.
        let read = parsed.withLock { $0 }
        #expect(read <= 3 + ProcessInfo.processInfo.activeProcessorCount, "\(read) of 30 files read")
        #expect(outcome.stdout.contains("Interrupted by SIGTERM before any scenario ran.\n"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("could not start"), "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("0 passed, 1 failed\n"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(run.path("reports/junit.xml"))
        #expect(report.cases.count == 1 && report.errors == 1, "\(report)")
        #expect(report.cases.first?.message == "interrupted by SIGTERM before any scenario ran")
        #expect(report.cases.first?.name == "(run interrupted)" && report.cases.first?.type == "interrupted")
    }

    @Test("planning stops between scenarios once interrupted")
    func plannerStopsBetweenScenarios() throws {
        var feature = "Feature: Many\n"
        for index in 1...10 { feature += "  Scenario: s\(index)\n    Given a passing step\n" }
        var planner = RunPlanner(registry: TestSteps.registry(), options: RunOptions())
        let checks = Mutex(0)
        planner.isInterrupted = {
            checks.withLock { count in
                count += 1
                return count > 3
            }
        }
        let parsed = parseFeatureFile(bytes: Array(feature.utf8), uri: "features/many.feature")
        let file = FeatureFinder.Selection(path: "features/many.feature", lines: [])
        let planned = planner.planFile(file, read: .success(parsed), index: 0)
        #expect(planned.scenarios.map(\.testName) == ["s1", "s2", "s3"])
    }

    @Test("the earlier run's report is gone before the first file is read")
    func earlierReportGoneFirst() async throws {
        var files = Self.files(3)
        files["reports/junit.xml"] = Self.earlierGreen
        var run = try FolderRun(files)
        let report = run.path("reports/junit.xml")
        let seenAtFirstParse = Mutex<Bool?>(nil)
        run.beforeParse = { _ in
            seenAtFirstParse.withLock { seen in
                if seen == nil { seen = FileManager.default.fileExists(atPath: report) }
            }
        }
        let outcome = await run.run(["--format", "progress"])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(seenAtFirstParse.withLock { $0 } == false, "the earlier report was still there while files were read")
        #expect(outcome.stderr.isEmpty, "removed silently when the run goes on: \(outcome.stderr)")
        let written = try String(contentsOfFile: report, encoding: .utf8)
        #expect(!written.contains("earlier green run"))
    }

    @Test("an interrupt after the last scenario finished: exit 130, and the report says the run was interrupted")
    func interruptedAfterTheLastScenario() async throws {
        var run = try FolderRun(["features/a.feature": "Feature: A\n  Scenario: only\n    Given a passing step\n"])
        let interrupts = run.interrupts
        // The progress mark of the only step: the scenario has finished.
        run.onOutput = { text in if text.contains(".") { interrupts.trigger("SIGINT") } }
        let outcome = await run.run(["--format", "progress"])
        #expect(outcome.status == 130, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("Interrupted by SIGINT"), "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("1 passed, 1 failed\n"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(run.path("reports/junit.xml"))
        #expect(report.cases.map(\.name) == ["only", "(run interrupted)"], "\(report)")
        #expect(report.named("only")?.result == "passed")
        let interrupted = try #require(report.named("(run interrupted)"))
        #expect(interrupted.result == "error" && interrupted.type == "interrupted")
        #expect(interrupted.message == "interrupted by SIGINT after the last scenario finished")
    }

    @Test("InterruptSource: the first signal is kept; each handler is called once, at once when it came before")
    func interruptSource() {
        let source = InterruptSource()
        let calls = Mutex<[String]>([])
        source.onInterrupt { name in calls.withLock { $0.append("first \(name)") } }
        #expect(!source.isInterrupted)
        source.trigger("SIGTERM")
        source.trigger("SIGINT")
        #expect(source.signal == "SIGTERM")
        source.onInterrupt { name in calls.withLock { $0.append("second \(name)") } }
        source.trigger("SIGHUP")
        #expect(calls.withLock { $0 } == ["first SIGTERM", "second SIGTERM"])
    }
}
