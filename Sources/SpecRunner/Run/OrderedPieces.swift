import Dispatch
import Synchronization

/// Pieces of one output made on all cores and handed over in the order they were added:
/// each starts being made when it is added, so the thread adding them (planning what
/// comes next) and the thread writing them out overlap with the making.
final class OrderedPieces<Value: Sendable>: Sendable {
    private let made = Mutex<[Int: Value]>([:])
    private let ready = Mutex<[DispatchSemaphore]>([])
    private let group = DispatchGroup()

    /// Starts making the next piece.
    func add(_ make: @escaping @Sendable () -> Value) {
        let (index, signal) = reserve()
        DispatchQueue.global().async(group: group) {
            let value = make()
            self.made.withLock { $0[index] = value }
            signal.signal()
        }
    }

    /// Adds a piece made already.
    func add(made value: Value) {
        let (index, signal) = reserve()
        made.withLock { $0[index] = value }
        signal.signal()
    }

    /// The next piece's place, and what signals it made. Signalled rather than made with a
    /// count of 1: a semaphore must not end below the count it was made with.
    private func reserve() -> (index: Int, made: DispatchSemaphore) {
        let signal = DispatchSemaphore(value: 0)
        let index = ready.withLock { ready in
            ready.append(signal)
            return ready.count - 1
        }
        return (index, signal)
    }

    /// Hands every piece added to `consume`, in order, each as soon as it is made (and
    /// lets it go once consumed).
    func consume(_ consume: (Value) -> Void) {
        let signals = ready.withLock { $0 }
        for (index, signal) in signals.enumerated() {
            signal.wait()
            if let value = made.withLock({ $0.removeValue(forKey: index) }) { consume(value) }
        }
        group.wait()
    }
}
