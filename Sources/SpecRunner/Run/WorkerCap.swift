/// The most workers a run with built-in simulators starts: four per core. Each worker runs
/// its own simulator and waits for it briefly on a core; far more workers than cores only
/// wait for one, until their steps and worlds overrun their limits and a passing suite
/// turns red (`--jobs 256` on two cores fails hundreds of 5,000 passing scenarios;
/// `--jobs 8` passes them all in 1.3 s). A `--target` run is not capped: its
/// registers are elsewhere, one per worker.
enum WorkerCap {
    /// The workers to start for `jobs` on `cores`, and the warning when that is fewer.
    static func workers(_ jobs: Int, cores: Int, builtIn: Bool) -> (count: Int, warning: String?) {
        let cap = max(1, cores) * 4
        guard builtIn, jobs > cap else { return (jobs, nil) }
        return (
            cap,
            "--jobs \(jobs): this machine has \(RunTally.counted(cores, "core")), so the run starts \(cap) workers"
                + " (4 a core); more would only wait for a core, and their steps would overrun --timeout"
        )
    }
}
