import Synchronization

/// A value delivered once, to one waiter, whoever comes first.
final class OneShotGate<Value: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, Never>)
        case delivered(Value)
        case consumed
    }

    private let state = Mutex(State.empty)

    /// The first call wins; later ones are ignored.
    func resume(_ value: Value) {
        let continuation: CheckedContinuation<Value, Never>? = state.withLock { state in
            switch state {
            case .empty:
                state = .delivered(value)
                return nil
            case .waiting(let continuation):
                state = .consumed
                return continuation
            case .delivered, .consumed:
                return nil
            }
        }
        continuation?.resume(returning: value)
    }

    func wait() async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            let ready: Value? = state.withLock { state in
                switch state {
                case .delivered(let value):
                    state = .consumed
                    return value
                case .empty:
                    state = .waiting(continuation)
                    return nil
                case .waiting, .consumed:
                    return nil
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
