import Foundation
import Glibc
import Synchronization

/// SIGINT, SIGTERM and SIGHUP caught from the first moment of a run, never lost: a handler of our
/// own records the signal and writes a byte to a pipe, which a thread reads to tell the
/// run. (Ignoring the signals first and then opening a dispatch source would leave a
/// window in which a Ctrl-C or a CI's cancel vanishes and the run goes on.) SIGHUP (a
/// closed terminal or SSH session) ends a run the same way, with its report, unless it
/// was ignored when the run started (`nohup spec-run …` keeps running).
enum ProcessSignals {
    /// The last signal received (0: none yet).
    static let received = Atomic<Int32>(0)
    /// The pipe's write end, for the handler (-1 until installed).
    private static let wakeWrite = Atomic<Int32>(-1)
    private static let wakeRead = Atomic<Int32>(-1)
    private static let installed = Atomic<Bool>(false)

    /// Installs the handler for SIGINT, SIGTERM and SIGHUP (once a process).
    static func install() {
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
        var hangUp = sigaction()
        let hangUpIgnored =
            sigaction(SIGHUP, nil, &hangUp) == 0
            && unsafeBitCast(hangUp.__sigaction_handler.sa_handler, to: Int.self)
                == unsafeBitCast(SIG_IGN, to: Int.self)
        let numbers = hangUpIgnored ? [SIGINT, SIGTERM] : [SIGINT, SIGTERM, SIGHUP]
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in numbers { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for number in numbers {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // Only async-signal-safe work here: an atomic store and write(2).
                ProcessSignals.received.store(number, ordering: .releasing)
                let descriptor = ProcessSignals.wakeWrite.load(ordering: .acquiring)
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
    /// `includingPending`, one sent to the process and not yet handed to a thread (the
    /// threads of Swift concurrency and Dispatch block signals, so one sent while only they
    /// run waits for the main thread).
    static func arrived(includingPending: Bool) -> Int32? {
        let recorded = received.load(ordering: .acquiring)
        if recorded != 0 { return recorded }
        guard includingPending else { return nil }
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return nil }
        return [SIGINT, SIGTERM, SIGHUP].first { sigismember(&pending, $0) == 1 && isCaught($0) }
    }

    /// Whether this process's own handler is in place for `number`.
    private static func isCaught(_ number: Int32) -> Bool {
        var action = sigaction()
        guard installed.load(ordering: .acquiring), sigaction(number, nil, &action) == 0 else { return false }
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        return handler != unsafeBitCast(SIG_IGN, to: Int.self) && handler != unsafeBitCast(SIG_DFL, to: Int.self)
    }

    /// The names runner.md and the report use for the signals.
    private static let names: [Int32: String] = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"]

    /// The name of a signal number.
    static func name(of number: Int32) -> String { names[number] ?? "SIGINT" }

    /// The exit status a shell reports for a process the signal ended: 128 + its number
    /// (130 for SIGINT, as runner.md says; 143 for SIGTERM; 129 for SIGHUP).
    static func exitStatus(for name: String) -> Int32 {
        128 + (names.first { $0.value == name }?.key ?? SIGINT)
    }

    /// Calls `deliver` with each signal's name as it arrives, on a thread of its own, and
    /// at once for one that arrived before. Returns at once.
    static func watch(_ deliver: @escaping @Sendable (String) -> Void) {
        install()
        let descriptor = wakeRead.load(ordering: .acquiring)
        guard descriptor >= 0 else { return }
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(descriptor, &byte, 1)
                if count == 1 {
                    deliver(name(of: Int32(byte)))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        thread.name = "spec-run signals"
        thread.start()
    }
}
