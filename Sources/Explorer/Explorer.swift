import StepLibrary

/// `spec-run explore`'s engine: episode after episode of seeded random actions on the
/// target and the model side by side; on the first discrepancy, shrinks the episode and
/// writes it as a scenario.
public struct Explorer {
    /// What a run is asked to do.
    public struct Budget: Sendable {
        public var seed: UInt64
        public var actions: Int
        /// Stop after this long, whatever is left of `actions`.
        public var time: Duration?

        public init(seed: UInt64, actions: Int, time: Duration? = nil) {
            self.seed = seed
            self.actions = actions
            self.time = time
        }
    }

    /// A discrepancy, shrunk.
    public struct Finding: Sendable {
        public var discrepancy: Discrepancy
        /// The minimal sequence that still shows it.
        public var actions: [ExploreAction]
        /// How long the episode was when the discrepancy appeared.
        public var originalLength: Int
        /// The target's display after the shrunk sequence's last action.
        public var observedDisplay: String
        /// How many replays shrinking took.
        public var replays: Int
    }

    /// How a run ended.
    public struct Summary: Sendable {
        public var actionsRun = 0
        public var distinctStates = 0
        public var episodes = 0
        public var finding: Finding?
        /// Stopped by `shouldStop` (Ctrl-C) before the budget was spent.
        public var interrupted = false
    }

    public let base: String
    public let budget: Budget

    public init(base: String, budget: Budget) {
        self.base = base
        self.budget = budget
    }

    /// Explores until the budget is spent, a discrepancy is found and shrunk, or
    /// `shouldStop` says so. `progress` is called now and then with the summary so far.
    /// `onFinding` is called when a discrepancy appears, before shrinking starts.
    public func run(
        shouldStop: @Sendable () -> Bool = { false }, progress: (Summary) -> Void = { _ in },
        onFinding: () -> Void = {}
    ) async throws -> Summary {
        let target = TargetRegister(base: base)
        let runner = EpisodeRunner(target: target)
        var generator = ActionGenerator(seed: budget.seed)
        var summary = Summary()
        let deadline = budget.time.map { ContinuousClock.now + $0 }
        while summary.actionsRun < budget.actions {
            if shouldStop() || deadline.map({ ContinuousClock.now >= $0 }) == true {
                summary.interrupted = shouldStop()
                break
            }
            summary.episodes += 1
            // The client's receives wait on the socket without suspending, so a long run
            // would hold its thread of the cooperative pool: each episode gives it back once.
            await Task.yield()
            var episode: [ExploreAction] = []
            var found = try await runner.begin()
            let length = min(generator.episodeLength(), budget.actions - summary.actionsRun)
            while found == nil, episode.count < length {
                let action = generator.next(after: runner.model.state)
                episode.append(action)
                found = try await runner.step(action)
            }
            summary.actionsRun += episode.count
            summary.distinctStates = runner.distinctStates.count
            if summary.episodes % 64 == 0 { progress(summary) }
            if let discrepancy = found {
                onFinding()
                summary.finding = try await shrink(episode, discrepancy, runner: runner)
                break
            }
        }
        progress(summary)
        await target.close()
        return summary
    }

    /// Replays `actions` from a fresh register on the target; the first discrepancy, if any.
    public func replay(_ actions: [ExploreAction]) async throws -> Discrepancy? {
        let runner = EpisodeRunner(target: TargetRegister(base: base))
        let found = try await runner.replay(actions)
        await runner.target.close()
        return found
    }

    private func shrink(_ episode: [ExploreAction], _ found: Discrepancy, runner: EpisodeRunner) async throws
        -> Finding
    {
        var shrinker = Shrinker(rule: found.rule) { actions in try await runner.replay(actions) }
        let (actions, discrepancy) = try await shrinker.shrink(episode, found)
        _ = try await runner.replay(actions)
        return Finding(
            discrepancy: discrepancy, actions: actions, originalLength: episode.count,
            observedDisplay: runner.targetDisplay, replays: shrinker.replays)
    }
}
