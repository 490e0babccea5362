extension RunPlan {
    /// With `--shard`, a file that does not parse has no scenario to slice, and every
    /// shard reporting it would put N copies of its `(parse error)` test case into the
    /// merged report (runner.md: no duplicate names). The broken files are dealt out like
    /// the scenarios: the k-th of them (0-based, in file order) is reported, and fails the
    /// run, in shard `k mod N + 1`. The other shards name the file in a warning, so no
    /// shard's log hides it.
    mutating func dealParseFailures(to shard: Shard) {
        var broken = 0
        for index in suites.indices where !suites[index].parseErrors.isEmpty {
            defer { broken += 1 }
            let owner = broken % shard.count + 1
            guard owner != shard.index else { continue }
            suites[index].parseErrors = []
            suites[index].reportedBy = Shard(index: owner, count: shard.count)
        }
    }
}
