import StepInterface
import Synchronization
import Wire

/// What a failed step's evidence needs of its context: where the step attaches and its
/// limit. A world keeps these for its steps, not their contexts: a context holds its world,
/// and a world that held its contexts would never be freed.
struct StepEvidence: Attaching {
    let attachmentSink: AttachmentSink
    let timeout: Duration

    init(_ context: StepContext) { (attachmentSink, timeout) = (context.attachmentSink, context.timeout) }
}

extension QAWorld {
    /// Attaches the states to the step `error` fails: the one it names, else `context`'s
    /// own (none when there is neither). Found once later steps have begun, the states are
    /// those after what they sent, and are named so (`register-state-when-found.json`):
    /// read as the state just after the failed step, they would mislead.
    func attachStates(for error: any Error, in context: StepContext? = nil) async {
        guard !(error is CancellationError) else { return }
        let index = (error as? StepFailure)?.stepIndex
        let named = index.flatMap { stepEvidence[$0] }
        guard let owner = named ?? context.map(StepEvidence.init) else { return }
        let later = index.map { $0 < runningStep } ?? false
        await attachStates(to: owner, suffix: later ? "-when-found" : "")
    }

    /// What the register and the calendar hold, attached to a failed step for the reports:
    /// each `getState` answer's state as JSON (`register-state.json`,
    /// `calendar-state.json`, with `suffix` before `.json`). An endpoint that does not
    /// answer within a second adds nothing: the step's failure says what went wrong.
    func attachStates(to step: StepEvidence, suffix: String) async {
        guard step.keepsAttachments else { return }
        let limit = min(step.timeout, .seconds(1))
        for action in [ProtocolAction.register(.getState), .calendar(.getState)] {
            guard let response = try? await send(action, timeout: limit) else { continue }
            var writer = JSONWriter()
            writer.value(response.state, sortingMembers: true)
            step.attach(
                writer.text, mediaType: "application/json", fileName: "\(action.endpoint.rawValue)-state\(suffix).json")
        }
    }
}

/// The readable text of the last snapshot a display check attached, made when a report
/// first reads it (`DeferredText`), after the run: the checks in a row that judge one
/// snapshot (the screen, then the total, then the points) share it, made once. Compared
/// by the HTML's bytes (`UTF8Text`).
final class ReadableTexts: Sendable {
    private let last = Mutex<(html: UTF8Text, language: StepLanguage, text: DeferredText)?>(nil)

    /// `snapshot.readable(language)`, to be made; the last one's again for the same snapshot.
    func text(of snapshot: DisplaySnapshot, _ language: StepLanguage) -> DeferredText {
        let html = UTF8Text(snapshot.html)
        if let last = last.withLock({ $0 }), last.language == language, last.html == html {
            return last.text
        }
        let text = DeferredText { snapshot.readable(language) }
        last.withLock { $0 = (html, language, text) }
        return text
    }
}
