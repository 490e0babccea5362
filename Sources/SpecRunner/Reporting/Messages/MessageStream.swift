import Foundation
import Gherkin

/// Writes one run's Cucumber Messages (`MessageReporter`). Ids are drawn from one
/// incrementing generator: the files are parsed again with it, so every id in the
/// stream (documents, pickles, glue, test cases, attempts) is unique.
struct MessageStream {
    var json = MessageJSON(reservingCapacity: 1 << 16)
    let start: RunStart?
    let ids = IdGenerator.incrementing()
    /// The stream's pickles, by `uri:line` (the run's own pickles carry ids per file).
    var pickles: [String: Pickle] = [:]
    /// The glue's ids, by index into the registry's definitions and hooks.
    var definitionIDs: [Int: String] = [:]
    var hookIDs: [Int: String] = [:]
    /// The `beforeAll` and `afterAll` hooks' ids, by index into the registry's run hooks.
    var runHookIDs: [Int: String] = [:]
    var testRunStartedID = ""
    /// Each planned scenario's test case, by `PlannedScenario.id`.
    var testCases: [Int: TestCasePlan] = [:]
    /// Swift snippets for the undefined step texts.
    var snippets: [String: String] = [:]

    init(start: RunStart?) {
        self.start = start
    }

    /// One step of a test case: a hook (by index into the registry's hooks) or the pickle
    /// step at an index of the scenario.
    enum TestStepKind {
        case hook(Int)
        case step(Int)
    }

    struct TestCasePlan {
        var id: String
        var steps: [(id: String, kind: TestStepKind)]
    }

    mutating func writeAll(results: [ScenarioResult], end: RunEnd) {
        writeMeta()
        let plan = start?.plan ?? RunPlan()
        for suite in plan.suites { writeFile(suite) }
        if let registry = start?.registry { writeGlue(registry) }
        testRunStartedID = ids.next()
        let started = start?.date ?? Date()
        json.envelope("testRunStarted") { json in
            json.field("id", testRunStartedID)
            json.timestamp("timestamp", started)
        }
        for undefined in plan.undefined { snippets[undefined.text] = undefined.snippet }
        for hook in end.runHooks where hook.phase == .beforeRun { writeRunHook(hook) }
        // A failed beforeAll hook: no scenario is a test case of the run.
        let beforeAllFailed = end.runHooks.contains { $0.phase == .beforeRun && $0.failure != nil }
        if !beforeAllFailed {
            for scenario in plan.scenarios { writeTestCase(scenario) }
        }
        var success =
            end.startFailure == nil && end.afterAllFailure == nil && !end.wasInterrupted
            && plan.parseFailures.isEmpty && plan.nothingSelected.isEmpty
        for result in results {
            writeAttempts(of: result)
            if result.verdict(strict: start?.strict ?? true) == .failed { success = false }
        }
        for interrupted in end.interrupted { writeInterrupted(interrupted) }
        for hook in end.runHooks where hook.phase == .afterRun { writeRunHook(hook) }
        json.envelope("testRunFinished") { json in
            json.field("testRunStartedId", testRunStartedID)
            json.timestamp("timestamp", started.addingTimeInterval(Self.seconds(end.duration)))
            json.field("success", success)
            // A failed hook says so in its own envelope.
            if let failure = end.startFailure, !beforeAllFailed {
                json.field("message", failure)
                json.object("exception") { json in
                    json.field("type", "StartFailure")
                    json.field("message", failure)
                }
            }
        }
    }

    private mutating func writeMeta() {
        json.envelope("meta") { json in
            json.field("protocolVersion", "34.0.0")
            json.object("implementation") { json in
                json.field("name", "spec-run")
                json.field("version", String(Usage.version.split(separator: " ").last ?? ""))
            }
            json.object("runtime") { json in json.field("name", "Swift") }
            json.object("os") { json in
                #if os(Linux)
                    json.field("name", "linux")
                #else
                    json.field("name", "darwin")
                #endif
            }
            json.object("cpu") { json in
                #if arch(arm64)
                    json.field("name", "arm64")
                #else
                    json.field("name", "x64")
                #endif
            }
        }
    }

    /// The file's `source`, `gherkinDocument` and `pickle`s (or its `parseError`s),
    /// from the bytes the run read, parsed again with the stream's ids.
    private mutating func writeFile(_ suite: PlannedSuite) {
        guard let source = suite.source else { return }
        let parsed = parseFeatureFile(bytes: source, uri: suite.path, ids: ids)
        json.append(lines: MessageEncoder.envelopes(for: parsed))
        for pickle in parsed.pickles { pickles["\(pickle.uri):\(pickle.location.line)"] = pickle }
    }

    /// The pickle of the stream that is `scenario`'s.
    func pickle(of scenario: PlannedScenario) -> Pickle {
        pickles["\(scenario.pickle.uri):\(scenario.pickle.location.line)"] ?? scenario.pickle
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
