import Foundation
import Synchronization

/// Tells a run that it should stop (SIGINT, SIGTERM, or a test's trigger). The handler
/// runs once, with the signal's name; a trigger before the handler is set is kept.
public final class InterruptSource: Sendable {
    private struct State {
        var handler: (@Sendable (String) -> Void)?
        var pending: String?
        var fired = false
    }

    private let state = Mutex(State())

    public init() {}

    /// An interrupt source fed by SIGINT and SIGTERM (`ProcessSignals`: their default
    /// action is replaced from the moment the run command starts, so the run can write
    /// its report first; one that arrived before this source was made is delivered too).
    public static func signals() -> InterruptSource {
        let source = InterruptSource()
        ProcessSignals.watch { name in source.trigger(name) }
        let early = ProcessSignals.received.load(ordering: .acquiring)
        if early != 0 { source.trigger(ProcessSignals.name(of: early)) }
        return source
    }

    /// Catches SIGINT and SIGTERM from now on, before the run's interrupt source exists:
    /// the run command calls it first thing, so a signal sent while it starts is kept.
    public static func catchSignalsEarly() { ProcessSignals.install() }

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
