/// The close handshake from our side.
extension WebSocketClientCore {
    /// Sends a close frame, waits up to `timeout` for the server's close and end of
    /// stream (the reactor reads them), then closes the socket.
    func close(code: WebSocketErrorCode, reason: String, timeout: Duration) async {
        // A server in this process takes the close frame at once, in a turn run here: it
        // forgets the connection before anything more is written to it (a display about
        // to close gets no further update) and ends the stream first, as RFC 6455 asks,
        // so our side closes with nothing unread.
        let handOver = timeout <= .zero && colocated != nil
        let (done, resumptions) = state.withLock { state -> (Bool, [Resumption]) in
            if state.socketClosed { return (true, []) }
            var resumptions: [Resumption] = []
            let bytes = state.session.close(code: code, reason: reason)
            if !bytes.isEmpty {
                state.outgoing += bytes
                resumptions += flush(&state)
            }
            if handOver && !state.socketClosed { return (false, resumptions) }
            if timeout <= .zero || state.socketClosed {
                resumptions += closeSocket(&state, reason: .closed(code: 1006, reason: "the client was closed"))
                return (true, resumptions)
            }
            let deadline = ContinuousClock.now + timeout
            state.lingerDeadline = min(state.lingerDeadline ?? deadline, deadline)
            resumptions += pump(&state)
            return (state.socketClosed, resumptions)
        }
        for resumption in resumptions { resumption.resume() }
        if done { return }
        if handOver, let colocated {
            // Bounded: the close frame is read in the first turn that finds it.
            for _ in 0..<4 {
                guard colocated.runTurn() == .progressed else { break }
            }
            let resumptions = state.withLock { state -> [Resumption] in
                guard !state.socketClosed else { return [] }
                // The server's close frame, read only so the socket closes with nothing unread.
                _ = try? socket.read(into: state.readBuffer)
                return closeSocket(&state, reason: .closed(code: 1006, reason: "the client was closed"))
            }
            for resumption in resumptions { resumption.resume() }
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.socketClosed { return true }
                state.closeWaiters.append(continuation)
                updateWatch(&state)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
