import Dispatch
import Foundation
import Synchronization

/// Tells a run that it should stop (SIGINT, SIGTERM, or a test's trigger). The handler
/// runs once, with the signal's name; a trigger before the handler is set is kept.
public final class InterruptSource: Sendable {
    private struct State {
        var handler: (@Sendable (String) -> Void)?
        var pending: String?
        var fired = false
        var sources: [any DispatchSourceSignal] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// An interrupt source fed by SIGINT and SIGTERM (their default action is disabled
    /// while the source lives, so the run can write its report first).
    public static func signals() -> InterruptSource {
        let source = InterruptSource()
        source.state.withLock { state in
            for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
                signal(number, SIG_IGN)
                let dispatchSource = DispatchSource.makeSignalSource(signal: number, queue: .global())
                dispatchSource.setEventHandler { source.trigger(name) }
                dispatchSource.resume()
                state.sources.append(dispatchSource)
            }
        }
        return source
    }

    /// The signal that arrived before any handler was set, if one did.
    public var pendingSignal: String? { state.withLock { $0.pending } }

    /// Sets what happens on interrupt (at most once).
    public func onInterrupt(_ handler: @escaping @Sendable (String) -> Void) {
        let pending: String? = state.withLock { state in
            state.handler = handler
            return state.pending
        }
        if let pending { fire(pending) }
    }

    /// Interrupts the run as if `name` had been received.
    public func trigger(_ name: String) {
        let hasHandler = state.withLock { state in
            if state.handler == nil { state.pending = state.pending ?? name }
            return state.handler != nil
        }
        if hasHandler { fire(name) }
    }

    private func fire(_ name: String) {
        let handler: (@Sendable (String) -> Void)? = state.withLock { state in
            guard !state.fired else { return nil }
            state.fired = true
            return state.handler
        }
        handler?(name)
    }
}
