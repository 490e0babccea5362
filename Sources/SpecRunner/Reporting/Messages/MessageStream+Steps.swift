import Foundation

/// One test step's envelopes: `testStepStarted`, what it attached, the snippet of an
/// undefined step (`suggestion`), and `testStepFinished` with its result.
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
    mutating func writeStep(
        _ outcome: StepOutcome, testStepID: String, testCaseStartedID: String, clock: Date
    ) -> Date {
        let started = outcome.started ?? clock
        json.envelope("testStepStarted") { json in
            json.field("testCaseStartedId", testCaseStartedID)
            json.field("testStepId", testStepID)
            json.timestamp("timestamp", started)
        }
        for attachment in outcome.attachments {
            json.envelope("attachment") { json in
                json.field("body", attachment.body)
                json.field("contentEncoding", attachment.encoding.rawValue)
                json.field("fileName", attachment.fileName)
                json.field("mediaType", attachment.mediaType)
                json.field("testCaseStartedId", testCaseStartedID)
                json.field("testStepId", testStepID)
                json.timestamp("timestamp", attachment.timestamp)
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
            json.object("testStepResult") { json in
                json.duration("duration", outcome.duration)
                if let failure = outcome.failure {
                    json.field("message", failure.description)
                    json.object("exception") { json in
                        json.field("message", failure.message)
                        json.field("type", "StepFailure.\(failure.kind.rawValue)")
                    }
                } else if let message = outcome.message, !message.isEmpty {
                    // A step that said why it is pending or skipped (`PendingStep("…")`).
                    json.field("message", message)
                    json.object("exception") { json in
                        json.field("message", message)
                        json.field("type", outcome.status == .pending ? "PendingStep" : "SkippedStep")
                    }
                }
                json.field("status", outcome.status.rawValue.uppercased())
            }
            json.timestamp("timestamp", finished)
        }
        return finished
    }
}
