import Foundation
import Gherkin
import Wire

/// Writes one run's Cucumber Messages (`MessageReporter`) as it goes: `begin` when the
/// run starts (everything known before a scenario runs), `add` as each scenario finishes,
/// `finish` when the run ends. Ids are drawn from one incrementing generator: the files
/// are parsed again with it, so every id in the stream (documents, pickles, glue, test
/// cases, attempts) is unique.
struct MessageStream: Sendable {
    /// The envelopes written since the last `take`.
    var written: [UInt8] = []
    /// `meta`, the files, the glue and `testRunStarted`.
    var prefix: [UInt8] = []
    /// The `testCase` envelopes.
    var testCaseLines: [UInt8] = []
    /// Each finished scenario's attempts, a piece each (never one array copied as it grows).
    var attempts: [[UInt8]] = []
    var start: RunStart?
    let ids = IdGenerator.incrementing()
    /// The stream's pickles, by file and line (the run's own carry ids per file).
    var pickles: [PickleKey: Pickle] = [:]
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
    /// Each step text's `stepDefinitionIds` and `stepMatchArgumentsLists`, written once
    /// (a text matches the same way wherever it is written).
    var matchFields: [String: [UInt8]] = [:]
    /// The registry's hooks' tag expressions, parsed once (nil: every scenario).
    var hookTags: [TagExpression?] = []
    /// Whether a finished scenario failed the run.
    var scenarioFailed = false
    var begun = false

    init() {}

    /// One step of a test case: a hook (by index into the registry's hooks) or the pickle
    /// step at an index of the scenario.
    enum TestStepKind: Sendable {
        case hook(Int)
        case step(Int)
    }

    /// A pickle's place: its file and line (an outline row's own line).
    struct PickleKey: Hashable, Sendable {
        var uri: String
        var line: Int
    }

    struct TestCasePlan: Sendable {
        var id: String
        var steps: [(id: String, kind: TestStepKind)]
    }

    /// What is known when the run starts: `meta`, the files, the glue, `testRunStarted`
    /// and every planned scenario's `testCase`.
    mutating func begin(_ start: RunStart?) {
        guard !begun else { return }
        begun = true
        self.start = start
        writeMeta()
        let plan = start?.plan ?? RunPlan()
        for suite in plan.suites {
            let broken = plan.scenarios.filter { $0.suiteIndex == suite.index && !$0.parseErrors.isEmpty }
            writeFile(suite, broken: broken.map(\.pickle))
        }
        if let registry = start?.registry {
            writeGlue(registry)
            hookTags = registry.hooks.map { hook in
                hook.tagExpression.map { (try? TagExpression(parsing: $0)) ?? TagExpression.always }
            }
        }
        testRunStartedID = ids.next()
        let started = start?.date ?? Date()
        written += Self.line("testRunStarted") { json in
            json.field("id", testRunStartedID)
            json.timestamp("timestamp", started)
        }
        prefix = take()
        for undefined in plan.undefined { snippets[undefined.text] = undefined.snippet }
        for scenario in plan.scenarios { writeTestCase(scenario) }
        testCaseLines = take()
    }

    /// A scenario that finished: its attempts.
    mutating func add(_ result: ScenarioResult) {
        writeAttempts(of: result)
        attempts.append(take())
        if result.verdict(strict: start?.strict ?? true) == .failed { scenarioFailed = true }
    }

    /// The whole stream, in pieces, ended by `end`: the `beforeAll` hooks go between
    /// `testRunStarted` and the test cases (which a failed `beforeAll` leaves out), the
    /// scenarios cut short and the `afterAll` hooks after the attempts, then
    /// `testRunFinished`.
    mutating func finish(_ end: RunEnd) -> [[UInt8]] {
        begin(nil)
        for hook in end.runHooks where hook.phase == .beforeRun { writeRunHook(hook) }
        let beforeAll = take()
        // A failed beforeAll hook: no scenario is a test case of the run.
        let beforeAllFailed = end.runHooks.contains { $0.phase == .beforeRun && $0.failure != nil }
        for interrupted in end.interrupted { writeInterrupted(interrupted) }
        for hook in end.runHooks where hook.phase == .afterRun { writeRunHook(hook) }
        let plan = start?.plan ?? RunPlan()
        let success =
            !scenarioFailed && end.startFailure == nil && end.afterAllFailure == nil && !end.wasInterrupted
            && plan.parseFailures.isEmpty && plan.nothingSelected.isEmpty
        let started = start?.date ?? Date()
        written += Self.line("testRunFinished") { json in
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
        return [prefix, beforeAll, beforeAllFailed ? [] : testCaseLines] + attempts + [take()]
    }

    /// One envelope line (`JSONWriter.envelope`), to add to `written`.
    static func line(_ name: StaticString, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var json = JSONWriter(capacity: 1024)
        json.envelope(name, body)
        return json.bytes
    }

    /// What has been written since the last `take`, and a fresh buffer for what follows.
    private mutating func take() -> [UInt8] {
        defer { written = [] }
        return written
    }

    private mutating func writeMeta() {
        written += Self.line("meta") { json in
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
    /// from the bytes the run read, parsed again with the stream's ids. A file whose broken
    /// scenarios the run left out (`ParseRecovery`) has its `parseError`s, then the document
    /// and pickles of what the run read, and a pickle for each broken scenario (`broken`).
    private mutating func writeFile(_ suite: PlannedSuite, broken: [Pickle]) {
        guard let source = suite.source else { return }
        var parsed = parseFeatureFile(bytes: source, uri: suite.path, ids: ids)
        written.append(contentsOf: MessageEncoder.envelopes(for: parsed))
        if !parsed.errors.isEmpty, !suite.recoveredErrors.isEmpty,
            let recovery = ParseRecovery.recover(
                parsed, parse: { [ids] in parseFeatureFile(bytes: $0, uri: suite.path, ids: ids) })
        {
            parsed = recovery.parsed
            parsed.pickles = (parsed.pickles + broken).sorted { $0.location.line < $1.location.line }
            written.append(contentsOf: MessageEncoder.envelopes(for: parsed, includeSource: false))
        }
        for pickle in parsed.pickles { pickles[PickleKey(uri: pickle.uri, line: pickle.location.line)] = pickle }
    }

    /// The pickle of the stream that is `scenario`'s.
    func pickle(of scenario: PlannedScenario) -> Pickle {
        pickles[PickleKey(uri: scenario.pickle.uri, line: scenario.pickle.location.line)] ?? scenario.pickle
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
