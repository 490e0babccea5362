import Foundation

/// Starts the tests' child processes one at a time.
///
/// On Linux a child inherits every descriptor its parent has open without close-on-exec
/// when it starts: the pipes made for another child that is starting at the same moment,
/// and the socket through which Foundation learns that a child has ended. A child that
/// inherits them holds them for as long as it runs, so the other child's end of file, and
/// its `waitUntilExit`, wait for it (for ever, behind a peer that lives as long as the
/// tests). Making a child's pipes and starting it under one lock keeps every child's ends
/// its own; the parent closes the child's ends as `run()` returns.
public enum ChildLaunch {
    private static let lock = NSLock()

    /// Runs `body`, which makes a child's pipes and calls `run()`, while no other test
    /// starts a child.
    public static func alone<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

extension ChildLaunch {
    /// Waits for `process` to end, by `waitpid`, and returns its exit status (or its
    /// signal's number, and whether a signal ended it).
    ///
    /// Foundation learns that a child has ended through a socket it watches with `select`,
    /// which cannot watch a descriptor numbered past 1,024: in a test process holding many
    /// sockets, `waitUntilExit` would wait for ever. When Foundation has reaped the child
    /// first, its own status is used.
    public static func waitForExit(_ process: Process) -> (status: Int32, signalled: Bool) {
        let pid = process.processIdentifier
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid { break }
            if result == -1, errno != EINTR {
                process.waitUntilExit()
                return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
            }
            usleep(2000)
        }
        let signal = raw & 0x7f
        return signal == 0 ? ((raw >> 8) & 0xff, false) : (signal, true)
    }
}
