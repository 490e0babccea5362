import Testing

@testable import SpecRunner

/// How a failed hook is introduced: a check at the end of the scenario in QA's terms, a
/// broken hook with its location for the step library's developer.
@Suite("Hook failure headings")
struct HookFailureTests {
    @Test("an after hook's assertion reads as a check at the end of the scenario")
    func endOfScenarioCheck() {
        let failure = HookFailure(
            phase: .after, sourceLocation: "StepLibrary/Hooks.swift:12", failure: StepFailure(.assertion, "unchecked"))
        #expect(failure.heading() == "at the end of the scenario")
        #expect(failure.shortHeading() == "at the end of the scenario")
        #expect(failure.heading(language: "ja") == "シナリオの終わりに")
        #expect(failure.shortHeading(language: "ja") == "シナリオの終わりに")
        // English where the runner has no words of the language.
        #expect(failure.heading(language: "fr") == "at the end of the scenario")
    }

    @Test("any other hook failure names the hook and where it is defined")
    func brokenHook() {
        let after = HookFailure(
            phase: .after, sourceLocation: "StepLibrary/Hooks.swift:12", failure: StepFailure(.error, "lost"))
        #expect(after.heading(language: "ja") == "after hook failed (StepLibrary/Hooks.swift:12)")
        #expect(after.shortHeading() == "after hook failed")
        let before = HookFailure(
            phase: .before, sourceLocation: "StepLibrary/Hooks.swift:3", failure: StepFailure(.assertion, "no"))
        #expect(before.heading() == "before hook failed (StepLibrary/Hooks.swift:3)")
    }
}
