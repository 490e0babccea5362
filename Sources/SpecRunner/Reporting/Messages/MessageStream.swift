import Foundation
import Gherkin
import Wire

extension ReportedRunReporter {
    /// `--format message`: the run as Cucumber Messages (NDJSON, one envelope a line), in the
    /// order the Cucumber Compatibility Kit shows (`MessageStream.finish`). An interrupted run
    /// still writes a whole stream, its `testRunFinished` unsuccessful.
    static func message() -> ReportedRunReporter {
        ReportedRunReporter(bytes: { run, end, write in
            var stream = MessageStream(run)
            stream.finish(end) { piece in
                if !piece.isEmpty { write(piece) }
            }
        })
    }
}

/// Writes one run's Cucumber Messages (`ReportedRunReporter.message`): `finish` writes
/// the whole stream when the run ends, its envelopes made on all cores (`OrderedPieces`),
/// as the JUnit report's test cases are. A run keeps every core busy, so envelopes
/// written while it goes would lengthen it by more than they cost at its end.
///
/// Ids come from one incrementing generator in the stream's order, each piece written in
/// parallel drawing from a range reserved for it (`IdRange`): the files are parsed again
/// with it, so every id in the stream (documents, pickles, glue, test cases, attempts) is
/// unique, and a run's stream does not depend on how its threads ran.
struct MessageStream: Sendable {
    let run: ReportedRun
    let start: RunStart
    let ids = IdGenerator.incrementing()
    /// The stream's pickles, by file and line, an outline row's its own (the run's own
    /// carry ids per file).
    var pickles: [SourceLine: Pickle] = [:]
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
    var matchFields: [UTF8Text: [UInt8]] = [:]
    /// The registry's hooks' tag expressions, parsed once (nil: every scenario).
    var hookTags: [TagExpression?] = []
    /// The hooks that stand for description lines planned as steps (`PlannedStep.isLost`),
    /// by place: such a line is no pickle step, so its test step is a hook's, at the line.
    var lostLineIDs: [SourceLine: String] = [:]
    /// One step of a test case: a hook (by index into the registry's hooks), a description
    /// line planned as a step, or a pickle step (`index` into the scenario's planned steps,
    /// `pickleStep` into the pickle's).
    enum TestStepKind: Sendable {
        case hook(Int)
        case lost(Int)
        case step(Int, pickleStep: Int)
    }

    struct TestCasePlan: Sendable {
        var id: String
        var steps: [(id: String, kind: TestStepKind)]
    }

    /// A piece of the stream: the envelopes one writer holds, handed to the file from its
    /// buffer.
    private final class Piece: @unchecked Sendable {
        // Made on one thread and only read after `OrderedPieces` hands it over.
        let json: JSONWriter
        init(_ json: consuming JSONWriter) { self.json = json }
    }

    init(_ run: ReportedRun) {
        self.run = run
        start = run.started
    }

    /// `items` in pieces of 64 scenarios: a piece of test cases or attempts.
    private static func pieces<Item>(of items: [Item]) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: 64).map { items[$0..<min($0 + 64, items.count)] }
    }

    /// Writes the whole stream, in pieces: `meta`, each file's `source`, `gherkinDocument` and
    /// `pickle`s, the glue, `testRunStarted`, the `beforeAll` hooks, the test cases (which a
    /// failed `beforeAll` leaves out), each attempt's envelopes, the scenarios cut short and
    /// the `afterAll` hooks, then `testRunFinished`.
    /// This thread draws the ids, in that order, and each piece is made on all cores as
    /// soon as its ids are drawn (`OrderedPieces`); `write` gets the pieces in order.
    mutating func finish(_ end: RunEnd, write: (UnsafeBufferPointer<UInt8>) -> Void) {
        let (plan, results) = (start.plan, run.finished)
        let pieces = OrderedPieces<Piece>()
        var head = JSONWriter(capacity: 1 << 12)
        Self.writeMeta(into: &head)
        pieces.add(made: Piece(head))
        for (parsed, includeSource, refusals) in parseFiles(plan) {
            pieces.add {
                var json = JSONWriter(capacity: 4 * (parsed.sourceUTF8?.count ?? 0) + (1 << 12))
                MessageEncoder.write(
                    parsed, into: &json, includeSource: includeSource, includeDocument: refusals.isEmpty,
                    includePickles: refusals.isEmpty)
                for refusal in refusals {
                    let place = refusal.line.map { Location(line: $0, column: refusal.column) }
                    let message = place.map { "(\($0.line):\(refusal.column)): \(refusal.text)" } ?? refusal.text
                    MessageEncoder.writeParseError(message, uri: refusal.path, at: place, into: &json)
                }
                return Piece(json)
            }
        }
        pieces.add(made: Piece(startRun()))
        for undefined in plan.undefined { snippets[undefined.text] = undefined.snippet }
        for scenario in plan.scenarios { planTestCase(scenario) }
        let attempts = Self.pieces(of: results).map { slice in
            (slice, ids: slice.map { ids.range(Self.idsDrawn(by: $0)) })
        }
        var bodies = AttachmentBodies()
        var beforeAll = JSONWriter()
        for hook in end.beforeAll { writeRunHook(hook, bodies: &bodies, into: &beforeAll) }
        pieces.add(made: Piece(beforeAll))
        let stream = self
        if !end.beforeAll.contains(where: { $0.failure != nil }) {
            for scenarios in Self.pieces(of: plan.scenarios) {
                pieces.add {
                    var json = JSONWriter(capacity: scenarios.count << 12)
                    for scenario in scenarios { stream.writeTestCase(scenario, into: &json) }
                    return Piece(json)
                }
            }
        }
        for (results, ranges) in attempts {
            pieces.add {
                var json = JSONWriter(capacity: results.count << 15)
                var bodies = AttachmentBodies()
                for (result, range) in zip(results, ranges) {
                    var ids = range
                    stream.writeAttempts(
                        result.earlierAttempts + [result.last], of: result.scenario, ids: &ids, bodies: &bodies,
                        into: &json)
                }
                return Piece(json)
            }
        }
        pieces.add(made: Piece(endRun(end, bodies: &bodies)))
        pieces.consume { $0.json.withUnsafeBytes(write) }
    }

    /// The glue and `testRunStarted`.
    private mutating func startRun() -> JSONWriter {
        var json = JSONWriter(capacity: 1 << 16)
        if let registry = start.registry {
            writeGlue(registry, into: &json)
            writeLostLines(start.plan.scenarios, into: &json)
            hookTags = registry.hooks.map { hook in
                hook.tagExpression.map { (try? TagExpression(parsing: $0)) ?? TagExpression.always }
            }
        }
        testRunStartedID = ids.next()
        json.envelope("testRunStarted") { json in
            json.member("id", testRunStartedID)
            json.timestamp("timestamp", start.date)
        }
        return json
    }

    /// The scenarios cut short, the `afterAll` hooks and `testRunFinished`.
    private func endRun(_ end: RunEnd, bodies: inout AttachmentBodies) -> JSONWriter {
        var json = JSONWriter()
        let ended = start.date.addingTimeInterval(Self.seconds(end.duration))
        var ids = self.ids.range(0)
        for cut in end.interrupted {
            writeAttempts(
                cut.earlierAttempts + [cut.attempt], of: cut.scenario, interruptedBy: end.interruptSignal ?? "a signal",
                ids: &ids, bodies: &bodies, into: &json)
        }
        let finished = Set(run.finished.map(\.scenario.id))
        for scenario in end.notRun where !finished.contains(scenario.id) {
            let skipped = ScenarioExecutor.Attempt(
                steps: scenario.steps.map { _ in .skipped }, hookFailures: [], duration: .zero, started: ended)
            writeAttempts([skipped], of: scenario, ids: &ids, bodies: &bodies, into: &json)
        }
        for hook in end.afterAll { writeRunHook(hook, bodies: &bodies, into: &json) }
        let success = RunTally(run, ending: end).exitStatus == 0
        json.envelope("testRunFinished") { json in
            json.member("testRunStartedId", testRunStartedID)
            json.timestamp("timestamp", start.date.addingTimeInterval(Self.seconds(end.duration)))
            json.member("success", success)
            // What made the run red besides its scenarios; a failed hook says so in its own
            // envelope.
            let hookFailed = end.beforeAll.contains { $0.failure != nil }
            let problem = run.problems(ending: end).first { problem in
                guard let kind = problem.kind else { return false }
                return kind != .hook && !(kind == .startup && hookFailed)
            }
            if let problem, let kind = problem.kind {
                json.member("message", problem.body)
                json.object("exception") { json in
                    json.member("type", kind.exceptionType)
                    json.member("message", problem.body)
                }
            }
        }
        return json
    }

    private static func writeMeta(into json: inout JSONWriter) {
        json.envelope("meta") { json in
            json.member("protocolVersion", "34.0.0")
            json.object("implementation") { json in
                json.member("name", "spec-run")
                json.member("version", String(Usage.version.split(separator: " ").last ?? ""))
            }
            json.object("runtime") { json in json.member("name", "Swift") }
            json.object("os") { json in
                #if os(Linux)
                    json.member("name", "linux")
                #else
                    json.member("name", "darwin")
                #endif
            }
            json.object("cpu") { json in
                #if arch(arm64)
                    json.member("name", "arm64")
                #else
                    json.member("name", "x64")
                #endif
            }
        }
    }

    /// Every file's `source`, `gherkinDocument` and `pickle`s (or its `parseError`s), from
    /// the bytes the run read, parsed again with the stream's ids. A file the run read
    /// whole is parsed on all cores, with a block of as many ids as the run's reading of it
    /// drew, set aside in file order. One whose parse draws more than its block, or whose
    /// broken scenarios the run left out (`ParseRecovery`), is parsed after them on this
    /// thread: it has its `parseError`s, then the document and pickles of what the run read,
    /// and a pickle for each broken scenario. A file Gherkin reads but the run refuses
    /// whole (`refusals`: a lost scenario, a step above the first) has its refusals as
    /// `parseError`s instead of a document and pickles, as nothing of it runs.
    private mutating func parseFiles(
        _ plan: RunPlan
    ) -> [(parsed: ParsedFeatureFile, includeSource: Bool, refusals: [FileAdvice])] {
        let suites = plan.suites
        let blocks = suites.map { $0.recoveredErrors.isEmpty && $0.source != nil ? ids.reserve($0.sourceIDs) : nil }
        let parsedWhole = ResultSlots.map(count: suites.count) { index -> ParsedFeatureFile? in
            guard let first = blocks[index], let source = suites[index].source else { return nil }
            let generator = IdGenerator.incrementing(from: first)
            let parsed = parseFeatureFile(bytes: source, uri: suites[index].path, ids: generator)
            return generator.reserve(0) <= first + suites[index].sourceIDs ? parsed : nil
        }
        let broken = Dictionary(grouping: plan.scenarios.filter { !$0.parseErrors.isEmpty }, by: \.suiteIndex)
        var files: [(parsed: ParsedFeatureFile, includeSource: Bool, refusals: [FileAdvice])] = []
        for (index, suite) in suites.enumerated() {
            guard let source = suite.source else {
                // A file that could not be read (a pipe, a device): its refusals alone.
                let unread = ParsedFeatureFile(uri: suite.path, source: nil, document: nil, pickles: [], errors: [])
                if !suite.parseErrors.isEmpty { files.append((unread, false, suite.parseErrors)) }
                continue
            }
            if index < parsedWhole.count, let parsed = parsedWhole[index] {
                files.append((parsed, true, parsed.errors.isEmpty ? suite.parseErrors : []))
                continue
            }
            var parsed = parseFeatureFile(bytes: source, uri: suite.path, ids: ids)
            files.append((parsed, true, parsed.errors.isEmpty ? suite.parseErrors : []))
            if !parsed.errors.isEmpty, !suite.recoveredErrors.isEmpty,
                let recovery = ParseRecovery.recover(
                    parsed, parse: { [ids] in parseFeatureFile(bytes: $0, uri: suite.path, ids: ids) })
            {
                parsed = recovery.parsed
                let brokenPickles = broken[suite.index, default: []].map(\.pickle)
                parsed.pickles = (parsed.pickles + brokenPickles).sorted { $0.location.line < $1.location.line }
                files.append((parsed, false, []))
            }
        }
        for (parsed, _, _) in files {
            for pickle in parsed.pickles { pickles[SourceLine(uri: pickle.uri, line: pickle.location.line)] = pickle }
        }
        return files
    }

    /// The pickle of the stream that is `scenario`'s.
    func pickle(of scenario: PlannedScenario) -> Pickle {
        pickles[SourceLine(uri: scenario.pickle.uri, line: scenario.pickle.location.line)] ?? scenario.pickle
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
