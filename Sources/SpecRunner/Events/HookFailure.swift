/// A hook (or the world's creation) that failed.
struct HookFailure: Sendable {
    enum Phase: String, Sendable {
        case world = "scenario setup"
        case before = "before hook"
        case after = "after hook"
    }

    var phase: Phase
    /// Where the hook is defined (`StepLibrary/Hooks.swift:12`).
    var sourceLocation: String
    var failure: StepFailure

    /// An expectation checked when the scenario ends (an after hook's assertion, such as
    /// an unchecked try outcome) is the scenario's failure, told in the reader's terms;
    /// anything else is the hook's own failure, which its developer needs to locate.
    var isEndOfScenarioCheck: Bool { phase == .after && failure.kind == .assertion }

    /// The line that introduces the failure: `at the end of the scenario` (in the
    /// feature's `language` where the runner has its words), or `after hook failed
    /// (StepLibrary/Hooks.swift:12)` for the hook's developer.
    func heading(language: String = "en") -> String {
        isEndOfScenarioCheck
            ? RunnerWording.of(language: language).endOfScenario : "\(phase.rawValue) failed (\(sourceLocation))"
    }

    /// The same without the location, for one-line summaries (the report's `message`).
    func shortHeading(language: String = "en") -> String {
        isEndOfScenarioCheck ? RunnerWording.of(language: language).endOfScenario : "\(phase.rawValue) failed"
    }
}
