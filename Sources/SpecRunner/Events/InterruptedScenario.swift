/// A scenario that was running when the run was interrupted, and how far it had got:
/// what a report needs to show which step a stopped (or hung) run was in.
struct InterruptedScenario: Sendable {
    var scenario: PlannedScenario
    /// From the start of the scenario to the interrupt.
    var elapsed: Duration
    /// The steps that had finished, in order (the next one was running).
    var finishedSteps: [StepResult] = []
}
