import Foundation
import Gherkin
import Wire

/// Each attempt of a scenario: `testCaseStarted`, its test steps' `testStepStarted`,
/// `attachment`s, `suggestion`s and `testStepFinished`, then `testCaseFinished`.
extension MessageStream {
    /// The most ids a scenario's attempts draw: each attempt's `testCaseStarted`, and a
    /// `suggestion` for each undefined step.
    static func idsDrawn(by result: ScenarioResult) -> Int {
        result.dryRun ? 0 : (result.earlierAttempts.count + 1) * (1 + result.scenario.steps.count)
    }

    func writeAttempts(
        of result: ScenarioResult, ids: inout IdRange, bodies: inout AttachmentBodies, into json: inout JSONWriter
    ) {
        guard !result.dryRun else { return }
        let earlier = result.earlierAttempts.reduce(Duration.zero) { $0 + $1.duration }
        let attempts =
            result.earlierAttempts + [
                ScenarioExecutor.Attempt(
                    steps: result.steps, hookFailures: [], duration: result.duration - earlier, hooks: result.hooks,
                    started: result.started ?? start?.date ?? Date())
            ]
        for (number, attempt) in attempts.enumerated() {
            writeAttempt(
                attempt, number: number, of: result.scenario, willBeRetried: number < attempts.count - 1, ids: &ids,
                bodies: &bodies, into: &json)
        }
    }

    /// A scenario an interrupt cut short: the steps it had finished.
    func writeInterrupted(
        _ interrupted: InterruptedScenario, bodies: inout AttachmentBodies, into json: inout JSONWriter
    ) {
        let started = (start?.date ?? Date())
        var ids = self.ids.range(0)
        writeAttempt(
            ScenarioExecutor.Attempt(
                steps: interrupted.finishedSteps, hookFailures: [], duration: interrupted.elapsed, started: started),
            number: 0, of: interrupted.scenario, willBeRetried: false, complete: false, ids: &ids, bodies: &bodies,
            into: &json)
    }

    private func writeAttempt(
        _ attempt: ScenarioExecutor.Attempt, number: Int, of scenario: PlannedScenario, willBeRetried: Bool,
        complete: Bool = true, ids: inout IdRange, bodies: inout AttachmentBodies, into json: inout JSONWriter
    ) {
        guard let testCase = testCases[scenario.id] else { return }
        let startedID = ids.next()
        json.envelope("testCaseStarted") { json in
            json.member("attempt", number)
            json.member("id", startedID)
            json.member("testCaseId", testCase.id)
            json.timestamp("timestamp", attempt.started)
        }
        var hookResults: [Int: HookResult] = [:]
        for hook in attempt.hooks { hookResults[hook.hookID] = hook }
        let pickle = pickle(of: scenario)
        var clock = attempt.started
        for step in testCase.steps {
            let outcome: StepOutcome
            switch step.kind {
            case .hook(let index):
                guard let result = hookResults[index] else {
                    if !complete { continue }
                    outcome = StepOutcome(status: .skipped)
                    break
                }
                outcome = StepOutcome(
                    status: result.status, started: result.started, duration: result.duration, failure: result.failure,
                    attachments: result.attachments)
            case .step(let index):
                guard attempt.steps.indices.contains(index) else { continue }
                let result = attempt.steps[index]
                var stepOutcome = StepOutcome(
                    status: result.status, started: result.started, duration: result.duration, failure: result.failure,
                    message: result.message, attachments: result.attachments)
                if result.status == .undefined, pickle.steps.indices.contains(index),
                    let snippet = snippets[scenario.steps[index].text]
                {
                    stepOutcome.suggestion = (pickle.steps[index].id, snippet)
                }
                outcome = stepOutcome
            }
            clock = writeStep(
                outcome, testStepID: step.id, testCaseStartedID: startedID, clock: clock, ids: &ids, bodies: &bodies,
                into: &json)
        }
        json.envelope("testCaseFinished") { json in
            json.member("testCaseStartedId", startedID)
            json.timestamp("timestamp", attempt.started.addingTimeInterval(Self.seconds(attempt.duration)))
            json.member("willBeRetried", willBeRetried)
        }
    }
}
