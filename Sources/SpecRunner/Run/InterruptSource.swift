import Foundation
import Synchronization

/// Tells a run that it should stop (SIGINT, SIGTERM, SIGHUP, or a test's trigger). The
/// first interrupt is kept for the rest of the run (`signal`); each handler set with
/// `onInterrupt` is called once with it, at once when it came before the handler.
public final class InterruptSource: Sendable {
    private struct State {
        var signal: String?
        /// The handler set last, until it is called.
        var handler: (@Sendable (String) -> Void)?
    }

    private let state = Mutex(State())
    /// Set with `state.signal`, for the checks planning makes between scenarios.
    private let interrupted = Atomic(false)
    /// Asked when no interrupt has been seen yet: for the process, the signal its handler
    /// recorded, which the thread that delivers signals may not have passed on yet, and
    /// when `thoroughly`, one still pending (a system call: not for checks in a loop).
    private let probe: (@Sendable (_ thoroughly: Bool) -> String?)?

    init(probe: (@Sendable (_ thoroughly: Bool) -> String?)? = nil) { self.probe = probe }

    /// An interrupt source fed by SIGINT, SIGTERM and SIGHUP (`ProcessSignals`: their
    /// default action is replaced from the first moment of the run command, so the run
    /// can write its report first; one that arrived before this source was made is
    /// delivered too).
    static func signals() -> InterruptSource {
        let source = InterruptSource(probe: { thoroughly in
            ProcessSignals.arrived(includingPending: thoroughly).map(ProcessSignals.name(of:))
        })
        ProcessSignals.watch { name in source.trigger(name) }
        let early = ProcessSignals.received.load(ordering: .acquiring)
        if early != 0 { source.trigger(ProcessSignals.name(of: early)) }
        return source
    }

    /// Catches SIGINT, SIGTERM and SIGHUP from now on, before the run's interrupt source
    /// exists: the executable calls it first thing, so a signal sent while it starts is kept.
    public static func catchSignalsEarly() { ProcessSignals.install() }

    /// The first interrupt's signal name, once one has arrived (or is pending).
    var signal: String? {
        if let signal = state.withLock({ $0.signal }) { return signal }
        guard let seen = probe?(true) else { return nil }
        record(seen)
        return state.withLock { $0.signal }
    }

    /// Whether an interrupt has arrived: what planning checks between files and scenarios
    /// (an atomic load, without a system call).
    var isInterrupted: Bool {
        if interrupted.load(ordering: .acquiring) { return true }
        guard let seen = probe?(false) else { return false }
        record(seen)
        return true
    }

    /// Keeps `name` as the interrupt, unless one came first.
    private func record(_ name: String) {
        state.withLock { state in
            if state.signal == nil { state.signal = name }
        }
        interrupted.store(true, ordering: .releasing)
    }

    /// Sets what happens on interrupt, replacing the handler set before; called at once
    /// when an interrupt has already arrived.
    func onInterrupt(_ handler: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.handler = handler }
        deliver()
    }

    /// Interrupts the run as if `name` had been received (only the first counts).
    func trigger(_ name: String) {
        record(name)
        deliver()
    }

    /// Calls the current handler with the first interrupt, once.
    private func deliver() {
        let call: (handler: @Sendable (String) -> Void, signal: String)? = state.withLock { state in
            guard let signal = state.signal, let handler = state.handler else { return nil }
            state.handler = nil
            return (handler, signal)
        }
        if let call { call.handler(call.signal) }
    }
}
