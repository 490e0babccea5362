/// Everything the run command was asked to do, after parsing and validation.
struct RunOptions: Sendable, Equatable {
    /// Feature files or folders, each with the lines it selects (empty: the whole file).
    var paths: [FeaturePath] = []
    /// `--tags`, combined with `and` when given more than once.
    var tags: TagExpression = .always
    /// `--name`: a regular expression a scenario's name must contain a match of.
    var namePattern: String?
    /// `--junit FILE`; nil for `--junit -`.
    var junitPath: String? = "reports/junit.xml"
    /// `--format`; nil picks pretty on a terminal, progress otherwise.
    var format: ConsoleFormat?
    var dryRun = false
    var strict = true
    var failFast = false
    var jobs = 1
    var shard: Shard?
    var timeout: Duration = .seconds(2)
    var retry = 0
    /// `--target URL[,URL…]`: the registers to run against, one per worker (empty: each
    /// worker starts a simulator of its own).
    var targets: [String] = []
    var seed: UInt64?

    /// The first `--target`, when any was given.
    var target: String? { targets.first }

    init() {}

    /// The paths to search, `features/` when none was given.
    var effectivePaths: [FeaturePath] {
        paths.isEmpty ? [FeaturePath(path: "features", lines: [])] : paths
    }
}
