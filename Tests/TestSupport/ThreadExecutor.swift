import Foundation

/// A task executor with a thread of its own, for tests whose async work blocks its thread
/// (the explorer's client waits on its socket without suspending): run under
/// `withTaskExecutorPreference(ThreadExecutor.shared)`, it leaves the two threads of the
/// cooperative pool to the other suites' tasks, whose timers would otherwise fire late.
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// One for the whole test process: its thread lives as long as the process.
    public static let shared = ThreadExecutor(name: "test-executor")

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.stackSize = 1 << 22
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
