import Dispatch
import Synchronization

/// How a time-limited piece of work ended.
enum TimedOutcome<Value: Sendable>: Sendable {
    case finished(Result<Value, any Error>)
    case timedOut
    case cancelled
}

/// Runs work with a time limit, one call at a time, on one reusable Dispatch timer.
///
/// A body that ignores cancellation is abandoned, so a hung step never hangs the run. The
/// timer is a Dispatch timer, not a task, which a step blocking its thread could starve
/// of the cooperative pool; and one re-armed timer, since a cancelled one-shot timer
/// stays allocated until its deadline (thousands of steps × 2 s of memory).
final class Watchdog: Sendable {
    private struct State {
        var timer: (any DispatchSourceTimer)?
        var onTimeout: (@Sendable () -> Void)?
        /// When the current call times out.
        var deadline: DispatchTime?
        /// When the timer is set to fire (it may be earlier than `deadline`).
        var scheduled: DispatchTime?
        /// Which call the deadline is for: each `arm` and `disarm` begins another.
        var call = 0

        /// Sets the deadline; the timer is moved only when it would fire too late, so
        /// that a run of quick steps costs one timer change per limit, not one per step.
        mutating func set(_ deadline: DispatchTime) {
            self.deadline = deadline
            if let scheduled, scheduled <= deadline { return }
            timer?.schedule(deadline: deadline)
            scheduled = deadline
        }
    }

    private let state = Mutex(State())

    init() {
        state.withLock { state in
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.setEventHandler { [weak self] in self?.fire() }
            timer.resume()
            state.timer = timer
        }
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    /// How long a body's task may wait for a thread of the cooperative pool before its
    /// limit starts counting: past it, the body is given up as if it had run out of time.
    static let startAllowance: Duration = .seconds(10)

    /// Runs `body` in its own task and waits for it at most `limit` from when the task
    /// starts (not the time its task waits for a thread).
    func run<Value: Sendable>(
        _ limit: Duration, _ body: @escaping @Sendable () async throws -> Value
    ) async -> TimedOutcome<Value> {
        let gate = OneShotGate<TimedOutcome<Value>>()
        let call = arm(after: limit + Self.startAllowance) { gate.resume(.timedOut) }
        let work = Task {
            // The limit counts from here, unless another call has begun.
            let deadline = DispatchTime.now() + limit.dispatchInterval
            self.state.withLock { state in
                if state.call == call, state.onTimeout != nil { state.set(deadline) }
            }
            do { gate.resume(.finished(.success(try await body()))) } catch { gate.resume(.finished(.failure(error))) }
        }
        let outcome = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resume(.cancelled)
        }
        disarm()
        work.cancel()
        return outcome
    }

    /// Forgets the current deadline (the work it limited has ended).
    func disarm() {
        state.withLock { state in
            state.call += 1
            state.onTimeout = nil
            state.deadline = nil
        }
    }

    /// Sets the deadline of a new call, which it returns.
    @discardableResult
    func arm(after limit: Duration, _ onTimeout: @escaping @Sendable () -> Void) -> Int {
        let deadline = DispatchTime.now() + limit.dispatchInterval
        return state.withLock { state in
            state.call += 1
            state.onTimeout = onTimeout
            state.set(deadline)
            return state.call
        }
    }

    /// The timer fired: time out the current call if its deadline has passed, else wait
    /// for that deadline.
    private func fire() {
        let onTimeout: (@Sendable () -> Void)? = state.withLock { state in
            state.scheduled = nil
            guard let deadline = state.deadline, state.onTimeout != nil else { return nil }
            if deadline > DispatchTime.now() {
                state.set(deadline)
                return nil
            }
            let onTimeout = state.onTimeout
            (state.onTimeout, state.deadline) = (nil, nil)
            return onTimeout
        }
        onTimeout?()
    }
}

extension Duration {
    /// The duration as Dispatch counts it (nanoseconds).
    fileprivate var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000))
    }
}

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
