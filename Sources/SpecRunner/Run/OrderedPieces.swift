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
        for (index, signal) in ready.withLock({ $0 }).enumerated() {
            signal.wait()
            if let value = made.withLock({ $0.removeValue(forKey: index) }) { consume(value) }
        }
        group.wait()
    }
}

/// Fixed slots filled from several threads, read once all are set.
final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Mutex<[Value?]>

    init(count: Int) { slots = Mutex([Value?](repeating: nil, count: count)) }

    func set(_ index: Int, _ value: Value) { slots.withLock { $0[index] = value } }

    /// The values in order; slots never set are left out.
    func values() -> [Value] { slots.withLock { $0.compactMap { $0 } } }

    /// `body(0) … body(count - 1)` on all cores, in index order.
    static func map(count: Int, _ body: @Sendable (Int) -> Value) -> [Value] {
        // One piece of work needs no other thread (nor Dispatch: a run refused for want of
        // file descriptors still writes its report).
        if count <= 1 { return (0..<count).map(body) }
        let slots = ResultSlots(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in slots.set(index, body(index)) }
        return slots.values()
    }
}
