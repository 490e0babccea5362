import Gherkin
import Testing

@testable import SpecRunner

/// How a scenario's status follows from its steps and hooks (runner.md: failed beats
/// ambiguous beats undefined beats pending; skipped only when nothing passed).
@Suite("Scenario status")
struct ScenarioStatusTests {
    static let scenario = PlannedScenario(
        id: 0, suiteIndex: 0,
        pickle: Pickle(
            id: "1", uri: "a.feature", location: Location(line: 3), name: "s", language: "en", steps: [], tags: [],
            astNodeIds: []),
        testName: "s", classname: "f", keyword: "Scenario", location: SourceLine(uri: "a.feature", line: 3),
        tags: [], steps: [])

    static func status(_ steps: [StepStatus], hookFailed: Bool = false, dryRun: Bool = false) -> ScenarioStatus {
        let hooks =
            hookFailed
            ? [HookFailure(phase: .after, sourceLocation: "x", failure: StepFailure(.error, "boom"))] : []
        return ScenarioResult(
            scenario: scenario, steps: steps.map { StepResult(status: $0) }, hookFailures: hooks, dryRun: dryRun
        ).status
    }

    @Test("the worst step decides, in the documented order")
    func precedence() {
        #expect(Self.status([.passed, .passed]) == .passed)
        #expect(Self.status([.passed, .failed, .skipped]) == .failed)
        #expect(Self.status([.undefined, .ambiguous, .failed]) == .failed)
        #expect(Self.status([.pending, .undefined, .ambiguous]) == .ambiguous)
        #expect(Self.status([.pending, .undefined]) == .undefined)
        #expect(Self.status([.passed, .pending, .skipped]) == .pending)
    }

    @Test("skipped only when no step passed; a failed hook fails a passing scenario")
    func skippedAndHooks() {
        #expect(Self.status([.skipped, .skipped]) == .skipped)
        #expect(Self.status([.passed, .skipped]) == .passed)
        #expect(Self.status([]) == .passed)
        #expect(Self.status([.passed], dryRun: true) == .skipped)
        #expect(Self.status([.passed], hookFailed: true) == .failed)
    }
}
