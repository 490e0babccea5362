import Foundation

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
    /// The console's `--format` on standard output; nil picks pretty on a terminal,
    /// progress otherwise.
    var format: ConsoleFormat?
    /// False when another format writes to standard output (`--format rerun`): the
    /// console then prints nothing there.
    var consoleOnStandardOutput = true
    /// The other `--format NAME[:FILE]` outputs, in the order given: console formats to
    /// files, and the file formats but JUnit (`junitPath`); a nil path is standard output.
    var outputs: [OutputRequest] = []
    /// `@FILE` arguments: files that list feature paths (`--format rerun:FILE` writes
    /// them), read when the run starts.
    var pathLists: [String] = []
    var dryRun = false
    /// `--snippets`: an undefined step's code for the step library (`SnippetBuilder`) is
    /// printed and reported; without it, QA reads what to fix in the feature file.
    var snippets = false
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

    /// Every file the run writes, with its format: the JUnit report first.
    var files: [(path: String, format: OutputRequest.Format)] {
        (junitPath.map { [($0, .junit)] } ?? [])
            + outputs.compactMap { request in request.path.map { ($0, request.format) } }
    }

    /// Whether a format writes the feature files' sources (`--format message`).
    var keepsSources: Bool { outputs.contains { $0.format == .message } }

    /// The paths to search: `features/` when none was given, and nothing but what the
    /// lists hold when an `@FILE` was given (an empty rerun file runs nothing).
    var effectivePaths: [FeaturePath] {
        paths.isEmpty && pathLists.isEmpty ? [FeaturePath(path: "features", lines: [])] : paths
    }
}

/// `--shard I/N`: the I-th (1-based) of N slices.
struct Shard: Sendable, Hashable, CustomStringConvertible {
    var index: Int
    var count: Int

    var description: String { "\(index)/\(count)" }
}

/// The console output styles.
enum ConsoleFormat: String, Sendable, CaseIterable {
    case pretty, progress, summary
}

/// `--name REGEX`: matches a scenario whose name contains a match, as Cucumber does.
struct NamePattern: Sendable {
    private let regex: NSRegularExpression

    /// `ignoringCase`: letter case aside (only to explain a pattern that matched nothing).
    init?(_ pattern: String, ignoringCase: Bool = false) {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: ignoringCase ? [.caseInsensitive] : [])
        else { return nil }
        self.regex = regex
    }

    func matches(_ name: String) -> Bool {
        regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    }
}
