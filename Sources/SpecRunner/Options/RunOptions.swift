/// Everything the run command was asked to do, after parsing and validation.
public struct RunOptions: Sendable, Equatable {
    /// Feature files or folders, each with the lines it selects (empty: the whole file).
    public var paths: [FeaturePath] = []
    /// `--tags`, combined with `and` when given more than once.
    public var tags: TagExpression = .always
    /// `--name`: a regular expression a scenario's name must contain a match of.
    public var namePattern: String?
    /// `--junit FILE`; nil for `--junit -`.
    public var junitPath: String? = "reports/junit.xml"
    /// `--format`; nil picks pretty on a terminal, progress otherwise.
    public var format: ConsoleFormat?
    public var dryRun = false
    public var strict = true
    public var failFast = false
    public var jobs = 1
    public var shard: Shard?
    public var timeout: Duration = .seconds(2)
    public var retry = 0
    /// `--target URL[,URL…]`: the registers to run against, one per worker (empty: each
    /// worker starts a simulator of its own).
    public var targets: [String] = []
    public var seed: UInt64?

    /// The first `--target`, when any was given.
    public var target: String? { targets.first }

    public init() {}

    /// The paths to search, `features/` when none was given.
    public var effectivePaths: [FeaturePath] {
        paths.isEmpty ? [FeaturePath(path: "features", lines: [])] : paths
    }
}
