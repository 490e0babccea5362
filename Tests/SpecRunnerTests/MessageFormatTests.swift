import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SpecRunner

/// `--format message`: the Cucumber Messages of a run (the Compatibility Kit's tests
/// check what each envelope holds; these check the stream as a whole).
@Suite("--format message")
struct MessageFormatTests {
    /// The envelopes' names, in order, and the envelopes.
    private func envelopes(_ text: String) throws -> [(name: String, body: [String: Any])] {
        try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = try #require(object.keys.first)
            return (name, try #require(object[name] as? [String: Any]))
        }
    }

    @Test("interrupted, the stream is still whole: the cut-short attempt ends, and the run is unsuccessful")
    func interrupted() async throws {
        var run = try FolderRun([
            "features/i.feature": """
            Feature: I
              Scenario: passed first
                Given a passing step
              Scenario: cut short
                Given a passing step
                When the run is interrupted
                Then a passing step
            """
        ])
        let interrupts = run.interrupts
        run.registry.step("the run is interrupted") { context in
            context.log("about to be interrupted")
            interrupts.trigger("SIGINT")
            try await Task.sleep(for: .seconds(120))
        }
        let outcome = await run.run(["--format", "message:out/messages.ndjson"])
        #expect(outcome.status == 130)
        let written = try envelopes(String(contentsOfFile: run.path("out/messages.ndjson"), encoding: .utf8))
        let names = written.map(\.name)
        #expect(names.first == "meta" && names.last == "testRunFinished")
        #expect(written.last?.body["success"] as? Bool == false)
        #expect(names.filter { $0 == "testCase" }.count == 2)
        // Both scenarios started and finished: the first with its step; the second with the
        // step it had finished, the one running failed as interrupted, and the last skipped.
        #expect(names.filter { $0 == "testCaseStarted" }.count == 2)
        #expect(names.filter { $0 == "testCaseFinished" }.count == 2)
        let results = written.filter { $0.name == "testStepFinished" }.map { finished in
            let result = finished.body["testStepResult"] as? [String: Any]
            return "\(result?["status"] ?? "") \(result?["message"] ?? "")"
        }
        #expect(
            results == [
                "PASSED ", "PASSED ", "FAILED interrupted by SIGINT while this scenario was running", "SKIPPED ",
            ])
        // Every attempt's envelopes in the order of their times: started, its steps, finished.
        let timed = written.filter {
            ["testCaseStarted", "testStepStarted", "testStepFinished", "testCaseFinished"].contains($0.name)
        }
        let first =
            Array(timed.prefix { $0.name != "testCaseFinished" })
            + timed.filter { $0.name == "testCaseFinished" }.prefix(1)
        let cutShort = Array(
            timed.drop { $0.name != "testCaseStarted" }.dropFirst().drop { $0.name != "testCaseStarted" })
        #expect(cutShort.count == 8 && cutShort.first?.name == "testCaseStarted")
        for attempt in [first, cutShort] {
            let times = attempt.map { time($0.body) }
            #expect(times == times.sorted(), "\(times)")
        }
    }

    @Test("interrupted during a retry: the failed attempts before it are there, and it ends before the run")
    func interruptedRetry() async throws {
        var run = try FolderRun([
            "features/r.feature": """
            Feature: R
              Scenario: fails, then is cut short
                Given a passing step
                When the second attempt is interrupted
            """
        ])
        let interrupts = run.interrupts
        let attempts = Mutex(0)
        run.registry.step("the second attempt is interrupted") { _ in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            // The first attempt lasts long enough that the second's time, on a busy machine too,
            // is told apart from a time that holds the first's.
            guard attempt > 1 else {
                try await Task.sleep(for: .seconds(4))
                throw StepFailure(.assertion, "first")
            }
            interrupts.trigger("SIGINT")
            try await Task.sleep(for: .seconds(120))
        }
        let outcome = await run.run(["--format", "message:out/messages.ndjson", "--retry", "3"])
        #expect(outcome.status == 130)
        let written = try envelopes(String(contentsOfFile: run.path("out/messages.ndjson"), encoding: .utf8))
        let started = written.filter { $0.name == "testCaseStarted" }.map { $0.body["attempt"] as? Int }
        #expect(started == [0, 1])
        let retried = written.filter { $0.name == "testCaseFinished" }.map { $0.body["willBeRetried"] as? Bool }
        #expect(retried == [true, false])
        let statuses = written.filter { $0.name == "testStepFinished" }.map {
            ($0.body["testStepResult"] as? [String: Any])?["status"] as? String ?? ""
        }
        #expect(statuses == ["PASSED", "FAILED", "PASSED", "FAILED"])
        // The second attempt lasts from its start to the interrupt, without the first's time.
        let cut = written.drop { $0.name != "testCaseStarted" || $0.body["attempt"] as? Int != 1 }
        let lasted = (cut.last { $0.name == "testCaseFinished" }).map { time($0.body) - time(cut[cut.startIndex].body) }
        #expect(lasted.map { $0 >= 0 && $0 < 4 } == true, "\(String(describing: lasted))")
    }

    @Test("a scenario whose world could not be made fails at its first test step, saying why")
    func setupFailed() async throws {
        var run = try FolderRun([
            "features/s.feature": "Feature: S\n  Scenario: never set up\n    Given a passing step\n"
        ])
        let register = RegisterLossTests.FlakyRegister(failFrom: 1)
        run.registry.environmentFactory = { _ in register }
        let outcome = await run.run(["--format", "message:out/messages.ndjson"])
        #expect(outcome.status == 1)
        let written = try envelopes(String(contentsOfFile: run.path("out/messages.ndjson"), encoding: .utf8))
        let results = written.filter { $0.name == "testStepFinished" }.map {
            $0.body["testStepResult"] as? [String: Any]
        }
        #expect(results.first??["status"] as? String == "FAILED", "\(results)")
        let message = results.first??["message"] as? String ?? ""
        #expect(message.hasPrefix("scenario setup failed: no response to \"reset\""), "\(message)")
    }

    /// An envelope's `timestamp`, in seconds.
    private func time(_ body: [String: Any]) -> Double {
        let stamp = body["timestamp"] as? [String: Any]
        return Double(stamp?["seconds"] as? Int ?? 0) + Double(stamp?["nanos"] as? Int ?? 0) / 1e9
    }

    @Test("a file with a broken scenario: its parse errors, then the document and a pickle for every test case")
    func recoveredFile() async throws {
        let run = try FolderRun([
            "features/b.feature": """
            Feature: B
              Scenario: fine
                Given a passing step
              Scenario: broken
                Given a passing step
                Thn a passing step
            """
        ])
        let outcome = await run.run(["--format", "message:out/messages.ndjson"])
        #expect(outcome.status == 1)
        let written = try envelopes(String(contentsOfFile: run.path("out/messages.ndjson"), encoding: .utf8))
        let names = written.map(\.name)
        // The reference's reading first: the file does not parse.
        #expect(names.filter { $0 == "parseError" }.count == 1, "\(names)")
        #expect(names.filter { $0 == "gherkinDocument" }.count == 1, "\(names)")
        let pickles = Set(written.filter { $0.name == "pickle" }.compactMap { $0.body["id"] as? String })
        let pickleSteps = Set(
            written.filter { $0.name == "pickle" }.flatMap { ($0.body["steps"] as? [[String: Any]]) ?? [] }
                .compactMap { $0["id"] as? String })
        let cases = written.filter { $0.name == "testCase" }
        #expect(cases.count == 2)
        // Every test case's pickle and pickle steps are in the stream.
        for testCase in cases {
            #expect(pickles.contains(testCase.body["pickleId"] as? String ?? ""), "\(testCase.body)")
            for step in (testCase.body["testSteps"] as? [[String: Any]]) ?? [] {
                #expect(pickleSteps.contains(step["pickleStepId"] as? String ?? ""), "\(step)")
            }
        }
        #expect(written.last?.body["success"] as? Bool == false)
    }

    @Test("a file the run refuses: its source (when read) and the refusal as a parseError, no pickle left unrun")
    func refusedFile() async throws {
        let run = try FolderRun([
            "features/a.feature": "Feature: A\n  Scenario: fine\n    Given a passing step\n",
            "features/lost.feature": """
            Feature: Lost
              Scenaro: misspelt
                Given a passing step
            """,
        ])
        // A file that is not read at all: its refusal, with no source.
        #expect(mkfifo(run.path("features/pipe.feature"), 0o644) == 0)
        let outcome = await run.run(["--format", "message:out/messages.ndjson"])
        #expect(outcome.status == 1)
        let written = try envelopes(String(contentsOfFile: run.path("out/messages.ndjson"), encoding: .utf8))
        let pipe = written.filter {
            ($0.body["source"] as? [String: Any])?["uri"] as? String == "features/pipe.feature"
        }
        #expect(pipe.map(\.name) == ["parseError"], "\(written.map(\.name))")
        #expect((pipe.first?.body["message"] as? String)?.contains("named pipe") == true, "\(pipe)")
        let lost = written.filter { envelope in
            let uri = (envelope.body["source"] as? [String: Any])?["uri"] ?? envelope.body["uri"]
            return uri as? String == "features/lost.feature"
        }
        #expect(lost.map(\.name) == ["source", "parseError"], "\(written.map(\.name))")
        let message = lost.last?.body["message"] as? String ?? ""
        #expect(message.hasPrefix("(2:3): 'Scenaro' looks like the keyword 'Scenario:' misspelt"), "\(message)")
        let place = (lost.last?.body["source"] as? [String: Any])?["location"] as? [String: Int]
        #expect(place == ["line": 2, "column": 3])
        // The other file runs as before; every pickle in the stream has its test case.
        #expect(written.filter { $0.name == "pickle" }.count == 1)
        #expect(written.filter { $0.name == "testCase" }.count == 1)
        #expect(written.last?.body["success"] as? Bool == false)
    }

    @Test(
        "a dry run, and the scenarios --fail-fast leaves unrun, have an attempt each, as the console counts them",
        arguments: [["--dry-run"], ["--fail-fast"]])
    func everyScenarioHasItsAttempt(options: [String]) async throws {
        let run = try FolderRun([
            "features/d.feature": """
            Feature: D
              Scenario: fails
                Given a failing step
              Scenario: undefined
                Given a step nobody wrote
              Scenario: passes
                Given a passing step
            """
        ])
        let outcome = await run.run(options + ["--format", "message:out/messages.ndjson"])
        #expect(outcome.status == 1)
        let written = try envelopes(String(contentsOfFile: run.path("out/messages.ndjson"), encoding: .utf8))
        let names = written.map(\.name)
        #expect(names.filter { $0 == "testCase" }.count == 3)
        #expect(names.filter { $0 == "testCaseStarted" }.count == 3, "\(names)")
        #expect(names.filter { $0 == "testCaseFinished" }.count == 3, "\(names)")
        let statuses = written.filter { $0.name == "testStepFinished" }.compactMap {
            ($0.body["testStepResult"] as? [String: Any])?["status"] as? String
        }
        let dryRun = options == ["--dry-run"]
        // A dry run finds the undefined step, skips the rest; --fail-fast runs the first and skips the others.
        #expect(
            statuses == (dryRun ? ["SKIPPED", "UNDEFINED", "SKIPPED"] : ["FAILED", "SKIPPED", "SKIPPED"]), "\(statuses)"
        )
        #expect(names.contains("suggestion") == dryRun, "\(names)")
    }

    @Test("a description line planned as a step is a hook at its line, and each pickle step keeps its own definition")
    func lostLineIsAHook() async throws {
        let run = try FolderRun([
            "features/l.feature": """
            Feature: L
              Scenario: s
                Givn a passing step
                When I add 2 "Latte" to the cart
                Then the text is "x"
            """
        ])
        let outcome = await run.run(["--format", "message:out/m.ndjson"])
        #expect(outcome.status == 1)
        let written = try envelopes(String(contentsOfFile: run.path("out/m.ndjson"), encoding: .utf8))
        let hook = try #require(
            written.first { $0.name == "hook" && $0.body["name"] as? String == "Givn a passing step" })
        let place = hook.body["sourceReference"] as? [String: Any]
        #expect(place?["uri"] as? String == "features/l.feature")
        #expect((place?["location"] as? [String: Int])?["line"] == 3)
        let pickleSteps = try #require(written.first { $0.name == "pickle" }?.body["steps"] as? [[String: Any]])
        let definitions = Dictionary(
            uniqueKeysWithValues: written.filter { $0.name == "stepDefinition" }.compactMap { envelope in
                (envelope.body["id"] as? String).map { ($0, (envelope.body["pattern"] as? [String: Any])?["source"]) }
            })
        let testSteps = try #require(written.first { $0.name == "testCase" }?.body["testSteps"] as? [[String: Any]])
        #expect(testSteps.first?["hookId"] as? String == hook.body["id"] as? String)
        #expect(testSteps.first?["pickleStepId"] == nil)
        // Each pickle step once, in order, with the definition its own text matches.
        let stepped = testSteps.filter { $0["pickleStepId"] != nil }
        #expect(stepped.map { $0["pickleStepId"] as? String } == pickleSteps.map { $0["id"] as? String })
        let sources = stepped.map { step in
            ((step["stepDefinitionIds"] as? [String])?.first).flatMap { definitions[$0] } as? String
        }
        #expect(sources == ["I add {int} {string} to the cart", "the text is {string}"], "\(sources)")
        let statuses = written.filter { $0.name == "testStepFinished" }.compactMap {
            ($0.body["testStepResult"] as? [String: Any])?["status"] as? String
        }
        #expect(statuses.prefix(3) == ["UNDEFINED", "SKIPPED", "SKIPPED"], "\(statuses)")
    }

    @Test("text attached to be made later is made once, when the reports are written, and written as any other")
    func deferredText() async throws {
        var run = try FolderRun([
            "features/d.feature": "Feature: D\n  Scenario: s\n    Given a step that attaches later\n"
        ])
        let made = LockedBox(0)
        run.registry.step("a step that attaches later") { context in
            context.attach(
                DeferredText {
                    made.withLock { $0 += 1 }
                    return "screen: cart ¥480"
                }, mediaType: "text/plain", fileName: "display.txt")
            // Not made while the run goes.
            #expect(made.withLock { $0 } == 0)
        }
        let outcome = await run.run(["--format", "message:out/m.ndjson", "--format", "html:out/r.html"])
        #expect(outcome.status == 0, "\(outcome.stdout)")
        let written = try envelopes(String(contentsOfFile: run.path("out/m.ndjson"), encoding: .utf8))
        let attachment = try #require(written.first { $0.name == "attachment" }?.body)
        #expect(attachment["body"] as? String == "screen: cart ¥480")
        #expect(attachment["fileName"] as? String == "display.txt")
        let html = try String(contentsOfFile: run.path("out/r.html"), encoding: .utf8)
        #expect(html.contains("screen: cart ¥480"))
        #expect(made.withLock { $0 } == 1, "made once for both reports")
    }

    @Test("on standard output, the messages are all it prints; with --retry every attempt is there")
    func standardOutputAndRetries() async throws {
        let run = try FolderRun([
            "features/r.feature": """
            Feature: R
              Scenario: always fails
                Given a failing step
            """
        ])
        let outcome = await run.run(["--format", "message", "--retry", "2"])
        #expect(outcome.status == 1)
        let written = try envelopes(outcome.stdout)
        let attempts = written.filter { $0.name == "testCaseStarted" }.map { $0.body["attempt"] as? Int }
        #expect(attempts == [0, 1, 2])
        let retried = written.filter { $0.name == "testCaseFinished" }.map { $0.body["willBeRetried"] as? Bool }
        #expect(retried == [true, true, false])
        let statuses = written.filter { $0.name == "testStepFinished" }.compactMap {
            ($0.body["testStepResult"] as? [String: Any])?["status"] as? String
        }
        #expect(statuses == ["FAILED", "FAILED", "FAILED"])
    }
}
