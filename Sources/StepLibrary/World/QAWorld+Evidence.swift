import StepInterface
import Wire

extension QAWorld {
    /// Attaches the states to the step `error` fails: the one it names, else `context`'s
    /// own (none when there is neither).
    func attachStates(for error: any Error, in context: StepContext? = nil) async {
        guard !(error is CancellationError) else { return }
        guard let owner = ((error as? StepFailure)?.stepIndex).flatMap({ stepContexts[$0] }) ?? context else { return }
        await attachStates(to: owner)
    }

    /// What the register and the calendar hold, attached to a failed step for the reports:
    /// each `getState` answer's state as JSON (`register-state.json`,
    /// `calendar-state.json`). An endpoint that does not answer within a second adds
    /// nothing: the step's failure says what went wrong.
    func attachStates(to context: StepContext) async {
        guard context.keepsAttachments else { return }
        let limit = min(context.timeout, .seconds(1))
        for endpoint in [Endpoint.register, .calendar] {
            guard let response = try? await send(endpoint, "getState", timeout: limit) else { continue }
            var writer = JSONWriter()
            writer.value(response.state, sortingMembers: true)
            context.attach(writer.text, mediaType: "application/json", fileName: "\(endpoint.rawValue)-state.json")
        }
    }
}
