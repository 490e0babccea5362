import Glibc
import Synchronization

/// Receiving: what has arrived, then a short wait on the caller's own thread, then a
/// wait parked on the reactor.
extension WebSocketClientCore {
    /// How long a zero-timeout `receive` waits for the rest of a message whose first
    /// bytes have already arrived.
    static let undecodedGrace = Duration.milliseconds(250)

    /// What a look at the connection found.
    enum Check {
        case message(WebSocketMessage)
        case failure(any Error)
        /// Nothing yet; `partial` when a frame has begun to arrive.
        case nothing(partial: Bool)
        /// Other receives are parked and come first.
        case queued
    }

    /// Takes a message that has arrived (reading the socket without blocking, unless
    /// `reading` is false), unless parked receives come first.
    func check(reading: Bool = true) -> Check {
        let (check, resumptions) = state.withLock { state -> (Check, [Resumption]) in
            guard state.waiters.isEmpty else { return (.queued, []) }
            if let message = state.takeMessage() { return (.message(message), []) }
            let resumptions = state.socketClosed || !reading ? [] : pump(&state)
            if let message = state.takeMessage() { return (.message(message), resumptions) }
            if let ended = state.ended { return (.failure(ended), resumptions) }
            return (.nothing(partial: state.session.bufferedByteCount > 0), resumptions)
        }
        for resumption in resumptions { resumption.resume() }
        return check
    }

    nonisolated(nonsending) func receive(timeout: Duration) async throws -> WebSocketMessage? {
        if Task.isCancelled { throw CancellationError() }
        let start = ContinuousClock.now
        var deadline = start + timeout
        // With time to wait, the socket is read after the first yield below: an answer to
        // a request just sent cannot be there yet, and the `recv` would only delay it.
        switch check(reading: timeout <= .zero) {
        case .message(let message): return message
        case .failure(let error): throw error
        case .queued: return try await park(until: deadline)
        case .nothing(let partial):
            guard timeout > .zero || partial else { return nil }
            // Bytes already here count as arrived: wait briefly for the rest of them.
            if timeout <= .zero { deadline = start + Self.undecodedGrace }
        }
        if let found = try directWait(until: min(deadline, start + SocketWait.directBudget), spinFrom: start) {
            return found
        }
        if Task.isCancelled { throw CancellationError() }
        return try await park(until: deadline)
    }

    /// Waits on the calling thread: busy reads for `spinBudget` (`SocketWait`), then `poll`, until
    /// `limit`. A message, or `nil` when none came (the caller then parks).
    private func directWait(until limit: ContinuousClock.Instant, spinFrom start: ContinuousClock.Instant) throws
        -> WebSocketMessage?
    {
        // With the server in this process there is nothing to spin for: its turns run
        // here, and once they find nothing more the answer can only come later.
        let spinUntil = colocated == nil ? min(limit, start + spinBudget) : start
        // The caller has just looked: wait a little first, then look again.
        while true {
            let now = ContinuousClock.now
            if now >= limit { return nil }
            switch colocated?.runTurn() {
            case .progressed:
                break  // The server did something: look for the answer before anything else.
            case .busy:
                // Another thread is running a turn: it may answer us; if not, ours is next.
                sched_yield()
            case .idle, .none:
                try waitOnSocket(now: now, spinUntil: spinUntil, limit: limit)
            }
            switch check() {
            case .message(let message): return message
            case .failure(let error): throw error
            case .queued: return nil
            case .nothing: break
            }
        }
    }

    /// Without a server turn to run: yields while spinning, then blocks in `poll` on the
    /// socket until it is ready or `limit`.
    private func waitOnSocket(
        now: ContinuousClock.Instant, spinUntil: ContinuousClock.Instant, limit: ContinuousClock.Instant
    ) throws {
        if now < spinUntil {
            // Without yielding, a server that shares this core could not answer.
            sched_yield()
        } else {
            let wantsWrite = state.withLock { $0.pendingOutgoing > 0 }
            var entries = [SocketPollEntry(socket: socket, wantsWrite: wantsWrite)]
            try Socket.poll(&entries, timeoutMilliseconds: Self.milliseconds(until: limit))
            if entries[0].isWritable {
                let resumptions = state.withLock { flush(&$0) }
                for resumption in resumptions { resumption.resume() }
            }
        }
    }

    /// Parks the calling task until a message arrives, the connection ends, the
    /// deadline passes (`nil`) or the task is cancelled (`CancellationError`; no message
    /// is lost).
    nonisolated(nonsending) private func park(until deadline: ContinuousClock.Instant) async throws
        -> WebSocketMessage?
    {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: MessageContinuation) in
                let resumptions = state.withLock { state -> [Resumption] in
                    if Task.isCancelled { return [.message(continuation, .failure(CancellationError()))] }
                    // Read first: what has arrived goes to earlier waiters, then to us.
                    let resumptions = pump(&state)
                    if state.waiters.isEmpty, let message = state.takeMessage() {
                        return resumptions + [.message(continuation, .success(message))]
                    }
                    if let ended = state.ended { return resumptions + [.message(continuation, .failure(ended))] }
                    if ContinuousClock.now >= deadline { return resumptions + [.message(continuation, .success(nil))] }
                    state.waiters.append(
                        Waiter(id: id, continuation: continuation, deadline: deadline, since: .now))
                    updateWatch(&state)
                    return resumptions
                }
                for resumption in resumptions { resumption.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                let waiter = state.waiters.remove(at: index)
                updateWatch(&state)
                return waiter
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Every message that has arrived, without waiting: queued ones and those whose
    /// bytes are in the socket. Throws why the connection ended once none is left.
    func receiveAvailable() throws -> [WebSocketMessage] {
        // A colocated server writes only during its turns: if none has begun since a drain
        // emptied this socket, the socket is still empty and the read is skipped (a
        // scenario drains its display before every step, most often to find nothing).
        // Read before the lock and the read, so a turn that starts meanwhile is not missed.
        let quiet = colocated?.quietSequence
        let (messages, failure, resumptions) = state.withLock {
            state -> ([WebSocketMessage], WebSocketClientError?, [Resumption]) in
            var resumptions: [Resumption] = []
            if !state.socketClosed, quiet == nil || quiet != state.drainedAt {
                resumptions = pump(&state)
                state.drainedAt = state.pumpEmptied ? quiet : nil
            }
            // Parked receives come first; what is left after them stays queued for them.
            guard state.waiters.isEmpty else { return ([], nil, resumptions) }
            var messages: [WebSocketMessage] = []
            while let message = state.takeMessage() { messages.append(message) }
            return (messages, messages.isEmpty ? state.ended : nil, resumptions)
        }
        for resumption in resumptions { resumption.resume() }
        if let failure { throw failure }
        return messages
    }
}
