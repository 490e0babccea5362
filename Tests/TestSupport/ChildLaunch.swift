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
