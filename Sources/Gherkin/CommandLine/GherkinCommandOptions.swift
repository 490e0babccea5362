/// The options of `spec-run gherkin`, parsed from its arguments.
public struct GherkinCommandOptions: Hashable, Sendable {
    public var includeSource = true
    public var includeDocument = true
    public var includePickles = true
    public var predictableIds = false
    public var paths: [String] = []

    public init() {}

    /// What the arguments ask for.
    public enum Parsed: Hashable, Sendable {
        case run(GherkinCommandOptions)
        case help
        case usageError(String)
    }

    public static let usage = """
        usage: spec-run gherkin [--no-source] [--no-ast] [--no-pickles] [--predictable-ids] PATH...

        Parses Gherkin feature files and prints Cucumber Messages as NDJSON (one envelope per
        line): for each file its `source`, then its `gherkinDocument` and `pickle`s, or its
        `parseError`s. Directories are searched for *.feature files, in sorted order.

          --no-source         do not print source envelopes
          --no-ast            do not print gherkinDocument envelopes
          --no-pickles        do not print pickle envelopes
          --predictable-ids   number ids 0, 1, 2, ... instead of random UUIDs
          -h, --help          show this help

        Exit status: 0 when every file parsed, 1 when a file has parse errors, 2 on a usage
        error or a path that cannot be read.
        """

    public static func parse(_ arguments: [String]) -> Parsed {
        var options = GherkinCommandOptions()
        var onlyPathsFollow = false
        for argument in arguments {
            if onlyPathsFollow || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                continue
            }
            switch argument {
            case "--": onlyPathsFollow = true
            case "--no-source": options.includeSource = false
            case "--no-ast": options.includeDocument = false
            case "--no-pickles": options.includePickles = false
            case "--predictable-ids": options.predictableIds = true
            case "-h", "--help": return .help
            default: return .usageError("unknown option '\(argument)'")
            }
        }
        guard !options.paths.isEmpty else { return .usageError("no PATH given") }
        return .run(options)
    }
}
