import StepLibrary

/// `spec-run explore`'s engine: episode after episode of seeded random actions on the
/// target and the model side by side; on the first discrepancy, shrinks the episode and
/// writes it as a scenario.
public struct Explorer {
    public struct Finding: Sendable {
        public var discrepancy: Discrepancy
        /// The minimal sequence that still shows it.
        public var actions: [ExploreAction]
        /// How long the episode was when the discrepancy appeared.
        public var originalLength: Int
        /// The target's display after the shrunk sequence's last action; nil when shrinking
        /// was cut short before the sequence was replayed for it.
        public var observedDisplay: String?
        /// How many replays shrinking took.
        public var replays: Int
        /// Shrinking was cut short (Ctrl-C, or `time` ran out): the sequence still shows the
        /// discrepancy, but may not be minimal.
        public var shrinkingCut = false
    }

    public struct Summary: Sendable {
        public var actionsRun = 0
        public var distinctStates = 0
        public var episodes = 0
        public var finding: Finding?
        /// Stopped by `shouldStop` (Ctrl-C) before `actions` or `time` ran out.
        public var interrupted = false
        /// Stopped by `time` before `actions` ran out.
        public var timeRanOut = false
        /// The register could not be reached (on starting, or it went away during the run:
        /// a closed connection that a fresh one cannot get past is no discrepancy).
        public var unreachable: (any Error)?
        /// What the last action met before the register went away, if it went away.
        public var lostAfter: String?

        public init() {}
    }

    public let base: String
    public let seed: UInt64
    /// The most actions a run sends.
    public let actions: Int
    /// Stop after this long, whatever is left of `actions`.
    public let time: Duration?

    public init(base: String, seed: UInt64, actions: Int, time: Duration? = nil) {
        self.base = base
        self.seed = seed
        self.actions = actions
        self.time = time
    }

    /// Explores until `actions` or `time` runs out, a discrepancy is found and shrunk, the
    /// register cannot be reached (`Summary.unreachable`), or `shouldStop` says so.
    /// `progress` is called now and then with the summary so far. `onFinding` is called when
    /// a discrepancy appears, before shrinking starts.
    public func run(
        shouldStop: @Sendable () -> Bool = { false }, progress: (Summary) -> Void = { _ in },
        onFinding: () -> Void = {}
    ) async -> Summary {
        let target = TargetRegister(base: base)
        let runner = EpisodeRunner(target: target)
        var generator = ActionGenerator(seed: seed)
        var summary = Summary()
        let deadline = time.map { ContinuousClock.now + $0 }
        do {
            try await explore(
                &summary, runner: runner, generator: &generator, deadline: deadline, shouldStop, progress, onFinding)
        } catch {
            summary.unreachable = error
        }
        progress(summary)
        await target.close()
        return summary
    }

    private func explore(
        _ summary: inout Summary, runner: EpisodeRunner, generator: inout ActionGenerator,
        deadline: ContinuousClock.Instant?, _ shouldStop: @Sendable () -> Bool, _ progress: (Summary) -> Void,
        _ onFinding: () -> Void
    ) async throws {
        func stops() -> Bool { shouldStop() || deadline.map { ContinuousClock.now >= $0 } == true }
        while summary.actionsRun < actions {
            if stops() {
                summary.interrupted = shouldStop()
                summary.timeRanOut = !summary.interrupted
                break
            }
            summary.episodes += 1
            // The client's receives wait on the socket without suspending, so a long run
            // would hold its thread of the cooperative pool: each episode gives it back once.
            await Task.yield()
            var episode: [ExploreAction] = []
            var found = try await runner.begin()
            let length = min(generator.episodeLength(), actions - summary.actionsRun)
            while found == nil, episode.count < length {
                let action = generator.next(after: runner.model.engine.state)
                episode.append(action)
                summary.actionsRun += 1
                found = try await runner.step(action)
            }
            summary.distinctStates = runner.distinctStates.count
            if summary.episodes % 64 == 0 { progress(summary) }
            if let discrepancy = found {
                if discrepancy.rule == .answersEveryRequest {
                    // A register that went away closes every connection: one that cannot
                    // be connected again is lost, not wrong.
                    summary.lostAfter = discrepancy.detail
                    _ = try await runner.begin()
                    summary.lostAfter = nil
                }
                onFinding()
                summary.finding = await shrink(episode, discrepancy, runner: runner, stops: stops)
                break
            }
        }
    }

    /// Replays `actions` from a fresh register on the target; the first discrepancy, if any.
    public func replay(_ actions: [ExploreAction]) async throws -> Discrepancy? {
        let runner = EpisodeRunner(target: TargetRegister(base: base))
        let found = try await runner.replay(actions)
        await runner.target.close()
        return found
    }

    /// Shrinks `episode`, which shows `found`, to a minimal sequence that still shows it
    /// (the same rule broken): fewer actions first, then simpler names, then fewer actions
    /// again, until removing any single action makes the discrepancy vanish. The sequence
    /// is cut after the action that shows the discrepancy.
    /// `stops` cuts it short, with the shortest sequence found so far.
    private func shrink(
        _ episode: [ExploreAction], _ found: Discrepancy, runner: EpisodeRunner, stops: () -> Bool
    ) async -> Finding {
        var replays = 0
        var cut = false
        /// `candidate`, cut after its discrepancy, when it breaks the same rule.
        func shows(_ candidate: [ExploreAction]) async -> ([ExploreAction], Discrepancy)? {
            guard !candidate.isEmpty, !cut else { return nil }
            cut = stops()
            if cut { return nil }
            replays += 1
            // A register that can no longer be reached shows nothing: the finding stands as it is.
            guard let shown = try? await runner.replay(candidate, stops: stops), shown.rule == found.rule else {
                cut = stops()
                return nil
            }
            return (Array(candidate.prefix(shown.actionIndex + 1)), shown)
        }
        var best = (Array(episode.prefix(found.actionIndex + 1)), found)
        var changed = true
        while changed, !cut {
            changed = false
            var size = max(1, best.0.count / 2)
            while size >= 1 {
                var start = 0
                while start < best.0.count {
                    var candidate = best.0
                    candidate.removeSubrange(start..<min(start + size, candidate.count))
                    if let shown = await shows(candidate) {
                        best = shown
                        changed = true
                    } else {
                        start += size
                    }
                }
                size /= 2
            }
            for renamed in Self.renamings(best.0) {
                if let shown = await shows(renamed) {
                    best = shown
                    changed = true
                }
            }
        }
        // The target's display after the sequence, unless a stop leaves no time for it.
        var shown: String?
        if !cut {
            _ = try? await runner.replay(best.0)
            shown = runner.targetDisplay
        }
        return Finding(
            discrepancy: best.1, actions: best.0, originalLength: episode.count, observedDisplay: shown,
            replays: replays, shrinkingCut: cut)
    }

    /// The sequence with each unusual product name replaced everywhere by a plain one.
    private static func renamings(_ actions: [ExploreAction]) -> [[ExploreAction]] {
        var names: [String] = []
        for name in actions.flatMap(\.productNames) where !names.contains(name) { names.append(name) }
        let plain = ["Tea", "Coffee", "Bag"]
        return names.filter { !plain.contains($0) }.compactMap { name in
            guard let replacement = plain.first(where: { !names.contains($0) }) else { return nil }
            return actions.map { $0.renaming(name, to: replacement) }
        }
    }
}
