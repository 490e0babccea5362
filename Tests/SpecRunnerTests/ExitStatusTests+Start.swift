import Foundation
import TestSupport
import Testing

@testable import SpecRunner

/// Exit statuses of runs that stop before their scenarios, or cannot start.
extension ExitStatusTests {
    @Test("a file inside a folder that cannot be read is reported with why, and the others run: exit 1")
    func unreadableInsideAFolder() async throws {
        var run = TestRun(files: [
            "features/a.feature": "Feature: A\n  Scenario: fine\n    Given a passing step\n",
            // A folder whose name ends in .feature is searched, not read as a file.
            "features/old.feature/b.feature": "Feature: B\n  Scenario: also fine\n    Given a passing step\n",
        ])
        run.links = ["features/gone.feature": "/nonexistent/spec-run-test.feature"]
        let outcome = try await run.run(["--format", "summary"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("  features/gone.feature: the file cannot be read (a link to nothing)\n"))
        #expect(outcome.stdout.hasSuffix("; 1 file not parsed\n2 passed, 1 failed\n"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.named("(parse error)")?.result == "error")
    }

    @Test("--help and --version print and exit 0 without asking for the registry")
    func helpAndVersion() async throws {
        let output = LockedBox("")
        var host = RunHost.process()
        host.standardOutput = { text in output.withLock { $0 += text } }
        let asked = LockedBox(false)
        let help = await SpecRun.run(
            arguments: ["--help"],
            registry: {
                asked.withLock { $0 = true }
                return StepRegistry()
            }, host: host)
        #expect(help == 0 && output.withLock { $0 }.contains("--shard I/N"))
        let version = await SpecRun.run(
            arguments: ["--version"],
            registry: {
                asked.withLock { $0 = true }
                return StepRegistry()
            }, host: host)
        #expect(version == 0 && output.withLock { $0 }.hasSuffix("spec-run 0.1.0\n"))
        #expect(asked.withLock { $0 } == false)
    }

    @Test("a run that cannot start (environment fails) is exit 1 with an error test case, never green")
    func environmentFails() async throws {
        var run = TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n")
        let seen = LockedBox<[WorkerSettings]>([])
        run.registry.environmentFactory = { settings in
            seen.withLock { $0.append(settings) }
            throw StepFailure(.error, "connection refused to \(settings.target ?? "?")")
        }
        let outcome = try await run.run(["--target", "http://127.0.0.1:9", "--timeout", "3"])
        #expect(outcome.status == 1)
        let settings = try #require(seen.withLock { $0 }.first)
        #expect(settings.target == "http://127.0.0.1:9" && settings.workerIndex == 0)
        #expect(settings.stepTimeout == .seconds(3))
        #expect(
            outcome.stdout.contains(
                "The run could not start:\n  connection refused to http://127.0.0.1:9\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("; the run could not start\n0 passed, 1 failed\n"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.tests == 1 && report.errors == 1)
        let error = try #require(report.named("(run could not start)"))
        #expect(error.result == "error" && error.message?.contains("connection refused to http://127.0.0.1:9") == true)
    }

    @Test("with --target URL,URL each worker gets its own register")
    func targetPerWorker() async throws {
        var run = TestRun(
            "Feature: F\n  Scenario: a\n    Given a passing step\n  Scenario: b\n    Given a passing step\n")
        let seen = LockedBox<[Int: String]>([:])
        let testSteps = run.registry.environmentFactory
        run.registry.environmentFactory = { settings in
            seen.withLock { $0[settings.workerIndex] = settings.target ?? "none" }
            return try await testSteps(settings)
        }
        let outcome = try await run.run(["--target", "ws://127.0.0.1:9001,ws://127.0.0.1:9002"])
        #expect(outcome.status == 0)
        #expect(seen.withLock { $0 } == [0: "ws://127.0.0.1:9001", 1: "ws://127.0.0.1:9002"])
    }

    @Test("registration errors and a bad hook tag expression stop the run before it starts")
    func registrationErrors() async throws {
        var run = TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n")
        run.registry.step("a (step") { _ in }
        run.registry.before(tags: "@a and") { _ in }
        let outcome = try await run.run()
        #expect(outcome.status == 1)
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.cases.map(\.name) == ["(run could not start)"])
        #expect(report.cases.first?.text?.contains("step \"a (step\"") == true)

        var hooksOnly = TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n")
        hooksOnly.registry.after(tags: "@a and") { _ in }
        let hookOutcome = try await hooksOnly.run()
        #expect(hookOutcome.status == 1)
        #expect(hookOutcome.stdout.contains(#"could not be parsed because of syntax error: Expected operand."#))
    }

    @Test("a step definition with an unknown parameter type is left out with a warning, and the run goes on")
    func unknownParameterType() async throws {
        var run = TestRun("Feature: F\n  Scenario: s\n    Given CDG is closed\n    And a passing step\n")
        run.registry.step("{airport} is closed") { _ in }
        let outcome = try await run.run()
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains(
                "step \"{airport} is closed\" is left out: parameter type {airport} is not defined"))
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.cases.map(\.name) == ["s"])
        #expect(outcome.stdout.contains("undefined"))
    }
}
