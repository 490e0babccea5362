import Dispatch
import Synchronization
import Transport

/// Writes the recordings of `/record` off the server's thread, one at a time, and hands
/// each answer back through the server's outbox.
///
/// A long recording takes seconds to write (the writer replays it on the model and reads
/// the display after each action); written on the server's thread, it would leave every
/// other client and `/health` unanswered meanwhile. One serial queue writes them all, so
/// a connection's answers keep the order of its messages. A connection may have
/// `maximumPending` recordings waiting or being written; one more is a flood (the register
/// page sends one per answered action, and each is written in milliseconds unless it is
/// thousands of actions long), and the connection is closed with 1008 rather than let it
/// pile up work and memory. So is one whose recording would make more than
/// `maximumWaiting` in all, however many connections share them. What waits for a
/// connection that closed is not written.
final class RecordingQueue: Sendable {
    static let maximumPending = 4
    static let maximumWaiting = 16
    static let floodReason = "too many recordings waiting: wait for the answers before sending more"
    static let busyReason =
        "the recorder has \(maximumWaiting) recordings waiting from all its connections: send again later"

    private let queue = DispatchQueue(label: "spec-run.simulator.record")
    /// The open `/record` connections, and how many recordings each has waiting or being
    /// written.
    private let pending = Mutex<[WebSocketConnectionID: Int]>([:])

    func opened(_ connection: WebSocketConnectionID) {
        pending.withLock { $0[connection] = 0 }
    }

    func closed(_ connection: WebSocketConnectionID) {
        pending.withLock { $0[connection] = nil }
    }

    func isRecorder(_ connection: WebSocketConnectionID) -> Bool {
        pending.withLock { $0[connection] != nil }
    }

    /// Queues `answer` (the writing of one recording) for `connection`; once written, its
    /// result goes to `outbox`. Returns why it queues nothing, the close's reason, when the
    /// connection already has `maximumPending` recordings waiting or all connections
    /// together `maximumWaiting`; nil when it is queued.
    func submit(
        from connection: WebSocketConnectionID, outbox: WebSocketServerOutbox,
        answer: @escaping @Sendable () -> String
    ) -> String? {
        let refusal = pending.withLock { pending -> String? in
            guard let count = pending[connection], count < Self.maximumPending else { return Self.floodReason }
            guard pending.values.reduce(0, +) < Self.maximumWaiting else { return Self.busyReason }
            pending[connection] = count + 1
            return nil
        }
        if let refusal { return refusal }
        queue.async { [self] in
            let text = pending.withLock { $0[connection] != nil } ? answer() : nil
            // Counted down before the answer is sent: a client that sends its next
            // recording on each answer never finds the one answered still counted.
            pending.withLock { pending in
                if let count = pending[connection] { pending[connection] = count - 1 }
            }
            if let text { outbox.send(text: text, to: connection) }
        }
        return nil
    }
}
