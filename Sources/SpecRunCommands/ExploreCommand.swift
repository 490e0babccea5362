import Explorer
import Foundation
import SimulatorServer
import SpecRunner
import StepLibrary

/// `spec-run explore`: runs the explorer against `--target` or a built-in simulator of
/// its own, prints what it found, and writes the scenario and the JUnit report.
enum ExploreCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let names: Set = ["--target", "--seed", "--actions", "--time", "--lang", "--out", "--junit"]
        return ValueOptions.run(
            arguments, command: "explore", usage: ExploreOptions.usage, names: names, into: ExploreOptions(),
            set: { options, name, value throws(UsageError) in try options.set(name, value) }, exploreWaiting)
    }

    /// Explores on a task of its own, the calling thread waiting for its exit status.
    private static func exploreWaiting(_ options: ExploreOptions) -> Int32 {
        let interrupts = InterruptSource.signals()
        return SpecRun.waitingForTask { await explore(options, interrupts: interrupts) }
    }

    private static func explore(_ options: ExploreOptions, interrupts: InterruptSource) async -> Int32 {
        func fail(_ message: String) -> Int32 {
            writeText("spec-run explore: \(message)\n", error: true)
            return 2
        }
        if let junit = options.junit, let problem = ReportPath.junitProblem(junit) {
            return fail("error: the JUnit report cannot be written to \(junit): \(problem)")
        }
        // Explore prints its lines there: the report would be no XML.
        if let junit = options.junit, ReportPath.canonical(absolute(junit)) != "/dev/null",
            ReportPath.sameFile(absolute(junit), "/dev/stdout")
        {
            return fail(
                "error: the JUnit report cannot be written to \(junit): it is standard output, where explore prints"
                    + " its lines: name a file")
        }
        if let out = options.out, let problem = outProblem(out, junit: options.junit) {
            return fail("error: the scenario cannot be written to \(out): \(problem)")
        }
        let seed = options.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        var simulator: RunningSimulator?
        if options.target == nil {
            do { simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0) } catch {
                return fail("cannot start the built-in simulator: \(error)")
            }
        }
        defer { simulator?.stop() }
        let base = options.target ?? simulator?.webSocketBase ?? ""
        writeText(
            "spec-run explore: seed \(seed), up to \(counted(options.actions, "action")) against \(options.target ?? "the built-in simulator")\n"
        )
        let time = options.seconds.map { Duration.milliseconds(Int($0 * 1000)) }
        let explorer = Explorer(base: base, seed: seed, actions: options.actions, time: time)
        let terminal = isatty(STDERR_FILENO) == 1
        let started = ContinuousClock.now
        let summary = await explorer.run(
            shouldStop: { interrupts.isInterrupted },
            progress: { progress in
                guard terminal else { return }
                writeText(
                    "\r\(counted(progress.actionsRun, "action")), \(counted(progress.distinctStates, "distinct state"))\u{1B}[K",
                    error: true)
            },
            onFinding: {
                if terminal { writeText("\rfound a discrepancy: shrinking it\u{1B}[K", error: true) }
            })
        if terminal { writeText("\n", error: true) }
        if let error = summary.unreachable {
            let reason = ReachFailure.reason(error, isTarget: options.target != nil)
            let problem =
                summary.lostAfter.map {
                    "the register stopped answering after \(counted(summary.actionsRun, "action")) (\($0)), and cannot be reached"
                        + " again at \(options.target ?? base): \(reason)"
                } ?? "cannot reach the register at \(options.target ?? base): \(reason)"
            // As a run's: the report says the target could not be explored, never nothing.
            if let junit = options.junit {
                let xml = junitXML(
                    summary, seed: seed, elapsed: started.duration(to: .now), scenario: nil, unreachable: problem)
                _ = save(xml, to: junit)
            }
            return fail(problem)
        }
        return report(
            summary, options: options, seed: seed, signal: interrupts.signal, elapsed: started.duration(to: .now))
    }

    private static func report(
        _ summary: Explorer.Summary, options: ExploreOptions, seed: UInt64, signal: String?, elapsed: Duration
    ) -> Int32 {
        let counts =
            "\(counted(summary.actionsRun, "action")) in \(counted(summary.episodes, "episode")),"
            + " \(counted(summary.distinctStates, "distinct state"))"
        let scenario = summary.finding.map { finding in
            ScenarioWriter(language: options.language).feature(
                finding.actions, discrepancy: finding.discrepancy, seed: seed, observedDisplay: finding.observedDisplay)
        }
        if let finding = summary.finding, let text = scenario {
            writeText(
                """
                spec-run explore: FOUND after \(counts)
                  rule broken: \(finding.discrepancy.rule.sentence)
                  \(finding.discrepancy.detail)
                  shrunk from \(counted(finding.originalLength, "action")) to \(finding.actions.count) (\(counted(finding.replays, "replay"))\(finding.shrinkingCut ? ", cut short: it may shrink further" : "")):

                \(text)
                """)
            if let out = options.out, save(text, to: out) {
                writeText("spec-run explore: scenario written to \(out)\n")
            }
        } else {
            // Which budget ended it matters to one who repeats the run with its seed.
            let budget =
                summary.timeRanOut
                ? ": --time \(options.seconds.map { String(format: "%g", $0) } ?? "?") s ran out before --actions"
                    + " \(options.actions)" : ""
            writeText(
                "spec-run explore: \(summary.interrupted ? "interrupted" : "nothing found") after \(counts) (seed \(seed))"
                    + "\(budget)\n")
            // An earlier run's finding left at --out would read as this run's; an interrupted
            // run has not shown that it is gone.
            if let out = options.out, !summary.interrupted, isEarlierFinding(out), unlink(out) == 0 {
                writeText(
                    "spec-run explore: removed the scenario an earlier run wrote at \(out): this run found none\n")
            }
        }
        let xml = junitXML(summary, seed: seed, elapsed: elapsed, scenario: scenario)
        // As in a run, a report that could not be written fails the command.
        let reported = options.junit.map { save(xml, to: $0) } ?? true
        if summary.finding != nil || !reported { return 1 }
        // As the run command: an interrupted run is not a clean one, and ends with the status
        // a shell gives the signal (docs/runner.md).
        return summary.interrupted ? InterruptSource.exitStatus(for: signal ?? "SIGINT") : 0
    }

    /// Writes `text` to the file at `path` as a run writes its reports (`ReportFile`); false,
    /// saying why, when it cannot.
    /// `1 action`, `2 actions`.
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private static func save(_ text: String, to path: String) -> Bool {
        do {
            try ReportFile.write(text, to: path)
            return true
        } catch {
            writeText("spec-run explore: \(error)\n", error: true)
            return false
        }
    }

    /// Why `--out` cannot take the scenario, found before exploring: a folder, or a file
    /// that holds something other than a scenario explore wrote (a feature file of the
    /// user's would be replaced). Nil when it can: nothing there yet, an empty file, an
    /// earlier finding, or a pipe or device, written as a stream.
    static func outProblem(_ path: String, junit: String?) -> String? {
        if path.hasSuffix("/") { return "the path ends in '/', so it names a folder: name a file" }
        if let junit, ReportPath.sameFile(absolute(path), absolute(junit)) {
            return "--junit \(junit) names the same file, which the report would replace: name another file"
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return ReportFile.problem(writing: path).map { "\($0)" } }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return "it is a folder: name a file in it (\(path)/found.feature)"
        case S_IFREG where status.st_size > 0 && !isEarlierFinding(path):
            return "it holds something other than a scenario explore wrote, which the scenario would replace:"
                + " name another file"
        default: return nil
        }
    }

    /// Whether the file at `path` is a scenario `explore` wrote, not edited since as far as
    /// its outline shows (`ScenarioWriter.isFinding`). Anything else there is the user's,
    /// and only a regular file is opened: a named pipe would wait for a writer.
    static func isEarlierFinding(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= 1 << 20,
            let data = FileManager.default.contents(atPath: path)
        else { return false }
        return ScenarioWriter.isFinding(String(decoding: data, as: UTF8.self))
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    static func junitXML(
        _ summary: Explorer.Summary, seed: UInt64, elapsed: Duration, scenario: String?, unreachable: String? = nil
    ) -> String {
        let seconds = String(format: "%.3f", elapsed / .seconds(1))
        let name = XMLText.attribute("explore seed \(seed): \(counted(summary.actionsRun, "action"))")
        func element(_ tag: String, _ type: String, _ message: String, _ body: String) -> String {
            "\n      <\(tag) message=\"\(XMLText.attribute(message))\" type=\"\(type)\">\(XMLText.content(body))</\(tag)>\n    "
        }
        var failure = ""
        if let finding = summary.finding {
            let discrepancy = finding.discrepancy
            failure = element(
                "failure", "discrepancy", discrepancy.rule.sentence, discrepancy.detail + "\n\n" + (scenario ?? ""))
        } else if let unreachable {
            failure = element("error", "unreachable", unreachable, unreachable)
        } else if summary.interrupted {
            // As a run's report: an interrupted exploration is no green test case.
            let message = "interrupted after \(counted(summary.actionsRun, "action")), before the budget was spent"
            failure = element("error", "interrupted", message, message)
        }
        let failures = summary.finding == nil ? 0 : 1
        let errors = summary.finding == nil && (summary.interrupted || unreachable != nil) ? 1 : 0
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites tests="1" failures="\(failures)" errors="\(errors)" time="\(seconds)">
              <testsuite name="spec-run explore" tests="1" failures="\(failures)" errors="\(errors)" skipped="0" time="\(seconds)">
                <testcase classname="spec-run explore" name="\(name)" time="\(seconds)">\(failure)</testcase>
              </testsuite>
            </testsuites>

            """
    }
}

/// `spec-run explore`'s command line, parsed.
struct ExploreOptions: Equatable {
    var target: String?
    var seed: UInt64?
    var actions = 10_000
    var seconds: Double?
    var language = StepLanguage.en
    var out: String?
    var junit: String?

    static let usage = """
        usage: spec-run explore [--target URL] [--seed N] [--actions N] [--time SECONDS] [--lang en|ja] [--out FILE] [--junit FILE]

        Sends seeded random action sequences to a register and checks every answer and
        display snapshot against the rules and the built-in model; the first discrepancy
        is shrunk to a minimal Gherkin scenario (docs/explore.md).

          --target URL    the register under test, ws://HOST:PORT (default: the built-in
                          simulator, started on a free loopback port)
          --seed N        the random seed, 0-18446744073709551615 (default: random; printed)
          --actions N     how many actions to run at most (default 10000)
          --time SECONDS  stop after this long, whatever is left of --actions
          --lang en|ja    the language of the scenario written (default en)
          --out FILE      write the scenario there
          --junit FILE    write a JUnit XML report there ('-' = none)
          -h, --help      show this help

        Exit status: 0 nothing found, 1 a discrepancy found, 2 usage error or an
        unreachable target, 130 interrupted by Ctrl-C with nothing found (143 by
        SIGTERM, 129 by SIGHUP).

        """

    /// Sets option `name` to `value`; what the option expects, when `value` is not that.
    mutating func set(_ name: String, _ value: String) throws(UsageError) -> String? {
        switch name {
        // As a run's --target, one register.
        case "--target": target = try TargetURL.checked(value)
        case "--seed":
            guard let number = UInt64(value) else { return "a whole number from 0 to \(UInt64.max)" }
            seed = number
        case "--actions":
            guard let number = Int(value), number >= 1 else { return "a whole number from 1" }
            actions = number
        case "--time":
            // From a millisecond (the budget is counted in them) to a day, as a run's --timeout.
            guard let number = Double(value), (0.001...86_400).contains(number) else {
                return "seconds, from 0.001 to 86400"
            }
            seconds = number
        case "--lang":
            guard let language = StepLanguage(rawValue: value) else { return "en or ja" }
            self.language = language
        // `-`: the scenario is printed, and written nowhere else (as `--junit -`).
        case "--out":
            guard !value.isEmpty else { return "a file name, or '-' to print the scenario only" }
            out = value == "-" ? nil : value
        // `-` writes no report, as `--junit -` does in a run.
        default:
            guard !value.isEmpty else { return "a file name, or '-' for no report" }
            junit = value == "-" ? nil : value
        }
        return nil
    }
}
