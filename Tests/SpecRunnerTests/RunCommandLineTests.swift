import Testing

@testable import SpecRunner

@Suite("Run command line")
struct RunCommandLineTests {
    private func options(_ arguments: [String]) throws -> RunOptions {
        guard case .run(let options) = try RunCommandLine.parse(arguments) else {
            Issue.record("expected a run for \(arguments)")
            return RunOptions()
        }
        return options
    }

    @Test("no arguments runs features/ with the defaults of runner.md")
    func defaults() throws {
        let parsed = try options([])
        #expect(parsed.effectivePaths == [FeaturePath(path: "features", lines: [])])
        #expect(parsed.junitPath == "reports/junit.xml")
        #expect(parsed.format == nil)
        #expect(parsed.strict && !parsed.dryRun && !parsed.failFast)
        #expect(parsed.jobs == 1 && parsed.retry == 0 && parsed.shard == nil && parsed.seed == nil)
        #expect(parsed.timeout == .seconds(2))
        #expect(parsed.tags == .always && parsed.namePattern == nil && parsed.targets.isEmpty)
    }

    @Test("every option is read, with a separate or an inline value")
    func everyOption() throws {
        let parsed = try options([
            "features/a.feature:12:30", "other", "--tags", "@smoke and not @wip", "--name=^Pay", "--junit", "out/r.xml",
            "--format", "summary", "--dry-run", "--no-strict", "--fail-fast", "--jobs", "3", "--shard", "2/4",
            "--timeout", "0.5", "--retry", "2", "--target", "ws://127.0.0.1:8080,ws://127.0.0.1:8081",
            "--target=http://10.0.0.5:80/", "--seed", "42",
        ])
        #expect(
            parsed.paths == [
                FeaturePath(path: "features/a.feature", lines: [12, 30]), FeaturePath(path: "other", lines: []),
            ])
        #expect(parsed.tags.evaluate(["@smoke"]) && !parsed.tags.evaluate(["@smoke", "@wip"]))
        #expect(parsed.namePattern == "^Pay")
        #expect(parsed.junitPath == "out/r.xml")
        #expect(parsed.format == .summary)
        #expect(parsed.dryRun && !parsed.strict && parsed.failFast)
        #expect(parsed.jobs == 3 && parsed.retry == 2 && parsed.seed == 42)
        #expect(parsed.shard == Shard(index: 2, count: 4))
        #expect(parsed.timeout == .milliseconds(500))
        #expect(parsed.targets == ["ws://127.0.0.1:8080", "ws://127.0.0.1:8081", "http://10.0.0.5:80/"])
        #expect(parsed.targets.first == "ws://127.0.0.1:8080")
    }

    @Test("--junit - writes no report; --strict after --no-strict wins; --tags twice means and")
    func combinations() throws {
        #expect(try options(["--junit", "-"]).junitPath == nil)
        #expect(try options(["--no-strict", "--strict"]).strict)
        let tags = try options(["--tags", "@a", "--tags", "@b"]).tags
        #expect(tags.evaluate(["@a", "@b"]) && !tags.evaluate(["@a"]))
        #expect(try options(["--", "--odd-file-name"]).paths == [FeaturePath(path: "--odd-file-name", lines: [])])
    }

    @Test("--help, -h and --version")
    func helpAndVersion() throws {
        #expect(try RunCommandLine.parse(["--help"]) == .help)
        #expect(try RunCommandLine.parse(["features", "-h"]) == .help)
        #expect(try RunCommandLine.parse(["--version"]) == .version)
    }

    static let timeoutRange = "is not a number of seconds from 0.001 to 86400 (such as 5 or 0.5)"

    @Test(
        "bad command lines are usage errors with a specific message",
        arguments: [
            (["--bogus"], "unknown option '--bogus'"),
            (["--report", "r.xml"], "unknown option '--report' (did you mean '--junit'?)"),
            (["--tag", "@a"], "unknown option '--tag' (did you mean '--tags'?)"),
            (["--tgas", "@a"], "unknown option '--tgas' (did you mean '--tags'?)"),
            (["--parallel", "2"], "unknown option '--parallel' (did you mean '--jobs'?)"),
            (["--dryrun"], "unknown option '--dryrun' (did you mean '--dry-run'?)"),
            (["--junit-xml=r.xml"], "unknown option '--junit-xml' (did you mean '--junit'?)"),
            (["-q"], "unknown option '-q'"),
            (["--tags"], "option '--tags' needs a value"),
            (
                ["--tags", "@a and"],
                #"--tags: Tag expression "@a and" could not be parsed because of syntax error: Expected operand."#
                    + " ('and' and 'or' join two tags, and 'not' goes before one: @smoke and not @wip)"
            ),
            (
                ["--tags", "@a @b"],
                #"--tags: Tag expression "@a @b" could not be parsed because of syntax error: Expected operator."#
                    + " (two tags need 'and' or 'or' between them: @smoke and @fast)"
            ),
            (
                ["--tags", "(@a"],
                #"--tags: Tag expression "(@a" could not be parsed because of syntax error: Unmatched (."#
                    + " (each '(' needs its ')')"
            ),
            (["--tags", "smoke"], "--tags 'smoke': 'smoke' is no tag: tags start with '@' (write '@smoke')"),
            (
                ["--tags", "@smoke && !@wip || @a AND @b"],
                "--tags '@smoke && !@wip || @a AND @b': tag expressions write their operators as the words and, or,"
                    + " not, in lower case (write '@smoke and not @wip or @a and @b')"
            ),
            (
                ["--tags", "~@wip"],
                "--tags '~@wip': tag expressions write their operators as the words and, or, not, in lower case"
                    + " (write 'not @wip')"
            ),
            (
                ["--tags", "@smoke and not wip"],
                "--tags '@smoke and not wip': 'wip' is no tag: tags start with '@' (write '@wip')"
            ),
            (["--name", "(unclosed"], "--name '(unclosed' is not a valid regular expression"),
            (
                ["--format", "json"],
                "--format 'json' is not one of pretty, progress, summary, junit, html, rerun, message (write NAME or NAME:FILE)"
            ),
            (["--jobs", "0"], "--jobs '0' is not a whole number from 1 to 256"),
            (["--jobs", "two"], "--jobs 'two' is not a whole number from 1 to 256"),
            (["--shard", "3/2"], "--shard '3/2' is not I/N with 1 <= I <= N (e.g. 2/4)"),
            (["--shard", "0/2"], "--shard '0/2' is not I/N with 1 <= I <= N (e.g. 2/4)"),
            (["--shard", "1"], "--shard '1' is not I/N with 1 <= I <= N (e.g. 2/4)"),
            (["--timeout", "0"], "--timeout '0' \(Self.timeoutRange)"),
            (["--timeout", "soon"], "--timeout 'soon' \(Self.timeoutRange)"),
            (["--timeout", "1e-300"], "--timeout '1e-300' \(Self.timeoutRange)"),
            (["--timeout", "0x10"], "--timeout '0x10' \(Self.timeoutRange)"),
            // A variable left empty: no path is given, and no option is taken as a value.
            (
                ["features", ""],
                "an empty path was given (a variable left unset?): name a feature file or folder, or give none to run"
                    + " features/"
            ),
            (
                ["--junit", "--dry-run"],
                "option '--junit' needs a value, and the next argument is the option '--dry-run' (a variable left"
                    + " empty?): write --junit=VALUE, or give --junit its value"
            ),
            (
                ["/"],
                "'/' was given (a variable left unset?): name a feature file or folder, or give none to run features/"
            ),
            (
                [":3"],
                "':3' was given (a variable left unset?): name a feature file or folder, or give none to run features/"
            ),
            (
                ["--junit", "@rerun.txt"],
                "--junit '@rerun.txt': a report's name does not start with '@', which names a list of paths (a"
                    + " variable left empty before it?)"
            ),
            (
                ["--format", "html:-"],
                "--format 'html:-': '-' names no file; write --format html for standard output, or html:FILE"
            ),
            (["--retry", "-1"], "--retry '-1' is not a whole number from 0 to 100"),
            (["--retry", "99999999999"], "--retry '99999999999' is not a whole number from 0 to 100"),
            (["--seed", "-3"], "--seed '-3' is not a whole number from 0 to 18446744073709551615"),
            (
                ["--target", "localhost:8080"],
                "--target 'localhost:8080' is not a ws:// (or http://) URL with a host, e.g. ws://127.0.0.1:8080"
            ),
            (["--junit", ""], "--junit needs a file name, or '-' for no report"),
            // A flag with a value would be read as the flag alone: `--dry-run=false` ran nothing.
            (
                ["--dry-run=false"],
                "--dry-run takes no value (got '--dry-run=false'): write --dry-run alone, or leave it out"
            ),
            (
                ["--fail-fast=no"],
                "--fail-fast takes no value (got '--fail-fast=no'): write --fail-fast alone, or leave it out"
            ),
            (
                ["--strict=false"],
                "--strict takes no value (got '--strict=false'): write --strict alone, or leave it out"
            ),
            (
                ["--target", "ws://127.0.0.1:8080/register"],
                "--target 'ws://127.0.0.1:8080/register' has a path: write ws://HOST:PORT (the steps add /register,"
                    + " /calendar and /display themselves)"
            ),
            (
                ["--jobs", "2", "--target", "ws://127.0.0.1:8080"],
                "--jobs 2 with one register in --target: each worker needs a register of its own (its scenarios "
                    + "reset it), so give one URL per worker, --target ws://HOST:PORT,ws://HOST:PORT2"
            ),
            (
                ["--target", "ws://a:1,ws://b:2,ws://c:3", "--jobs", "2"],
                "--jobs 2 with 3 registers in --target: each worker needs a register of its own (its scenarios "
                    + "reset it), so give one URL per worker, --target ws://HOST:PORT,ws://HOST:PORT2"
            ),
            (
                ["--target", "ws://127.0.0.1:99999"],
                "--target 'ws://127.0.0.1:99999' has port 99999: a port is 1 to 65535"
            ),
            (["--target", "ws://127.0.0.1:0"], "--target 'ws://127.0.0.1:0' has port 0: a port is 1 to 65535"),
            (
                ["--target", "ws://127.0.0.1:99999999999999999999"],
                "--target 'ws://127.0.0.1:99999999999999999999' has port 99999999999999999999: a port is 1 to 65535"
            ),
            (
                ["--target", "ws://a:1,,ws://b:2"],
                "--target '' is not a ws:// (or http://) URL with a host, e.g. ws://127.0.0.1:8080"
            ),
            (["a.feature:0"], "invalid line number '0' in 'a.feature:0': lines start at 1"),
            (
                ["a.feature:99999999999999999999"],
                "invalid line number '99999999999999999999' in 'a.feature:99999999999999999999': no file has that many lines"
            ),
            (
                ["--target", "wss://register.example:443"],
                "--target 'wss://register.example:443': TLS (wss://) is not supported; write ws:// (a register on"
                    + " the test network, or behind a TLS-terminating proxy)"
            ),
            (
                ["--target", "ws://127.0.0.1:9000,ws://127.0.0.1:9000"],
                "--target lists 'ws://127.0.0.1:9000' twice: each worker runs against a register of its own, and two"
                    + " workers on one register would change each other's state"
            ),
            // One register however it is written.
            (
                ["--target", "ws://localhost:9000/,WS://127.000.000.001:09000"],
                "--target lists 'ws://localhost:9000/' and 'ws://127.000.000.001:09000', one register: each worker"
                    + " runs against a register of its own, and two workers on one register would change each other's"
                    + " state"
            ),
            (
                ["--target", "ws://127.0.0.1:9000?x=1"],
                "--target 'ws://127.0.0.1:9000?x=1' has a query or a fragment (after '?' or '#'): write ws://HOST:PORT"
            ),
        ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try RunCommandLine.parse(arguments) }
    }

    @Test("--target takes one register per worker; without --jobs the workers are as many as the registers")
    func targetsPerWorker() throws {
        let two = try options(["--target", "ws://127.0.0.1:8080, ws://127.0.0.1:8081"])
        #expect(two.targets == ["ws://127.0.0.1:8080", "ws://127.0.0.1:8081"] && two.jobs == 2)
        let one = try options(["--target", "ws://127.0.0.1:8080"])
        #expect(one.targets == ["ws://127.0.0.1:8080"] && one.jobs == 1)
        #expect(try options(["--target", "WS://127.0.0.1:8080"]).targets == ["ws://127.0.0.1:8080"])
        let explicit = try options(["--jobs", "2", "--target", "ws://a:1", "--target", "ws://b:2"])
        #expect(explicit.targets == ["ws://a:1", "ws://b:2"] && explicit.jobs == 2)
    }

    @Test("an empty --name selects everything, as an empty --tags does (a CI variable left unset)")
    func emptyName() throws {
        guard case .run(let options) = try RunCommandLine.parse(["--name", "", "--tags", ""]) else {
            Issue.record("not a run")
            return
        }
        #expect(options.namePattern == nil)
    }

    @Test("PATH:LINE keeps a colon that is not followed by a number")
    func featurePaths() throws {
        #expect(try FeaturePath(parsing: "a.feature") == FeaturePath(path: "a.feature", lines: []))
        #expect(try FeaturePath(parsing: "a.feature:3") == FeaturePath(path: "a.feature", lines: [3]))
        #expect(try FeaturePath(parsing: "a.feature:3:9") == FeaturePath(path: "a.feature", lines: [3, 9]))
        #expect(try FeaturePath(parsing: "odd:name.feature") == FeaturePath(path: "odd:name.feature", lines: []))
    }
}
