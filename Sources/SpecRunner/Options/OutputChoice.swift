/// What `--format` and `--junit` chose while the command line is read: at most one format
/// on standard output, one file per format, one JUnit report.
struct OutputChoice {
    /// The format that writes to standard output, as given (`progress`), when one was given.
    private var standardOutput: String?
    /// The JUnit report's path and the option that named it (`--format junit:FILE`).
    private var junit: (path: String, option: String)?

    /// Adds one `--format`.
    mutating func add(_ request: OutputRequest, to options: inout RunOptions) throws(UsageError) {
        if request.path == nil {
            if let taken = standardOutput {
                if taken == request.written { return }
                throw UsageError(
                    "--format \(request.written): standard output already shows '\(taken)'; at most one format"
                        + " writes there: give the other a file (--format \(request.written):FILE)")
            }
            standardOutput = request.written
            if let console = request.format.console {
                options.format = console
                return
            }
            options.consoleOnStandardOutput = false
        }
        if request.format == .junit {
            try setJUnit(request.path ?? "/dev/stdout", option: "--format junit", in: &options)
        } else if !options.outputs.contains(request) {
            options.outputs.append(request)
        }
    }

    /// `--junit FILE` (`-` for none), or `--format junit[:FILE]` (`option`); `--junit`
    /// given again, the last one counts.
    mutating func setJUnit(_ path: String, option: String = "--junit", in options: inout RunOptions)
        throws(UsageError)
    {
        guard !path.isEmpty else { throw UsageError("--junit needs a file name, or '-' for no report") }
        if let chosen = junit, chosen.path != path, chosen.option != option || option != "--junit" {
            let named = { (option: String, path: String) in
                option == "--junit" ? "--junit \(path)" : "\(option):\(path)"
            }
            throw UsageError(
                "\(named(option, path)): \(named(chosen.option, chosen.path)) already names the JUnit report; a run"
                    + " writes one")
        }
        junit = (path, option)
        options.junitPath = path == "-" ? nil : path
    }

    /// Refuses two formats written to one file (`./a.txt` and `a.txt` are one file).
    static func checkFiles(_ options: RunOptions) throws(UsageError) {
        var seen: [String: OutputRequest.Format] = [:]
        for (path, format) in options.files {
            let key = Self.key(path)
            if let other = seen[key] {
                throw UsageError(
                    "--format \(format.rawValue):\(path): \(path) already receives the \(other.rawValue) format; each"
                        + " format needs a file of its own")
            }
            seen[key] = format
        }
    }

    private static func key(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
