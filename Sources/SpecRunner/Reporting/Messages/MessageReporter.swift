import Foundation
import Synchronization

/// `--format message`: the run as Cucumber Messages (NDJSON, one envelope a line), in the
/// order the Cucumber Compatibility Kit shows: `meta`; each file's `source`,
/// `gherkinDocument` and `pickle`s; the step library's `parameterType`, `stepDefinition`
/// and `hook`s as registered; `testRunStarted`; a `testCase` for every planned scenario;
/// each attempt's `testCaseStarted`, steps (with `attachment`s and `suggestion`s) and
/// `testCaseFinished`; `testRunFinished`. Written when the run ends; an interrupted run
/// still writes a whole stream, its `testRunFinished` unsuccessful.
final class MessageReporter: DocumentReporter {
    private struct State {
        var start: RunStart?
        var results: [ScenarioResult] = []
    }

    private let state = Mutex(State())

    func handle(_ event: RunEvent) {
        switch event {
        case .runStarted(let start): state.withLock { $0.start = start }
        case .scenarioFinished(let result): state.withLock { $0.results.append(result) }
        case .scenarioStarted, .runFinished: break
        }
    }

    func render(ending end: RunEnd, into write: (String) -> Void) {
        let (start, results) = state.withLock { ($0.start, $0.results) }
        var stream = MessageStream(start: start)
        stream.writeAll(results: results, end: end)
        write(String(decoding: stream.json.bytes, as: UTF8.self))
    }
}
