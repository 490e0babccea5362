import Synchronization

/// A worker whose register stops answering (a `--target` that froze or went away, a
/// simulator that died) would spend the step limits of every remaining scenario on it:
/// at 2,000 scenarios, hours of CI time for one known answer. After `limit` scenarios in a
/// row whose setup failed (the reset or the display's opening), the worker takes no more;
/// once every worker has stopped so, the rest of the run is reported as not run.
final class RegisterLoss: Sendable {
    /// Scenarios in a row whose setup failed before a worker gives up. One reconnect is
    /// already tried within each setup, so a register that restarts is not lost.
    static let limit = 3

    private struct State {
        var inARow = 0
        var lastReason = ""
    }

    private let state = Mutex(State())

    /// Records a scenario's last attempt; true once the worker should take no more.
    func record(_ attempt: ScenarioExecutor.Attempt) -> Bool {
        let setupFailure = attempt.hookFailures.first { $0.phase == .world }
        return state.withLock { state in
            guard let setupFailure else {
                state.inARow = 0
                return false
            }
            state.inARow += 1
            state.lastReason = FailureText.headline(setupFailure.failure.message)
            return state.inARow >= Self.limit
        }
    }

    var lastReason: String { state.withLock { $0.lastReason } }
}
