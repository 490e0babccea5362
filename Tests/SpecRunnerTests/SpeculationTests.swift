import Foundation
import SpecRunner
import Synchronization
import TestSupport
import Testing

/// A speculative attempt (docs/runner.md, "Speculative attempts") counts only when its
/// world says its result is what the steps run one by one would give; otherwise the
/// runner discards it and runs the scenario again on a world that does not speculate.
@Suite("Speculative attempts")
struct SpeculationTests {
    /// A world that may speculate; its steps say when a shortcut went wrong.
    final class GuessingWorld: ScenarioWorld {
        let speculative: Bool
        let missed = Mutex(false)
        init(speculative: Bool) { self.speculative = speculative }
        var speculationMissed: Bool { missed.withLock { $0 } }
    }

    /// Records the `speculative` argument of every world it makes.
    final class GuessingEnvironment: WorkerEnvironment {
        let made = Mutex<[Bool]>([])

        func makeWorld() async throws -> any ScenarioWorld { try await makeWorld(speculative: false) }
        func makeWorld(speculative: Bool) async throws -> any ScenarioWorld {
            made.withLock { $0.append(speculative) }
            return GuessingWorld(speculative: speculative)
        }
        func discard(_ world: any ScenarioWorld) async {}
        func shutdown() async {}
    }

    static func run(_ scenarios: String, _ arguments: [String] = []) async throws -> (TestRun.Outcome, [Bool]) {
        let environment = GuessingEnvironment()
        var run = TestRun("Feature: Guesses\n" + scenarios)
        run.registry.environmentFactory = { _ in environment }
        run.registry.step("a step whose shortcut goes wrong") { context in
            let world = try context.world(as: GuessingWorld.self)
            guard world.speculative else { return }
            world.missed.withLock { $0 = true }
            throw StepFailure(.rejected, "an earlier step's \"addItem\" was rejected")
        }
        run.registry.step("a step whose shortcut is left unchecked") { context in
            let world = try context.world(as: GuessingWorld.self)
            if world.speculative { world.missed.withLock { $0 = true } }
        }
        run.registry.step("a step that fails on its own") { _ in
            throw StepFailure(.assertion, "expected subtotal ¥900, but subtotal is ¥1,000")
        }
        run.registry.step("a step that overruns while speculating") { context in
            let world = try context.world(as: GuessingWorld.self)
            guard world.speculative else { return }
            world.missed.withLock { $0 = true }
            try await Task.sleep(for: .seconds(20))
        }
        run.registry.step("a step that passes") { _ in }
        let outcome = try await run.run(["--format", "summary"] + arguments)
        return (outcome, environment.made.withLock { $0 })
    }

    @Test("a missed attempt is run again without speculating, and only that attempt is reported")
    func missedIsRunAgain() async throws {
        let (outcome, made) = try await Self.run(
            "  Scenario: guessed wrong\n    Given a step whose shortcut goes wrong\n    Then a step that passes\n")
        #expect(made == [true, false])
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("1 passed, 0 failed\n"), "\(outcome.stdout)")
        // Not a retry: no attempt failed, so the scenario is not flaky.
        #expect(!outcome.stdout.contains("Flaky"))
        let report = try await ReportCheck.read(outcome.reportPath)
        let guessed = try #require(report.named("guessed wrong"))
        #expect(guessed.result == "passed")
        #expect(guessed.systemOut?.contains("flaky") != true, "\(guessed.systemOut ?? "")")
    }

    @Test("an attempt that passed with a shortcut left unchecked is not trusted either")
    func passedButUncheckedIsRunAgain() async throws {
        let (outcome, made) = try await Self.run(
            "  Scenario: unchecked\n    Given a step whose shortcut is left unchecked\n")
        #expect(made == [true, false])
        #expect(outcome.status == 0)
    }

    @Test("a failure the shortcuts did not cause is reported from the speculative attempt: no second wait")
    func ownFailureIsKept() async throws {
        let (outcome, made) = try await Self.run(
            "  Scenario: wrong total\n    Given a step that passes\n    Then a step that fails on its own\n")
        #expect(made == [true])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("expected subtotal ¥900, but subtotal is ¥1,000"))
    }

    @Test("--retry counts the attempts that are reported, not the missed one")
    func retryCountsReportedAttempts() async throws {
        let (outcome, made) = try await Self.run(
            "  Scenario: always wrong\n    Given a step whose shortcut goes wrong\n"
                + "    Then a step that fails on its own\n", ["--retry", "2"])
        #expect(made == [true, false, false, false])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("failed all 3 attempts"), "\(outcome.stdout)")
    }

    @Test("a scenario known not to pass (an undefined step) is not tried speculatively")
    func undefinedIsNotSpeculative() async throws {
        let (outcome, made) = try await Self.run(
            "  Scenario: unwritten\n    Given a step that passes\n    Then a step nobody wrote\n")
        #expect(made == [false])
        #expect(outcome.status == 1)
    }

    @Test("a speculative attempt that overran its limit after missing is run again, without speculating")
    func overrunIsRunAgain() async throws {
        let (outcome, made) = try await Self.run(
            "  Scenario: hung guess\n    Given a step that overruns while speculating\n"
                + "  Scenario: next\n    Given a step that passes\n", ["--timeout", "0.2"])
        #expect(made == [true, false, true], "the hung scenario twice, then the next")
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("2 passed, 0 failed\n"), "\(outcome.stdout)")
    }
}
