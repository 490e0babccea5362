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
/// pile up work and memory. What waits for a connection that closed is not written.
final class RecordingQueue: Sendable {
    static let maximumPending = 4
    static let floodReason = "too many recordings waiting: wait for the answers before sending more"

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
    /// result goes to `outbox`. Returns false, queuing nothing, when the connection
    /// already has `maximumPending` recordings waiting.
    func submit(
        from connection: WebSocketConnectionID, outbox: WebSocketServerOutbox,
        answer: @escaping @Sendable () -> String
    ) -> Bool {
        let accepted = pending.withLock { pending -> Bool in
            guard let count = pending[connection], count < Self.maximumPending else { return false }
            pending[connection] = count + 1
            return true
        }
        guard accepted else { return false }
        queue.async { [self] in
            let text = pending.withLock { $0[connection] != nil } ? answer() : nil
            // Counted down before the answer is sent: a client that sends its next
            // recording on each answer never finds the one answered still counted.
            pending.withLock { pending in
                if let count = pending[connection] { pending[connection] = count - 1 }
            }
            if let text { outbox.send(text: text, to: connection) }
        }
        return true
    }
}
