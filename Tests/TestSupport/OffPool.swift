import Foundation

/// Runs blocking `work` (a child process, a blocking socket call) on a thread of its own
/// and awaits it.
///
/// Swift's cooperative pool has one thread per core — two here — and `swift test` runs
/// suites in parallel: a test that blocks a pool thread for seconds starves every other
/// test's tasks (their step timeouts fire, their waits overrun). Blocking work belongs here.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
