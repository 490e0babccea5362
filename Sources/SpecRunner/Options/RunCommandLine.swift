import Foundation

/// What the run command line asks for.
enum RunCommandLine: Sendable, Equatable {
    case run(RunOptions)
    case help
    case version

    /// Parses the arguments after the program name (without a subcommand).
    static func parse(_ arguments: [String]) throws(UsageError) -> RunCommandLine {
        var parser = Parser()
        var remaining = arguments[...]
        var onlyPaths = false
        while let argument = remaining.popFirst() {
            if !onlyPaths, argument.hasPrefix("@"), argument.count > 1 {
                parser.options.pathLists.append(String(argument.dropFirst()))
                continue
            }
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                // `spec-run "$FEATURES"` with the variable unset (`:3`, `$DIR/`: nothing, or the root).
                let path = try FeaturePath(parsing: argument)
                guard !path.path.isEmpty, path.path != "/" else {
                    throw UsageError(
                        "\(argument.isEmpty ? "an empty path" : "'\(argument)'") was given (a variable left unset?): name a"
                            + " feature file or folder, or give none to run features/")
                }
                parser.options.paths.append(path)
                continue
            }
            if argument == "--" {
                onlyPaths = true
                continue
            }
            let (name, inline) = OptionArgument.split(argument)
            // A flag takes no value: `--dry-run=false` would otherwise turn the dry run on,
            // and a CI template that writes it would pass every pull request untested.
            if let inline, flags[name] != nil || name == "--help" || name == "--version" {
                throw UsageError(
                    "\(name) takes no value (got '\(name)=\(inline)'): write \(name) alone, or leave it out")
            }
            if name == "-h" || name == "--help" { return .help }
            if name == "--version" { return .version }
            if let (flag, value) = flags[name] {
                parser.options[keyPath: flag] = value
                continue
            }
            // Every other option of the run takes a value.
            guard knownOptions.contains(name) else { throw UsageError(unknown(name)) }
            guard let value = inline ?? remaining.popFirst() else { throw UsageError("option '\(name)' needs a value") }
            // `--junit $REPORT --dry-run` with the variable empty: the next option is no value.
            let next = OptionArgument.split(value).name
            if inline == nil, knownOptions.contains(next) {
                throw UsageError(
                    "option '\(name)' needs a value, and the next argument is the option '\(value)' (a variable left"
                        + " empty?): write \(name)=VALUE, or give \(name) its value")
            }
            try parser.set(name, to: value)
        }
        return .run(try parser.finished())
    }

    /// The options that take no value, and what each sets.
    private static let flags: [String: (any WritableKeyPath<RunOptions, Bool> & Sendable, Bool)] = [
        "--dry-run": (\.dryRun, true), "--snippets": (\.snippets, true), "--strict": (\.strict, true),
        "--no-strict": (\.strict, false), "--fail-fast": (\.failFast, true),
    ]

    /// The options read so far, and what `--format` and `--junit` chose: at most one format
    /// on standard output, one file per format, one JUnit report.
    private struct Parser {
        var options = RunOptions()
        var tagSources: [String] = []
        var jobsGiven = false
        /// The format that writes to standard output, as given (`progress`), when one was given.
        var standardOutput: String?
        /// The JUnit report's path and the option that named it (`--format junit:FILE`).
        var junit: (path: String, option: String)?

        /// Sets an option that takes a value, checking the value.
        mutating func set(_ name: String, to text: String) throws(UsageError) {
            switch name {
            case "--tags": tagSources.append(text)
            case "--jobs":
                options.jobs = try wholeNumber(text, for: name, in: 1...256)
                jobsGiven = true
            case "--format": try add(OutputRequest(parsing: text))
            case "--junit": try setJUnit(text)
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
                // A decimal number (not `0x10`), a millisecond at least: shorter, no answer arrives.
                guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let seconds = Double(text),
                    seconds >= 0.001, seconds <= 86_400
                else {
                    throw UsageError(
                        "--timeout '\(text)' is not a number of seconds from 0.001 to 86400 (such as 5 or 0.5)")
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
            case "--target": try addTargets(text)
            default: break
            }
        }

        /// Adds one `--format`.
        private mutating func add(_ request: OutputRequest) throws(UsageError) {
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
                try setJUnit(request.path ?? "/dev/stdout", option: "--format junit")
            } else if !options.outputs.contains(request) {
                options.outputs.append(request)
            }
        }

        /// `--junit FILE` (`-` for none), or `--format junit[:FILE]` (`option`); `--junit`
        /// given again, the last one counts.
        private mutating func setJUnit(_ path: String, option: String = "--junit") throws(UsageError) {
            guard !path.isEmpty else { throw UsageError("--junit needs a file name, or '-' for no report") }
            // `--junit $REPORT @rerun.txt` with the variable empty: the list is no report's name.
            if path.hasPrefix("@") {
                throw UsageError(
                    "--junit '\(path)': a report's name does not start with '@', which names a list of paths (a"
                        + " variable left empty before it?)")
            }
            if let chosen = junit, chosen.path != path, chosen.option != option || option != "--junit" {
                let named = { (option: String, path: String) in
                    option == "--junit" ? "--junit \(path)" : path == "/dev/stdout" ? option : "\(option):\(path)"
                }
                // `--junit -` asks for no report: the two disagree, rather than name two.
                if path == "-" || chosen.path == "-" {
                    throw UsageError(
                        "\(named(option, path)): \(named(chosen.option, chosen.path)) was given too, and --junit - writes"
                            + " no JUnit report; keep one of the two")
                }
                throw UsageError(
                    "\(named(option, path)): \(named(chosen.option, chosen.path)) already names the JUnit report; a"
                        + " run writes one")
            }
            junit = (path, option)
            options.junitPath = path == "-" ? nil : path
        }

        /// One register per worker: `--target URL,URL`, or the option given again, each
        /// checked before anything runs (`TargetURL`), no two of them one register.
        private mutating func addTargets(_ text: String) throws(UsageError) {
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                let url = try TargetURL.checked(String(part.trimming(" ")))
                // Each worker needs a register of its own (runner.md: "each with its own simulator"),
                // however the URL is written.
                let key = Self.register(of: url)
                if let same = options.targets.first(where: { Self.register(of: $0) == key }) {
                    let written = same == url ? "'\(url)' twice" : "'\(same)' and '\(url)', one register"
                    throw UsageError(
                        "--target lists \(written): each worker runs against a register of its own, and two"
                            + " workers on one register would change each other's state")
                }
                options.targets.append(url)
            }
        }

        /// The register a target URL leads to, one way for every way of writing it: the host
        /// in lower case, `localhost` as 127.0.0.1 (where the client tries it first), an IPv4
        /// address in its usual form (`127.000.000.001`, `2130706433`), the port as a number
        /// (80 when none is given); a trailing `/` and an `http://` scheme change nothing.
        private static func register(of url: String) -> String {
            let parsed = URL(string: url)
            var host = (parsed?.host ?? "").lowercased()
            if host == "localhost" { host = "127.0.0.1" }
            var address = in_addr()
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            if inet_aton(host, &address) != 0, inet_ntop(AF_INET, &address, &text, socklen_t(text.count)) != nil {
                host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            return "\(host):\(parsed?.port ?? 80)"
        }

        /// The options once every argument is read: the workers matched to the targets, no
        /// two formats written to one file (`./a.txt` and `a.txt` are one file), the `--tags`
        /// combined.
        func finished() throws(UsageError) -> RunOptions {
            var options = options
            // One register per worker: protocol.md's `reset` is the whole register's, so two
            // workers on one register would reset each other's scenarios. Without `--jobs`,
            // the workers are as many as the targets.
            let count = options.targets.count
            if count > 0, !jobsGiven {
                guard count <= 256 else {
                    throw UsageError("--target names \(count) registers; at most 256 workers run")
                }
                options.jobs = count
            } else if count > 0, count != options.jobs {
                let registers = count == 1 ? "one register" : "\(count) registers"
                throw UsageError(
                    "--jobs \(options.jobs) with \(registers) in --target: each worker needs a register of its own"
                        + " (its scenarios reset it), so give one URL per worker, --target ws://HOST:PORT,ws://HOST:PORT2"
                )
            }
            if !tagSources.isEmpty { options.tags = try RunCommandLine.tagExpression(tagSources) }
            return options
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

    /// `source` with operators written as symbols or in capitals (`&&`, `||`, `!`, `AND`)
    /// written as the words a tag expression reads.
    private static func operatorWords(_ source: String) -> String {
        let symbols = ["&&": "and", "&": "and", "||": "or", "|": "or", "AND": "and", "OR": "or", "NOT": "not"]
        return source.split(separator: " ", omittingEmptySubsequences: false).map { word in
            if let spelled = symbols[String(word)] { return spelled }
            // `!@wip`, and the `~@wip` of Cucumber's first tag syntax.
            if word.count > 1, word.hasPrefix("!") || word.hasPrefix("~") { return "not " + word.dropFirst() }
            return String(word)
        }.joined(separator: " ")
    }

    /// The `--tags` given, all of which a scenario must match.
    private static func tagExpression(_ sources: [String]) throws(UsageError) -> TagExpression {
        var combined: TagExpression?
        for source in sources {
            // Operators as other languages write them (`&&`, `!@wip`, `~@wip`, `AND`) read as tags.
            let words = operatorWords(source)
            if words != source {
                throw UsageError(
                    "--tags '\(source)': tag expressions write their operators as the words and, or, not,"
                        + " in lower case (write '\(words)')")
            }
            let parsed: TagExpression
            do { parsed = try TagExpression(parsing: source) } catch {
                throw UsageError("--tags: \(error)" + (error.advice.map { " (\($0))" } ?? ""))
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

/// The option a mistyped or borrowed one most likely meant: `--report` → `--junit`,
/// `--tag` → `--tags`, `--parallel` → `--jobs`, `--tgas` → `--tags`. QA engineers bring
/// the options of the runners they know (behave, cucumber-js, pytest).
extension RunCommandLine {
    /// The run command's options.
    static let knownOptions = [
        "--tags", "--name", "--junit", "--format", "--dry-run", "--snippets", "--strict", "--no-strict", "--fail-fast",
        "--jobs", "--shard", "--timeout", "--retry", "--target", "--seed", "--help", "--version",
    ]

    /// Other runners' words for ours.
    static let synonyms: [String: String] = [
        "--report": "--junit", "--junit-xml": "--junit", "--junitxml": "--junit", "--xml": "--junit",
        "--output": "--junit", "--out": "--junit", "-o": "--junit", "--report-file": "--junit",
        "--tag": "--tags", "-t": "--tags", "--include": "--tags", "--parallel": "--jobs", "--workers": "--jobs",
        "--processes": "--jobs", "--threads": "--jobs", "-j": "--jobs", "-n": "--jobs", "--dryrun": "--dry-run",
        "--dry": "--dry-run", "--failfast": "--fail-fast", "--stop": "--fail-fast", "--bail": "--fail-fast",
        "-x": "--fail-fast", "--filter": "--name", "--scenario": "--name", "-k": "--name", "--formatter": "--format",
        "-f": "--format", "--retries": "--retry", "--rerun": "--retry", "--step-timeout": "--timeout",
        "--random": "--seed", "--order": "--seed", "--url": "--target", "--host": "--target",
    ]

    /// The option `written` most likely meant, or nil.
    static func option(meantBy written: String) -> String? {
        if let meant = synonyms[written] { return meant }
        let typed = Array(written.drop { $0 == "-" })
        guard typed.count >= 3 else { return nil }
        return knownOptions.compactMap { option -> (distance: Int, option: String)? in
            let name = Array(option.drop { $0 == "-" })
            let limit = name.count >= 6 ? 2 : 1
            let distance = EditDistance.between(typed, name, limit: limit)
            return distance <= limit ? (distance, option) : nil
        }.min { $0.distance < $1.distance }?.option
    }

    /// `unknown option '--report' (did you mean '--junit'?)`.
    static func unknown(_ written: String) -> String {
        let hint = option(meantBy: written).map { " (did you mean '\($0)'?)" } ?? ""
        return "unknown option '\(written)'\(hint)"
    }
}
