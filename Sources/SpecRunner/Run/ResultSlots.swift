import Dispatch
import Synchronization

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
