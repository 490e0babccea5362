import Synchronization

/// Sends to the server's connections from any thread: what a handler hands to another
/// thread (work too slow for the server's own) is answered through it.
///
/// A send is queued here and wakes the server thread, which sends it in its next turn as
/// a handler's send (ignored if the connection is gone or closing). Sends to one
/// connection leave in the order they were made. Once the server stops, sends are
/// ignored. A handler gets the outbox from its context (`WebSocketServerContext.outbox`)
/// and may keep it for as long as it likes.
public final class WebSocketServerOutbox: Sendable {
    private struct Queue {
        var isOpen = true
        var frames: [(connection: WebSocketConnectionID, frame: [UInt8])] = []
    }

    private let wake: WakeSignal
    private let queue = Mutex(Queue())

    init(wake: WakeSignal) {
        self.wake = wake
    }

    /// Queues `message` for `connection` and wakes the server thread.
    public func send(_ message: WebSocketMessage, to connection: WebSocketConnectionID) {
        let frame = WebSocketServerLoop.encode(message)
        queue.withLock { queue in
            guard queue.isOpen else { return }
            queue.frames.append((connection, frame))
            // One wake-up per batch: the server drains the wake-up before it takes the
            // batch, so frames added to a batch not yet taken leave with it. Signalled
            // under the lock, so never after `close` (the pair is closed then).
            if queue.frames.count == 1 { wake.signal() }
        }
    }

    /// Queues `text` for `connection`.
    public func send(text: String, to connection: WebSocketConnectionID) {
        send(.text(text), to: connection)
    }

    /// The frames queued so far, in order (the server thread, after draining the wake-up).
    func take() -> [(connection: WebSocketConnectionID, frame: [UInt8])] {
        queue.withLock { queue in
            defer { queue.frames = [] }
            return queue.frames
        }
    }

    /// Drops what is queued and ignores later sends (the server thread, as it stops).
    func close() {
        queue.withLock { queue in
            queue.isOpen = false
            queue.frames = []
        }
    }
}
