/// What the run command line asks for.
enum RunCommandLine: Sendable, Equatable {
    case run(RunOptions)
    case help
    case version

    /// Parses the arguments after the program name (without a subcommand).
    static func parse(_ arguments: [String]) throws(UsageError) -> RunCommandLine {
        var options = RunOptions()
        var tagSources: [String] = []
        var index = 0
        var onlyPaths = false
        var jobsGiven = false
        var outputs = OutputChoice()

        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError("option '\(option)' needs a value") }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            if !onlyPaths, argument.hasPrefix("@"), argument.count > 1 {
                options.pathLists.append(String(argument.dropFirst()))
                continue
            }
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(try FeaturePath(parsing: argument))
                continue
            }
            if argument == "--" {
                onlyPaths = true
                continue
            }
            let (name, inline) = OptionArgument.split(argument)
            // A flag takes no value: `--dry-run=false` would otherwise turn the dry run on,
            // and a CI template that writes it would pass every pull request untested.
            if let inline,
                ["--dry-run", "--snippets", "--strict", "--no-strict", "--fail-fast", "--help", "--version"].contains(
                    name)
            {
                throw UsageError(
                    "\(name) takes no value (got '\(name)=\(inline)'): write \(name) alone, or leave it out")
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--dry-run": options.dryRun = true
            case "--snippets": options.snippets = true
            case "--strict": options.strict = true
            case "--no-strict": options.strict = false
            case "--fail-fast": options.failFast = true
            case "--tags": tagSources.append(try value(for: name, inline: inline))
            case "--jobs":
                options.jobs = try wholeNumber(try value(for: name, inline: inline), for: name, in: 1...256)
                jobsGiven = true
            case "--format":
                try outputs.add(try OutputRequest(parsing: try value(for: name, inline: inline)), to: &options)
            case "--junit":
                try outputs.setJUnit(try value(for: name, inline: inline), in: &options)
            case "--name", "--retry", "--timeout", "--shard", "--seed", "--target":
                try set(name, to: try value(for: name, inline: inline), in: &options)
            default:
                throw UsageError(OptionGuess.unknown(name))
            }
        }
        try TargetAddress.matchWorkers(&options, jobsGiven: jobsGiven)
        try OutputChoice.checkFiles(options)
        if !tagSources.isEmpty { options.tags = try tagExpression(tagSources) }
        return .run(options)
    }

    /// Sets an option that takes a value, checking the value.
    private static func set(_ name: String, to text: String, in options: inout RunOptions)
        throws(UsageError)
    {
        switch name {
        case "--name":
            // Empty (a CI variable left unset) selects everything, as an empty --tags does.
            if text.isEmpty { return }
            guard NamePattern(text) != nil else {
                throw UsageError("--name '\(text)' is not a valid regular expression")
            }
            // Given again, either matches (as Cucumber and behave combine them).
            options.namePattern = options.namePattern.map { "(?:\($0))|(?:\(text))" } ?? text
        case "--retry":
            // Bounded, as --jobs is: a flaky scenario passes within a few attempts, and a
            // deterministic failure retried without end held a CI job until its own limit.
            options.retry = try wholeNumber(text, for: name, in: 0...100)
        case "--timeout":
            guard let seconds = Double(text), seconds > 0, seconds.isFinite, seconds <= 86_400 else {
                throw UsageError("--timeout '\(text)' is not a number of seconds above 0 (at most 86400)")
            }
            options.timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        case "--shard":
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
                (1...count).contains(index)
            else { throw UsageError("--shard '\(text)' is not I/N with 1 <= I <= N (e.g. 2/4)") }
            options.shard = Shard(index: index, count: count)
        case "--seed":
            options.seed = try wholeNumber(text, for: name, in: 0...UInt64.max)
        case "--target": try addTargets(text, to: &options.targets)
        default: break
        }
    }

    /// `text` as a whole number in `range`, or the usage error that says it is none.
    private static func wholeNumber<Number: FixedWidthInteger>(
        _ text: String, for name: String, in range: ClosedRange<Number>
    ) throws(UsageError) -> Number {
        guard let number = Number(text), range.contains(number) else {
            throw UsageError("\(name) '\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// One register per worker: `--target URL,URL`, or the option given again.
    private static func addTargets(_ text: String, to targets: inout [String]) throws(UsageError) {
        let urls = text.split(separator: ",", omittingEmptySubsequences: false)
        for part in urls {
            let url = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            guard TargetAddress.isPlausible(url) else {
                throw UsageError(
                    "--target '\(url)' is not a ws:// (or http://) URL with a host, e.g. ws://127.0.0.1:8080")
            }
            guard !TargetAddress.hasPath(url) else {
                throw UsageError(
                    "--target '\(url)' has a path: write ws://HOST:PORT (the steps add /register, /calendar"
                        + " and /display themselves)")
            }
            // The client speaks plain ws:// only: refused here, not as a run that cannot start.
            let scheme = url.prefix { $0 != ":" }.lowercased()
            if scheme == "wss" || scheme == "https" {
                throw UsageError(
                    "--target '\(url)': TLS (\(scheme)://) is not supported; write ws:// (a register on"
                        + " the test network, or behind a TLS-terminating proxy)")
            }
            // Each worker needs a register of its own (runner.md: "each with its own simulator").
            guard !targets.contains(url) else {
                throw UsageError(
                    "--target lists '\(url)' twice: each worker runs against a register of its own, and two"
                        + " workers on one register would change each other's state")
            }
            targets.append(url)
        }
    }

    /// The `--tags` given, all of which a scenario must match.
    private static func tagExpression(_ sources: [String]) throws(UsageError) -> TagExpression {
        var combined: TagExpression?
        for source in sources {
            let parsed: TagExpression
            do { parsed = try TagExpression(parsing: source) } catch {
                throw UsageError("--tags: \(error)")
            }
            // Gherkin's tags all start with `@`: `smoke` could select nothing, ever
            // (behave's users write it so), and a run of nothing is green.
            if let bare = parsed.names.first(where: { !$0.hasPrefix("@") }) {
                if let tag = FullWidthSign.halfWidthTag(Substring(bare)) {
                    throw UsageError(
                        "--tags '\(source)': '\(bare)' starts with the full-width '＠': tags start with the"
                            + " half-width '@' (write '\(tag)')")
                }
                throw UsageError(
                    "--tags '\(source)': '\(bare)' is no tag: tags start with '@' (write '@\(bare)')")
            }
            combined = combined.map { .and($0, parsed) } ?? parsed
        }
        return combined ?? .always
    }
}
