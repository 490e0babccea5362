import Dispatch
import Explorer
import Foundation
import SimulatorServer
import SpecRunner
import Synchronization

/// `spec-run explore`: runs the explorer against `--target` or a built-in simulator of
/// its own, prints what it found, and writes the scenario and the JUnit report.
enum ExploreCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let options: ExploreOptions
        do {
            options = try ExploreOptions.parse(arguments)
        } catch {
            let synopsis = ExploreOptions.usage.split(separator: "\n").first.map(String.init) ?? ""
            write("spec-run explore: \(error.message) (see 'spec-run explore --help')\n\(synopsis)\n", error: true)
            return 2
        }
        if options.showHelp {
            write(ExploreOptions.usage)
            return 0
        }
        let stop = StopFlag()
        let signals = StopSignals { stop.set() }
        defer { signals.cancel() }
        let done = DispatchSemaphore(value: 0)
        let status = Mutex<Int32>(1)
        Task {
            let result = await explore(options, stop: stop)
            status.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }

    private static func explore(_ options: ExploreOptions, stop: StopFlag) async -> Int32 {
        let seed = options.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        var simulator: RunningSimulator?
        let base: String
        if let target = options.target {
            base = target
        } else {
            do {
                simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
            } catch {
                write("spec-run explore: cannot start the built-in simulator: \(error)\n", error: true)
                return 2
            }
            base = simulator?.webSocketBase ?? ""
        }
        defer { simulator?.stop() }
        write(
            "spec-run explore: seed \(seed), up to \(options.actions) actions against \(options.target ?? "the built-in simulator")\n"
        )
        let explorer = Explorer(
            base: base,
            budget: .init(
                seed: seed, actions: options.actions, time: options.seconds.map { .milliseconds(Int($0 * 1000)) }))
        let terminal = isatty(STDERR_FILENO) == 1
        let started = ContinuousClock.now
        let summary: Explorer.Summary
        do {
            summary = try await explorer.run(
                shouldStop: { stop.isSet },
                progress: { progress in
                    guard terminal else { return }
                    write(
                        "\r\(progress.actionsRun) actions, \(progress.distinctStates) distinct states\u{1B}[K",
                        error: true)
                })
        } catch {
            if terminal { write("\n", error: true) }
            write("spec-run explore: \(base): \(error)\n", error: true)
            return 2
        }
        if terminal { write("\n", error: true) }
        let elapsed = started.duration(to: .now)
        return report(summary, options: options, seed: seed, elapsed: elapsed)
    }

    private static func report(_ summary: Explorer.Summary, options: ExploreOptions, seed: UInt64, elapsed: Duration)
        -> Int32
    {
        let counts =
            "\(summary.actionsRun) actions in \(summary.episodes) episodes, \(summary.distinctStates) distinct states"
        var scenario: String?
        if let finding = summary.finding {
            let text = ScenarioWriter(language: options.language).feature(
                finding.actions, discrepancy: finding.discrepancy, seed: seed, observedDisplay: finding.observedDisplay)
            scenario = text
            write(
                """
                spec-run explore: FOUND after \(counts)
                  rule broken: \(finding.discrepancy.rule.sentence)
                  \(finding.discrepancy.detail)
                  shrunk from \(finding.originalLength) actions to \(finding.actions.count) (\(finding.replays) replays):

                \(text)
                """)
            if let out = options.out {
                do {
                    try text.write(toFile: out, atomically: true, encoding: .utf8)
                    write("spec-run explore: scenario written to \(out)\n")
                } catch {
                    write("spec-run explore: cannot write \(out): \(error)\n", error: true)
                }
            }
        } else {
            write(
                "spec-run explore: \(summary.interrupted ? "interrupted" : "nothing found") after \(counts) (seed \(seed))\n"
            )
            // An earlier run's finding left at --out would read as this run's.
            if let out = options.out, isEarlierFinding(out), unlink(out) == 0 {
                write("spec-run explore: removed the scenario an earlier run wrote at \(out): this run found none\n")
            }
        }
        if let junit = options.junit {
            let xml = junitXML(summary, seed: seed, elapsed: elapsed, scenario: scenario)
            do {
                try xml.write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                write("spec-run explore: cannot write \(junit): \(error)\n", error: true)
            }
        }
        if summary.finding != nil { return 1 }
        // As the run command: an interrupted run is not a clean one (docs/runner.md).
        return summary.interrupted ? 130 : 0
    }

    /// Whether the file at `path` is a scenario `explore` wrote: its first lines name the
    /// command (`# spec-run explore --seed N: …`). Anything else there is the user's.
    static func isEarlierFinding(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        return head.split(separator: "\n").prefix(2).contains { $0.hasPrefix("# spec-run explore --seed ") }
    }

    static func junitXML(_ summary: Explorer.Summary, seed: UInt64, elapsed: Duration, scenario: String?) -> String {
        let seconds = String(
            format: "%.3f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        let name = XMLText.attribute("explore seed \(seed): \(summary.actionsRun) actions")
        var failure = ""
        if let finding = summary.finding {
            failure =
                "\n      <failure message=\"\(XMLText.attribute(finding.discrepancy.rule.sentence))\" type=\"discrepancy\">"
                + XMLText.content(finding.discrepancy.detail + "\n\n" + (scenario ?? "")) + "</failure>\n    "
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites tests="1" failures="\(summary.finding == nil ? 0 : 1)" time="\(seconds)">
              <testsuite name="spec-run explore" tests="1" failures="\(summary.finding == nil ? 0 : 1)" skipped="0" time="\(seconds)">
                <testcase classname="spec-run explore" name="\(name)" time="\(seconds)">\(failure)</testcase>
              </testsuite>
            </testsuites>

            """
    }

    private static func write(_ text: String, error: Bool = false) {
        (error ? FileHandle.standardError : FileHandle.standardOutput).write(Data(text.utf8))
    }
}

/// Set by Ctrl-C (SIGINT) or SIGTERM; the explorer stops at its next episode.
final class StopFlag: Sendable {
    private let flag = Atomic(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}
