/// Shrinks a sequence that shows a discrepancy to a minimal one that still shows it (the
/// same rule broken): fewer actions first, then simpler names, then fewer actions again,
/// until removing any single action makes the discrepancy vanish.
struct Shrinker {
    let rule: Discrepancy.Rule
    /// Replays a sequence from a fresh register and returns the first discrepancy, if any.
    let replay: ([ExploreAction]) async throws -> Discrepancy?
    /// How many replays the shrinking ran.
    var replays = 0

    /// The shrunk sequence (cut after the action that shows the discrepancy) and its discrepancy.
    mutating func shrink(_ actions: [ExploreAction], _ found: Discrepancy) async throws -> (
        [ExploreAction], Discrepancy
    ) {
        var best = (Array(actions.prefix(found.actionIndex + 1)), found)
        var changed = true
        while changed {
            changed = false
            var size = max(1, best.0.count / 2)
            while size >= 1 {
                var start = 0
                while start < best.0.count {
                    var candidate = best.0
                    candidate.removeSubrange(start..<min(start + size, candidate.count))
                    if let shown = try await shows(candidate) {
                        best = shown
                        changed = true
                    } else {
                        start += size
                    }
                }
                size /= 2
            }
            for renamed in Self.renamings(best.0) {
                if let shown = try await shows(renamed) {
                    best = shown
                    changed = true
                }
            }
        }
        return best
    }

    /// `candidate`, cut after its discrepancy, when it breaks the same rule.
    private mutating func shows(_ candidate: [ExploreAction]) async throws -> ([ExploreAction], Discrepancy)? {
        guard !candidate.isEmpty else { return nil }
        replays += 1
        guard let found = try await replay(candidate), found.rule == rule else { return nil }
        return (Array(candidate.prefix(found.actionIndex + 1)), found)
    }

    /// The sequence with each unusual product name replaced everywhere by a plain one.
    static func renamings(_ actions: [ExploreAction]) -> [[ExploreAction]] {
        var names: [String] = []
        for action in actions {
            for name in action.productNames where !names.contains(name) { names.append(name) }
        }
        let plain = ["Tea", "Coffee", "Bag"]
        return names.filter { !plain.contains($0) }.compactMap { name in
            guard let replacement = plain.first(where: { !names.contains($0) }) else { return nil }
            return actions.map { $0.renaming(name, to: replacement) }
        }
    }
}
