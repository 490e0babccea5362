import Foundation
import Glibc
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
    /// Set with `state.signal`, for planning's checks (`isInterrupted`).
    private let interrupted = Atomic(false)
    /// Asked when no interrupt has been seen yet: for the process, the signal its handler
    /// recorded and the signal thread has not passed on yet, and when `thoroughly`, one
    /// still pending (a system call: not for checks in a loop).
    private let probe: (@Sendable (_ thoroughly: Bool) -> String?)?

    init(probe: (@Sendable (_ thoroughly: Bool) -> String?)? = nil) { self.probe = probe }

    /// The first interrupt's signal name, once one has arrived (or is pending).
    package var signal: String? {
        if let signal = state.withLock({ $0.signal }) { return signal }
        guard let seen = probe?(true) else { return nil }
        record(seen)
        return state.withLock { $0.signal }
    }

    /// Whether an interrupt has arrived: what planning checks between files and scenarios
    /// (an atomic load, without a system call).
    package var isInterrupted: Bool {
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
    package func onInterrupt(_ handler: @escaping @Sendable (String) -> Void) {
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

/// SIGINT, SIGTERM and SIGHUP caught from the first moment of a run, never lost: a handler of
/// our own records the signal and writes a byte to a pipe, which a thread reads to tell the
/// run (a dispatch source opened later would leave a window in which a Ctrl-C vanishes).
/// SIGHUP ends a run the same way, unless it was ignored (`nohup spec-run …`). `simulate`
/// and `explore` stop on the same signals through the same source.
extension InterruptSource {
    /// The last signal received (0: none yet).
    private static let received = Atomic<Int32>(0)
    /// The pipe's write end, for the handler (-1 until installed).
    private static let wakeWrite = Atomic<Int32>(-1)
    private static let wakeRead = Atomic<Int32>(-1)
    private static let installed = Atomic<Bool>(false)

    /// Catches the signals from now on (once a process): the executable calls it first
    /// thing, so a signal sent while it starts is kept.
    public static func catchSignalsEarly() {
        guard installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
            wakeRead.store(ends[0], ordering: .releasing)
            wakeWrite.store(ends[1], ordering: .releasing)
        }
        // A parent may hand its signal mask down with these blocked (a test harness that
        // reads them with signalfd does): blocked, they would never reach the handler.
        let hangUpIgnored = handler(of: SIGHUP) == unsafeBitCast(SIG_IGN, to: Int.self)
        let numbers = hangUpIgnored ? [SIGINT, SIGTERM] : [SIGINT, SIGTERM, SIGHUP]
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in numbers { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for number in numbers {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // Only async-signal-safe work here: an atomic store and write(2).
                InterruptSource.received.store(number, ordering: .releasing)
                let descriptor = InterruptSource.wakeWrite.load(ordering: .acquiring)
                if descriptor >= 0 {
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(descriptor, &byte, 1)
                }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// The signal that has arrived, if any: the one the handler recorded, or else, when
    /// `includingPending`, one not yet handed to a thread (Swift concurrency's and
    /// Dispatch's threads block signals, so it waits for the main thread).
    private static func arrived(includingPending: Bool) -> Int32? {
        let recorded = received.load(ordering: .acquiring)
        if recorded != 0 { return recorded }
        guard includingPending else { return nil }
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return nil }
        return [SIGINT, SIGTERM, SIGHUP].first { sigismember(&pending, $0) == 1 && isCaught($0) }
    }

    /// Whether this process's own handler is in place for `number`.
    private static func isCaught(_ number: Int32) -> Bool {
        guard installed.load(ordering: .acquiring), let handler = handler(of: number) else { return false }
        return handler != unsafeBitCast(SIG_IGN, to: Int.self) && handler != unsafeBitCast(SIG_DFL, to: Int.self)
    }

    /// The handler in place for signal `number`, as a number to compare with `SIG_IGN`
    /// and `SIG_DFL`; nil when it cannot be read.
    private static func handler(of number: Int32) -> Int? {
        var action = sigaction()
        guard sigaction(number, nil, &action) == 0 else { return nil }
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    private static let names: [Int32: String] = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"]

    private static func name(of number: Int32) -> String { names[number] ?? "SIGINT" }

    /// The exit status a shell reports for a process the signal ended: 128 + its number
    /// (130 for SIGINT, as runner.md says).
    package static func exitStatus(for name: String) -> Int32 {
        128 + (names.first { $0.value == name }?.key ?? SIGINT)
    }

    /// An interrupt source fed by the signals caught (`catchSignalsEarly`), one that arrived
    /// before it was made included; a thread of its own reads the pipe the handler writes to.
    package static func signals() -> InterruptSource {
        let source = InterruptSource(probe: { thoroughly in arrived(includingPending: thoroughly).map(name(of:)) })
        catchSignalsEarly()
        let descriptor = wakeRead.load(ordering: .acquiring)
        if descriptor >= 0 {
            let thread = Thread {
                var byte: UInt8 = 0
                while true {
                    let count = read(descriptor, &byte, 1)
                    if count == 1 {
                        source.trigger(name(of: Int32(byte)))
                    } else if count == 0 || errno != EINTR {
                        return
                    }
                }
            }
            thread.name = "spec-run signals"
            thread.start()
        }
        let early = received.load(ordering: .acquiring)
        if early != 0 { source.trigger(name(of: early)) }
        return source
    }
}
