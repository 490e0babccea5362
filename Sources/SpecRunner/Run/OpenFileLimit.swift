#if canImport(Glibc)
    import Glibc
#endif

/// The process's open-files limit (`ulimit -n`). Every worker holds a simulator's
/// sockets and its connections, and Dispatch needs descriptors of its own: with too few
/// it stops the process with SIGILL on its first use (`ulimit -n 4`), before any error
/// can be told. So the soft limit is raised toward the hard one first thing, as Go's
/// runtime does, and a limit that stays too low for the run is a clear error.
public enum OpenFileLimit {
    /// Raises the soft limit to the hard one, at most 4,096, when it is lower: what a
    /// process may do without privileges.
    public static func raise() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, 4096)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Why a run with `workers` workers cannot start under the soft limit, or nil (also when
    /// the limit cannot be read). It needs at most: standard streams, Dispatch, the signal
    /// pipe and the report (16), and each worker's simulator with its register, calendar and
    /// two displays' connections on both ends (10). Measured: a run needs 20 with one
    /// worker, 28 with two, 80 with eight.
    static func shortfall(workers: Int) -> String? {
        let needed = 16 + 10 * workers
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed else { return nil }
        let jobs = workers == 1 ? "a run" : "a run with \(workers) workers"
        return "the open-files limit (ulimit -n) is \(limit.rlim_cur), and \(jobs) needs \(needed):"
            + " raise it (ulimit -n 1024) and run again"
    }
}
