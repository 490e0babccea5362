import Foundation
import Gherkin
import Wire

/// One test step's envelopes: `testStepStarted`, what it attached, the snippet of an
/// undefined step (`suggestion`), and `testStepFinished` with its result; and a
/// `beforeAll` or `afterAll` hook's `testRunHookStarted`, attachments and
/// `testRunHookFinished`.
extension MessageStream {
    /// A hook's or a step's outcome, as the stream writes it.
    struct StepOutcome {
        var status: StepStatus
        /// Nil for one that did not run: it starts where the one before it ended.
        var started: Date?
        var duration: Duration = .zero
        var failure: StepFailure?
        /// A pending or skipped step's own message.
        var message: String?
        var attachments: [Attachment] = []
        /// An undefined step's pickle step id and snippet.
        var suggestion: (pickleStepID: String, code: String)?
    }

    /// Writes the step's envelopes; returns when it ended, where the next one starts.
    func writeStep(
        _ outcome: StepOutcome, testStepID: String, testCaseStartedID: String, clock: Date, ids: inout IdRange,
        bodies: inout AttachmentBodies, into json: inout JSONWriter
    ) -> Date {
        let started = outcome.started ?? clock
        json.envelope("testStepStarted") { json in
            json.field("testCaseStartedId", testCaseStartedID)
            json.field("testStepId", testStepID)
            json.timestamp("timestamp", started)
        }
        for attachment in outcome.attachments {
            json.envelope("attachment") { json in
                json.attachment(attachment, bodies: &bodies)
                json.field("testCaseStartedId", testCaseStartedID)
                json.field("testStepId", testStepID)
            }
        }
        if let suggestion = outcome.suggestion {
            let id = ids.next()
            json.envelope("suggestion") { json in
                json.field("id", id)
                json.field("pickleStepId", suggestion.pickleStepID)
                json.array("snippets", [suggestion.code]) { json, code in
                    json.object { json in
                        json.field("code", code)
                        json.field("language", "swift")
                    }
                }
            }
        }
        let finished = started.addingTimeInterval(Self.seconds(outcome.duration))
        json.envelope("testStepFinished") { json in
            json.field("testCaseStartedId", testCaseStartedID)
            json.field("testStepId", testStepID)
            json.object("testStepResult") { json in json.result(of: outcome) }
            json.timestamp("timestamp", finished)
        }
        return finished
    }

    func writeRunHook(_ hook: RunHookResult, bodies: inout AttachmentBodies, into json: inout JSONWriter) {
        let startedID = ids.next()
        let hookID = runHookIDs[hook.hookID] ?? ""
        json.envelope("testRunHookStarted") { json in
            json.field("hookId", hookID)
            json.field("id", startedID)
            json.field("testRunStartedId", testRunStartedID)
            json.timestamp("timestamp", hook.started)
        }
        for attachment in hook.attachments {
            json.envelope("attachment") { json in
                json.attachment(attachment, bodies: &bodies)
                json.field("testRunHookStartedId", startedID)
            }
        }
        let outcome = StepOutcome(
            status: hook.status, started: hook.started, duration: hook.duration, failure: hook.failure)
        json.envelope("testRunHookFinished") { json in
            json.object("result") { json in json.result(of: outcome) }
            json.field("testRunHookStartedId", startedID)
            json.timestamp("timestamp", hook.started.addingTimeInterval(Self.seconds(hook.duration)))
        }
    }
}

extension JSONWriter {
    /// An attachment's own fields: its body (`bodies` keeps the last of each media type
    /// as written), encoding, file name, media type and time.
    mutating func attachment(_ attachment: Attachment, bodies: inout MessageStream.AttachmentBodies) {
        key("body")
        bodies.write(attachment.body, mediaType: attachment.mediaType, into: &self)
        field("contentEncoding", attachment.encoding.rawValue)
        field("fileName", attachment.fileName)
        field("mediaType", attachment.mediaType)
        timestamp("timestamp", attachment.timestamp)
    }

    /// A result's fields: duration, message and exception when it has them, status.
    mutating func result(of outcome: MessageStream.StepOutcome) {
        duration("duration", outcome.duration)
        if let failure = outcome.failure {
            field("message", failure.description)
            object("exception") { json in
                json.field("message", failure.message)
                json.field("type", "StepFailure.\(failure.kind.rawValue)")
            }
        } else if let message = outcome.message, !message.isEmpty {
            // A step that said why it is pending or skipped (`PendingStep("…")`).
            field("message", message)
            object("exception") { json in
                json.field("message", message)
                json.field("type", outcome.status == .pending ? "PendingStep" : "SkippedStep")
            }
        }
        field("status", outcome.status.rawValue.uppercased())
    }
}
