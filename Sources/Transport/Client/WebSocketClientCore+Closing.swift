/// The close handshake from our side.
extension WebSocketClientCore {
    /// Sends a close frame, waits up to `timeout` for the server's close and end of
    /// stream (the reactor reads them), then closes the socket.
    func close(code: WebSocketErrorCode, reason: String, timeout: Duration) async {
        let (done, resumptions) = state.withLock { state -> (Bool, [Resumption]) in
            if state.socketClosed { return (true, []) }
            var resumptions: [Resumption] = []
            let bytes = state.session.close(code: code, reason: reason)
            if !bytes.isEmpty {
                state.outgoing += bytes
                resumptions += flush(&state)
            }
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
