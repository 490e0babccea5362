import Dispatch
import Synchronization

/// `--format message`: the run as Cucumber Messages (NDJSON, one envelope a line), in the
/// order the Cucumber Compatibility Kit shows: `meta`; each file's `source`,
/// `gherkinDocument` and `pickle`s; the step library's `parameterType`, `stepDefinition`
/// and `hook`s as registered; `testRunStarted`; a `testCase` for every planned scenario;
/// each attempt's `testCaseStarted`, steps (with `attachment`s and `suggestion`s) and
/// `testCaseFinished`; `testRunFinished`. An interrupted run still writes a whole stream,
/// its `testRunFinished` unsuccessful.
///
/// The envelopes are written as the run goes, on a queue of their own: what is known at
/// the start (the files, the glue, the test cases) while the first scenarios run, each
/// scenario's attempts once it has finished. The run's end only adds its last envelopes
/// and writes the file, so the format costs the run little more than the writing.
final class MessageReporter: DocumentReporter {
    private let queue = DispatchQueue(label: "spec-run.message-format")
    private let stream = Mutex(MessageStream())

    func handle(_ event: RunEvent) {
        switch event {
        case .runStarted(let start): queue.async { self.stream.withLock { $0.begin(start) } }
        case .scenarioFinished(let result): queue.async { self.stream.withLock { $0.add(result) } }
        case .scenarioStarted, .runFinished: break
        }
    }

    /// Waits for what is queued, then writes the stream ended by `end` (on a copy: an
    /// interrupt while the files are written renders it again).
    func render(ending end: RunEnd, into write: (String) -> Void) {
        renderBytes(ending: end) { write(String(decoding: $0, as: UTF8.self)) }
    }

    /// The same, as the bytes the stream holds (a file needs no text made of them).
    func renderBytes(ending end: RunEnd, into write: (UnsafeBufferPointer<UInt8>) -> Void) {
        var stream = queue.sync { self.stream.withLock { $0 } }
        for piece in stream.finish(end) where !piece.isEmpty {
            piece.withUnsafeBufferPointer { write($0) }
        }
    }
}
