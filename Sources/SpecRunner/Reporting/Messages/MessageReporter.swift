import Synchronization

/// `--format message`: the run as Cucumber Messages (NDJSON, one envelope a line), in the
/// order the Cucumber Compatibility Kit shows: `meta`; each file's `source`,
/// `gherkinDocument` and `pickle`s; the step library's `parameterType`, `stepDefinition`
/// and `hook`s as registered; `testRunStarted`; a `testCase` for every planned scenario;
/// each attempt's `testCaseStarted`, steps (with `attachment`s and `suggestion`s) and
/// `testCaseFinished`; `testRunFinished`. An interrupted run still writes a whole stream,
/// its `testRunFinished` unsuccessful. The envelopes are written when the run ends
/// (`MessageStream.finish`).
final class MessageReporter: DocumentReporter {
    private let stream = Mutex(MessageStream())

    func handle(_ event: RunEvent) {
        switch event {
        case .runStarted(let start): stream.withLock { $0.start = start }
        case .scenarioFinished(let result): stream.withLock { $0.results.append(result) }
        case .scenarioStarted, .runFinished: break
        }
    }

    /// Writes the stream ended by `end` (on a copy: an interrupt while the files are
    /// written renders it again).
    func render(ending end: RunEnd, into write: (String) -> Void) {
        renderBytes(ending: end) { write(String(decoding: $0, as: UTF8.self)) }
    }

    /// The same, as the bytes the stream holds (a file needs no text made of them).
    func renderBytes(ending end: RunEnd, into write: (UnsafeBufferPointer<UInt8>) -> Void) {
        var stream = stream.withLock { $0 }
        stream.finish(end) { piece in
            if !piece.isEmpty { write(piece) }
        }
    }
}
