import Synchronization

/// Keeps the run's tally for the exit status.
final class TallyReporter: RunReporter {
    private let tally: Mutex<RunTally>

    init(strict: Bool) { tally = Mutex(RunTally(strict: strict)) }

    func handle(_ event: RunEvent) {
        tally.withLock { tally in
            switch event {
            case .runStarted(let start):
                tally.add(start.plan)
            case .scenarioFinished(let result):
                tally.add(result)
            case .runFinished(let end):
                tally.add(end)
            case .scenarioStarted:
                break
            }
        }
    }

    var exitStatus: Int32 { tally.withLock { $0.exitStatus } }
}
