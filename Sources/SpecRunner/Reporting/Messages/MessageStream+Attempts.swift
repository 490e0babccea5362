import Foundation
import Gherkin
import Wire

/// Each attempt of a scenario: `testCaseStarted`, its test steps' `testStepStarted`,
/// `attachment`s, `suggestion`s and `testStepFinished`, then `testCaseFinished`.
extension MessageStream {
    /// The most ids a scenario's attempts draw: each attempt's `testCaseStarted`, and a
    /// `suggestion` for each undefined step.
    static func idsDrawn(by result: ScenarioResult) -> Int {
        (result.earlierAttempts.count + 1) * (1 + result.scenario.steps.count)
    }

    /// Every attempt of a scenario, each but the last to be retried:
    /// - a finished scenario's; a dry run's one, its steps as the dry run found them
    ///   (skipped, undefined, ambiguous, or failed on a value) and its hooks skipped, as
    ///   Cucumber's dry run reports them;
    /// - a scenario an interrupt cut short (`signal`): its failed attempts before (`--retry`),
    ///   then the one cut short. That one's steps that had finished are as they ended; the
    ///   test step that was running fails, saying it was interrupted by `signal`, and the
    ///   ones after it are skipped, so that a reader taking the test case's status from its
    ///   steps finds it failed, as the console and the JUnit report count it. It ends at the
    ///   interrupt;
    /// - a scenario `--fail-fast` or a lost register left unrun: one attempt of skipped
    ///   steps, as the console and the JUnit report count it, at the run's end.
    func writeAttempts(
        _ attempts: [ScenarioExecutor.Attempt], of scenario: PlannedScenario, interruptedBy signal: String? = nil,
        ids: inout IdRange, bodies: inout AttachmentBodies, into json: inout JSONWriter
    ) {
        for (number, attempt) in attempts.enumerated() {
            let last = number == attempts.count - 1
            writeAttempt(
                attempt, number: number, of: scenario, willBeRetried: !last, interruptedBy: last ? signal : nil,
                ids: &ids, bodies: &bodies, into: &json)
        }
    }

    private func writeAttempt(
        _ attempt: ScenarioExecutor.Attempt, number: Int, of scenario: PlannedScenario, willBeRetried: Bool,
        interruptedBy signal: String?, ids: inout IdRange, bodies: inout AttachmentBodies,
        into json: inout JSONWriter
    ) {
        guard let testCase = testCases[scenario.id] else { return }
        let startedID = ids.next()
        json.envelope("testCaseStarted") { json in
            json.member("attempt", number)
            json.member("id", startedID)
            json.member("testCaseId", testCase.id)
            json.timestamp("timestamp", attempt.started)
        }
        let hookResults = Dictionary(
            attempt.hooks.map { ($0.hookID, $0.stepResult) }, uniquingKeysWith: { _, last in last })
        let pickle = pickle(of: scenario)
        var clock = attempt.started
        let ended = attempt.started.addingTimeInterval(Self.seconds(attempt.duration))
        // An interrupted attempt's running test step is the first it has no result for that
        // it would have reached: an after hook, or any while everything before it passed.
        // It fails; the rest are skipped, as those a finished attempt did not reach.
        var running = signal
        var allPassed = true
        var unmade = attempt.hookFailures.first { $0.phase == .world }.map { setup in
            StepFailure(
                setup.failure.kind, "\(setup.shortHeading()): \(setup.failure.message)", details: setup.failure.details)
        }
        for step in testCase.steps {
            var result: StepResult
            var suggestion: Suggestion?
            let found: StepResult?
            switch step.kind {
            case .hook(let index): found = hookResults[index]
            case .lost(let index), .step(let index, _):
                found = attempt.steps.indices.contains(index) ? attempt.steps[index] : nil
            }
            result = found ?? .skipped
            if found == nil, let signal = running, allPassed || isAfterHook(step.kind) {
                result = StepResult(
                    status: .failed, duration: .seconds(max(0, ended.timeIntervalSince(clock))),
                    failure: InterruptedScenario.runningFailure(signal))
                running = nil
            }
            // A scenario whose world could not be made ran nothing: its first test step fails
            // with why, as the console and the JUnit report fail the scenario.
            if let failure = unmade, result.status == .skipped {
                result = StepResult(status: .failed, failure: failure)
                unmade = nil
            }
            allPassed = allPassed && result.status == .passed
            if case .step(let index, let pickleStep) = step.kind, attempt.steps.indices.contains(index) {
                if result.status == .undefined, pickle.steps.indices.contains(pickleStep),
                    let snippet = snippets[scenario.steps[index].text]
                {
                    suggestion = (pickle.steps[pickleStep].id, snippet)
                }
            }
            clock = writeStep(
                result, suggestion: suggestion, testStepID: step.id, testCaseStartedID: startedID, clock: clock,
                ids: &ids, bodies: &bodies, into: &json)
        }
        json.envelope("testCaseFinished") { json in
            json.member("testCaseStartedId", startedID)
            // Not before its last step ended: the steps' times and the attempt's are read from
            // two clocks, which may differ by microseconds.
            json.timestamp("timestamp", max(clock, ended))
            json.member("willBeRetried", willBeRetried)
        }
    }
}

extension MessageStream {
    private func isAfterHook(_ kind: TestStepKind) -> Bool {
        guard case .hook(let index) = kind, let hooks = start.registry?.hooks, hooks.indices.contains(index) else {
            return false
        }
        return hooks[index].phase == .afterScenario
    }
}

/// One test step's envelopes: `testStepStarted`, what it attached, the snippet of an
/// undefined step (`suggestion`), and `testStepFinished` with its result; and a
/// `beforeAll` or `afterAll` hook's `testRunHookStarted`, attachments and
/// `testRunHookFinished`.
extension MessageStream {
    /// An undefined step's pickle step id and snippet.
    typealias Suggestion = (pickleStepID: String, code: String)

    /// Writes the step's (or a hook's) envelopes; returns when it ended, where the next one
    /// starts (one that did not run starts where the one before it ended).
    func writeStep(
        _ outcome: StepResult, suggestion: Suggestion?, testStepID: String, testCaseStartedID: String, clock: Date,
        ids: inout IdRange, bodies: inout AttachmentBodies, into json: inout JSONWriter
    ) -> Date {
        let started = outcome.started ?? clock
        json.envelope("testStepStarted") { json in
            json.member("testCaseStartedId", testCaseStartedID)
            json.member("testStepId", testStepID)
            json.timestamp("timestamp", started)
        }
        for attachment in outcome.attachments {
            json.envelope("attachment") { json in
                json.attachment(attachment, bodies: &bodies)
                json.member("testCaseStartedId", testCaseStartedID)
                json.member("testStepId", testStepID)
            }
        }
        if let suggestion {
            let id = ids.next()
            json.envelope("suggestion") { json in
                json.member("id", id)
                json.member("pickleStepId", suggestion.pickleStepID)
                json.array("snippets", [suggestion.code]) { json, code in
                    json.object { json in
                        json.member("code", code)
                        json.member("language", "swift")
                    }
                }
            }
        }
        let finished = started.addingTimeInterval(Self.seconds(outcome.duration))
        json.envelope("testStepFinished") { json in
            json.member("testCaseStartedId", testCaseStartedID)
            json.member("testStepId", testStepID)
            json.object("testStepResult") { json in json.result(of: outcome) }
            json.timestamp("timestamp", finished)
        }
        return finished
    }

    func writeRunHook(_ hook: HookResult, bodies: inout AttachmentBodies, into json: inout JSONWriter) {
        let startedID = ids.next()
        json.envelope("testRunHookStarted") { json in
            json.member("hookId", runHookIDs[hook.hookID] ?? "")
            json.member("id", startedID)
            json.member("testRunStartedId", testRunStartedID)
            json.timestamp("timestamp", hook.started)
        }
        for attachment in hook.attachments {
            json.envelope("attachment") { json in
                json.attachment(attachment, bodies: &bodies)
                json.member("testRunHookStartedId", startedID)
            }
        }
        json.envelope("testRunHookFinished") { json in
            json.object("result") { json in json.result(of: hook.stepResult) }
            json.member("testRunHookStartedId", startedID)
            json.timestamp("timestamp", hook.started.addingTimeInterval(Self.seconds(hook.duration)))
        }
    }
}

extension HookResult {
    /// The hook's run as a step's: what a test step's and a run hook's envelopes write.
    var stepResult: StepResult {
        StepResult(status: status, duration: duration, failure: failure, attachments: attachments, started: started)
    }
}

/// What the run's Cucumber Messages envelopes need of the one JSON writer (Wire's): an
/// envelope a line, timestamps, durations, attachments and results. Gherkin's
/// `MessageEncoder` writes the source, document and pickle envelopes with the same writer.
extension JSONWriter {
    /// One envelope: `{"name":{…}}` and a newline.
    mutating func envelope(_ name: StaticString, _ body: (inout JSONWriter) -> Void) {
        object { json in json.object(name, body) }
        newline()
    }

    /// `{"seconds":…,"nanos":…}` since 1970 (a Timestamp).
    mutating func timestamp(_ name: StaticString, _ date: Date) {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        object(name) { json in
            json.member("seconds", Int(seconds))
            json.member("nanos", min(999_999_999, Int((interval - seconds) * 1e9)))
        }
    }

    /// `{"seconds":…,"nanos":…}` (a Duration).
    mutating func duration(_ name: StaticString, _ duration: Duration) {
        let nanos = duration.components.attoseconds / 1_000_000_000
        object(name) { json in
            json.member("seconds", Int(duration.components.seconds))
            json.member("nanos", Int(nanos))
        }
    }

    /// An attachment's own fields: its body (`bodies` keeps the last of each media type
    /// as written), encoding, file name, media type and time.
    mutating func attachment(_ attachment: Attachment, bodies: inout MessageStream.AttachmentBodies) {
        key("body")
        bodies.write(attachment.body, mediaType: attachment.mediaType, into: &self)
        member("contentEncoding", attachment.encoding.rawValue)
        member("fileName", ifPresent: attachment.fileName)
        member("mediaType", attachment.mediaType)
        timestamp("timestamp", attachment.timestamp)
    }

    /// A result's fields: duration, message and exception when it has them, status.
    mutating func result(of outcome: StepResult) {
        duration("duration", outcome.duration)
        if let failure = outcome.failure {
            member("message", failure.description)
            object("exception") { json in
                json.member("message", failure.message)
                json.member("type", "StepFailure.\(failure.kind.rawValue)")
            }
        } else if let message = outcome.message, !message.isEmpty {
            // A step that said why it is pending or skipped (`PendingStep("…")`).
            member("message", message)
            object("exception") { json in
                json.member("message", message)
                json.member("type", outcome.status == .pending ? "PendingStep" : "SkippedStep")
            }
        }
        member("status", outcome.status.rawValue.uppercased())
    }
}

extension MessageStream {
    /// The last attachment body of each media type, kept as the JSON string it was written
    /// as. Display checks in a row judge the same snapshot (the screen, then the total, then
    /// the points), so about half the bodies are the one before them of their type, and
    /// such a body is copied rather than escaped again.
    struct AttachmentBodies: Sendable {
        private var last: [(mediaType: String, body: UTF8Text, json: [UInt8])] = []

        /// Writes `body` as a JSON string.
        mutating func write(_ body: String, mediaType: String, into json: inout JSONWriter) {
            let index = last.firstIndex { $0.mediaType == mediaType }
            let text = UTF8Text(body)
            if let index, last[index].body == text {
                json.raw(bytes: last[index].json)
                return
            }
            var written = JSONWriter(capacity: body.utf8.count + 16)
            written.string(body)
            let bytes = written.bytes
            json.raw(bytes: bytes)
            if let index { last.remove(at: index) }
            last.append((mediaType, text, bytes))
        }
    }
}
