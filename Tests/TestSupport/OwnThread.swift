import Foundation

/// A task executor with a thread of its own, for tests whose work is long and CPU-bound
/// (planning inputs of 100,000 characters): run there, with `withTaskExecutorPreference`,
/// it does not hold for seconds the two threads of the cooperative pool that every other
/// test's tasks, steps and time limits wait for.
public final class OwnThread: TaskExecutor, @unchecked Sendable {
    /// One thread for all such tests: they take turns.
    public static let shared = OwnThread()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [unowned self] in self.serve() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
