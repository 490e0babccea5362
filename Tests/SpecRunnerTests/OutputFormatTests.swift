import Foundation
import TestSupport
import Testing

@testable import SpecRunner

/// `--format NAME[:FILE]`, repeatable: one format a file, at most one on standard output,
/// every file written atomically at the end and again on an interrupt; `--format rerun`
/// and `@FILE` (docs/runner.md, "Formats").
@Suite("Output formats")
struct OutputFormatTests {
    static let features = [
        "features/a.feature": """
        Feature: A
          Scenario: passes
            Given a passing step
          Scenario: fails
            Given a failing step
          Scenario Outline: rows
            Given <step>
            Examples:
              | step           |
              | a passing step |
              | a failing step |
        """,
        "features/b.feature": "Feature: B\n  Scenario: also fails\n    Given a failing step\n",
    ]

    private func options(_ arguments: [String]) throws -> RunOptions {
        guard case .run(let options) = try RunCommandLine.parse(arguments) else {
            throw UsageError("not a run")
        }
        return options
    }

    @Test("formats compose: the console on standard output, each other format to its own file")
    func composes() throws {
        let options = try options([
            "--format", "summary", "--format", "rerun:out/rerun.txt", "--format", "pretty:out/run.txt",
            "--format=junit:out/junit.xml",
        ])
        #expect(options.format == .summary && options.consoleOnStandardOutput)
        #expect(options.junitPath == "out/junit.xml")
        #expect(
            options.outputs == [
                .init(format: .rerun, path: "out/rerun.txt"), .init(format: .pretty, path: "out/run.txt"),
            ])
        let onStdout = try self.options(["--format", "rerun"])
        #expect(!onStdout.consoleOnStandardOutput && onStdout.outputs == [.init(format: .rerun, path: nil)])
    }

    @Test(
        "refused: two formats on standard output, two formats in one file, two JUnit reports, an empty file name",
        arguments: [
            (
                ["--format", "pretty", "--format", "progress"],
                "--format progress: standard output already shows 'pretty'; at most one format writes there: give"
                    + " the other a file (--format progress:FILE)"
            ),
            (
                ["--junit", "a.xml", "--format", "junit:b.xml"],
                "--format junit:b.xml: --junit a.xml already names the JUnit report; a run writes one"
            ),
            (
                ["--format", "junit", "--junit", "x.xml"],
                "--junit x.xml: --format junit already names the JUnit report; a run writes one"
            ),
            (["--format", "rerun:"], "--format 'rerun:' names no file after ':' (write rerun:FILE, or rerun alone)"),
            (
                ["--junit", "-", "--format", "junit"],
                "--format junit: --junit - was given too, and --junit - writes no JUnit report; keep one of the two"
            ),
            (
                ["--format", "junit:r.xml", "--junit", "-"],
                "--junit -: --format junit:r.xml was given too, and --junit - writes no JUnit report; keep one of the two"
            ),
        ])
    func refused(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try RunCommandLine.parse(arguments) }
    }

    @Test("two formats that name one file are refused, however the path is written, and the report is kept")
    func oneFileTwice() async throws {
        let run = try FolderRun(Self.features)
        try FileManager.default.createDirectory(atPath: run.path("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: run.path("linked"), withDestinationPath: "real")
        // A link to a file not written yet, and a folder link to a folder not made yet.
        try FileManager.default.createDirectory(atPath: run.path("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: run.path("out/link.xml"), withDestinationPath: "j.xml")
        try FileManager.default.createSymbolicLink(atPath: run.path("later"), withDestinationPath: "new")
        for (arguments, second) in [
            (["--format", "rerun:r.txt", "--format", "pretty:./r.txt"], "--format pretty:./r.txt: ./r.txt"),
            (["--junit", "r.txt", "--format", "rerun:r.txt"], "--format rerun:r.txt: r.txt"),
            (
                ["--format", "message:\(run.path("reports/junit.xml"))"],
                "--format message:\(run.path("reports/junit.xml")): \(run.path("reports/junit.xml"))"
            ),
            (
                ["--junit", "out/j.xml", "--format", "message:out/../out/j.xml"],
                "--format message:out/../out/j.xml: out/../out/j.xml"
            ),
            (
                ["--format", "html:real/r.html", "--format", "message:linked/r.html"],
                "--format message:linked/r.html: linked/r.html"
            ),
            (["--junit", "out/j.xml", "--format", "html:out/link.xml"], "--format html:out/link.xml: out/link.xml"),
            (["--junit", "new/j.xml", "--format", "html:later/j.xml"], "--format html:later/j.xml: later/j.xml"),
        ] {
            let outcome = await run.run(arguments)
            #expect(outcome.status == 2)
            #expect(outcome.stderr.contains("\(second) already receives the "), "\(outcome.stderr)")
            #expect(outcome.stderr.contains(" format; each format needs a file of its own"), "\(outcome.stderr)")
        }
    }

    @Test("two formats on standard output are refused, however it is named: /dev/stdout, or the file it goes to")
    func standardOutputTwice() async throws {
        let run = try FolderRun(Self.features)
        for (arguments, first) in [
            ("--junit /dev/stdout --format rerun", "--junit /dev/stdout"),
            ("--format progress:/dev/stdout --format rerun", "--format progress:/dev/stdout"),
            // `> build.log`: the file standard output goes to.
            ("--junit build.log --format rerun", "--junit build.log"),
        ] {
            let outcome = try await Shell.execute(
                "/bin/sh", ["-c", "'\(BuiltBinary.path)' features \(arguments) > build.log"],
                currentDirectory: URL(fileURLWithPath: run.path(".")))
            #expect(outcome.status == 2, "\(arguments)")
            #expect(
                outcome.stderr.contains("\(first): standard output already receives --format rerun"),
                "\(outcome.stderr)")
        }
    }

    @Test("a usage error keeps the rerun file the command line reads, and project files that are no report")
    func usageErrorKeepsInputs() async throws {
        let run = try FolderRun(Self.features)
        _ = await run.run(["--format", "rerun:rerun.txt"])
        let rerun = try String(contentsOfFile: run.path("rerun.txt"), encoding: .utf8)
        #expect(!rerun.isEmpty)
        try "*.o\n.build/\n".write(toFile: run.path(".gitignore"), atomically: true, encoding: .utf8)
        for list in ["@rerun.txt", "@./rerun.txt", "@features/../rerun.txt"] {
            let typo = await run.run([list, "--format", "rerun:rerun.txt", "--retyr", "1"])
            #expect(typo.status == 2)
            #expect(try String(contentsOfFile: run.path("rerun.txt"), encoding: .utf8) == rerun, "\(list)")
        }
        // An earlier rerun file longer than the head read to tell it is still one.
        let long = String(repeating: "features/some folder/a.feature:2:4\n", count: 300)
        try long.write(toFile: run.path("long.txt"), atomically: true, encoding: .utf8)
        #expect(await run.run(["--format", "rerun:long.txt"]).status == 1)
        // A project's text file is no earlier console output; the run's own log is.
        try "requests==2.31.0\n".write(toFile: run.path("requirements.txt"), atomically: true, encoding: .utf8)
        #expect(await run.run(["--format", "summary:requirements.txt"]).status == 2)
        #expect(try String(contentsOfFile: run.path("requirements.txt"), encoding: .utf8) == "requests==2.31.0\n")
        #expect(await run.run(["--format", "progress:run.log"]).status == 1)
        #expect(await run.run(["--format", "progress:run.log"]).status == 1, "its own log is replaced")
        // A path refused: the earlier reports at the others go all the same.
        _ = await run.run(["--format", "html:r.html"])
        #expect(await run.run(["--format", "rerun:.gitignore", "--format", "html:r.html"]).status == 2)
        #expect(!FileManager.default.fileExists(atPath: run.path("r.html")), "the earlier HTML report is removed")
        let ignored = await run.run(["--format", "rerun:.gitignore"])
        #expect(ignored.status == 2)
        #expect(
            ignored.stderr.contains("it holds something other than the rerun file of an earlier run"),
            "\(ignored.stderr)")
        #expect(try String(contentsOfFile: run.path(".gitignore"), encoding: .utf8) == "*.o\n.build/\n")
    }

    @Test("rerun lists the failed scenarios by file and line; @FILE runs exactly them, and nothing when it is empty")
    func rerunRoundTrip() async throws {
        let run = try FolderRun(Self.features)
        let first = await run.run(["--format", "rerun:rerun.txt", "--format", "pretty:run.txt"])
        #expect(first.status == 1)
        let rerun = try String(contentsOfFile: run.path("rerun.txt"), encoding: .utf8)
        #expect(rerun == "features/a.feature:4:11\nfeatures/b.feature:2\n")
        // The console format in its file, as it prints, without colour.
        let pretty = try String(contentsOfFile: run.path("run.txt"), encoding: .utf8)
        #expect(pretty.hasPrefix("Feature: A\n"), "\(pretty)")
        #expect(pretty.hasSuffix("2 passed, 3 failed\n"), "\(pretty)")
        #expect(!pretty.contains("\u{1B}["))
        // The default report is still written beside them.
        #expect(FileManager.default.fileExists(atPath: run.path("reports/junit.xml")))

        let again = await run.run(["@rerun.txt", "--format", "rerun:rerun.txt"])
        #expect(again.status == 1)
        #expect(again.stdout.contains("3 scenarios (3 failed)"), "\(again.stdout)")
        #expect(try String(contentsOfFile: run.path("rerun.txt"), encoding: .utf8) == rerun)

        try "".write(toFile: run.path("rerun.txt"), atomically: true, encoding: .utf8)
        let none = await run.run(["@rerun.txt"])
        #expect(none.status == 0, "\(none.stdout)\(none.stderr)")
        #expect(none.stdout.contains("0 scenarios"), "\(none.stdout)")

        let missing = await run.run(["@gone.txt"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr.hasPrefix(
                "spec-run: error: @gone.txt: no such file or folder (@FILE runs the paths a file lists, and there"
                    + " is no file 'gone.txt')\n"), "\(missing.stderr)")
    }

    @Test("a rerun file names paths with spaces one a line, and @FILE reads them back; a hand-written list splits")
    func rerunPathsWithSpaces() async throws {
        let run = try FolderRun(["features/my flows/a.feature": Self.features["features/a.feature"] ?? ""])
        _ = await run.run(["--format", "rerun:rerun.txt"])
        let rerun = try String(contentsOfFile: run.path("rerun.txt"), encoding: .utf8)
        #expect(rerun == "features/my flows/a.feature:4:11\n")
        let again = await run.run(["@rerun.txt", "--format", "rerun:rerun.txt"])
        #expect(again.status == 1, "\(again.stderr)")
        #expect(again.stdout.contains("2 scenarios (2 failed)"), "\(again.stdout)")
        #expect(try String(contentsOfFile: run.path("rerun.txt"), encoding: .utf8) == rerun)

        let listed = try RerunFile.paths(in: "a.feature b.feature:3\n\n my flows/c.feature:2 \n") {
            $0 == "my flows/c.feature"
        }
        #expect(listed.map(\.path) == ["a.feature", "b.feature", "my flows/c.feature"])
        #expect(listed.map(\.lines) == [[], [3], [2]] && listed.allSatisfy(\.listed))
        #expect(RerunFile.looksLikeRerun(Array(rerun.utf8)))
        #expect(!RerunFile.looksLikeRerun(Array("notes about a.feature\n".utf8)))
        // A project's own files are no earlier rerun file or message stream (which a run would replace).
        #expect(!RerunFile.looksLikeRerun(Array("*.o\n.build/\n".utf8)))
        #expect(!RerunFile.looksLikeRerun(Array("[tool.black]\n".utf8)))
        #expect(!OutputRequest.Format.message.isEarlierReport(head: Array(#"{"name":"shop-ui"}"#.utf8), path: "p.json"))
        #expect(
            OutputRequest.Format.message.isEarlierReport(head: Array(#"{"meta":{"protocolVersion"#.utf8), path: "m"))
    }

    @Test("a report on standard output that cannot be written fails the run and says so; the console's does not")
    func unwrittenStandardOutput() async throws {
        var run = try FolderRun(["features/a.feature": "Feature: A\n  Scenario: passes\n    Given a passing step\n"])
        run.onOutput = { _ throws(ReportFile.WriteError) in
            throw ReportFile.WriteError(description: "cannot write standard output: No space left on device")
        }
        for (format, name) in [("html", "the HTML report"), ("message", "the Cucumber Messages file")] {
            let outcome = await run.run(["--format", format])
            #expect(outcome.status == 1, "\(format)")
            #expect(
                outcome.stderr
                    == "spec-run: error: \(name) was not written: cannot write standard output: No space left on device\n"
            )
        }
        let console = await run.run(["--format", "progress"])
        #expect(console.status == 0 && console.stderr.isEmpty, "\(console.stderr)")
    }

    @Test("a report file that cannot be written fails a green run, and its last line says so")
    func unwrittenFile() async throws {
        var run = try FolderRun([
            "features/a.feature": "Feature: A\n  Scenario: s\n    Given the report's place is taken\n"
        ])
        let taken = run.path("out/j.xml/kept")
        run.registry.step("the report's place is taken") { _ in
            // After the paths were checked: a folder with a file in it, which no file replaces.
            try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: true)
        }
        let outcome = await run.run([
            "--junit", "out/j.xml", "--format", "progress", "--format", "progress:ci.log", "--format", "html:r.html",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("spec-run: error: the JUnit report was not written: "), "\(outcome.stderr)")
        #expect(outcome.stdout.contains("; 1 report not written\n1 passed, 1 failed\n"), "\(outcome.stdout)")
        // The files written say so too: none of them reads green.
        let log = try String(contentsOfFile: run.path("ci.log"), encoding: .utf8)
        #expect(log.hasSuffix("; 1 report not written\n1 passed, 1 failed\n"), "\(log)")
        let html = try String(contentsOfFile: run.path("r.html"), encoding: .utf8)
        #expect(html.contains("1 passed, 1 failed"), "the HTML report's verdict")
        // Another report lost, the JUnit report has a failed test case saying which and why.
        var second = try FolderRun([
            "features/a.feature": "Feature: A\n  Scenario: s\n    Given the report's place is taken\n"
        ])
        let place = second.path("out/r.html/kept")
        second.registry.step("the report's place is taken") { _ in
            try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
        }
        let other = await second.run(["--junit", "j.xml", "--format", "html:out/r.html"])
        #expect(other.status == 1)
        let junit = try String(contentsOfFile: second.path("j.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testcase classname="spec-run" name="(report not written)""#), "\(junit)")
        #expect(junit.contains(#"type="report""#) && junit.contains("the HTML report was not written: "), "\(junit)")
        #expect(junit.contains(#"<testsuites name="spec-run" tests="2" failures="0" errors="1""#), "\(junit)")
    }

    @Test("while a report takes standard output, the input's problems go to standard error, and nothing else")
    func inputProblemsOnStandardError() async throws {
        let run = try FolderRun([
            "features/a.feature": "Feature: A\n  Scenario: empty\n  Scenario: fails\n    Given a failing step\n",
            "features/b.feature": "Feature: B\n  Scenaro: typo\n",
        ])
        let outcome = await run.run(["--format", "rerun"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "features/a.feature:3\n")
        #expect(
            outcome.stderr.contains("Warning: features/a.feature:2:3: 'Scenario: empty' has no steps"),
            "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("features/b.feature:2:3: 'Scenaro' looks like the keyword 'Scenario:' misspelt"))
        #expect(!outcome.stderr.contains("failed") && !outcome.stderr.contains("\u{1B}["), "\(outcome.stderr)")
        let console = await run.run(["--format", "progress"])
        #expect(
            console.stderr.isEmpty && console.stdout.contains("Warning: features/a.feature:2:3"), "\(console.stderr)")
    }

    @Test("a rerun file's line that no longer starts a scenario, the file edited since, is warned of")
    func staleRerunLine() async throws {
        let run = try FolderRun([
            "features/pay.feature":
                "Feature: Pay\n  Scenario: one\n    Given a failing step\n\n  Scenario: two\n    Given a failing step\n"
        ])
        _ = await run.run(["--format", "rerun:rerun.txt"])
        #expect(try String(contentsOfFile: run.path("rerun.txt"), encoding: .utf8) == "features/pay.feature:2:5\n")
        // A step added to the first scenario moves the second one down a line.
        try
            "Feature: Pay\n  Scenario: one\n    Given a passing step\n    And a passing step\n\n  Scenario: two\n    Given a failing step\n"
            .write(toFile: run.path("features/pay.feature"), atomically: true, encoding: .utf8)
        let again = await run.run(["@rerun.txt", "--format", "progress"])
        #expect(
            again.stdout.contains(
                "Warning: features/pay.feature:5 is from an @FILE list but starts no scenario or Examples row: the file"
                    + " has changed since the list was written, so it selects the scenario at line 2\n"),
            "\(again.stdout)")
        // The same line given by hand is the user's choice: no warning.
        let byHand = await run.run(["features/pay.feature:5", "--format", "progress"])
        #expect(!byHand.stdout.contains("Warning"), "\(byHand.stdout)")
    }

    @Test("a file that holds something else is refused before the run and left as it was")
    func refusesOtherFiles() async throws {
        let run = try FolderRun(Self.features)
        try "# notes kept by hand\n".write(toFile: run.path("notes.md"), atomically: true, encoding: .utf8)
        let outcome = await run.run(["--format", "rerun:notes.md"])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.hasPrefix(
                "spec-run: error: the rerun file cannot be written to notes.md: it holds something other than the"
                    + " rerun file of an earlier run"), "\(outcome.stderr)")
        #expect(try String(contentsOfFile: run.path("notes.md"), encoding: .utf8) == "# notes kept by hand\n")
        let console = await run.run(["--format", "progress:notes.md"])
        #expect(console.status == 2 && console.stderr.contains("the progress output cannot be written to notes.md"))
    }

    @Test("interrupted, every file format is written, saying so: the rerun file lists all that did not pass")
    func interrupted() async throws {
        var run = try FolderRun([
            "features/i.feature": """
            Feature: I
              Scenario: failed first
                Given a failing step
              Scenario: cut short
                Given the run is interrupted
              Scenario: never started
                Given a failing step
            """
        ])
        let interrupts = run.interrupts
        run.registry.step("the run is interrupted") { _ in
            interrupts.trigger("SIGINT")
            try await Task.sleep(for: .seconds(120))
        }
        let outcome = await run.run([
            "--format", "rerun:out/rerun.txt", "--format", "progress:out/progress.txt", "--format", "junit:out/j.xml",
            "--format", "html:out/report.html",
        ])
        #expect(outcome.status == 130)
        // None of them passed: `@out/rerun.txt` runs them.
        #expect(try String(contentsOfFile: run.path("out/rerun.txt"), encoding: .utf8) == "features/i.feature:2:4:6\n")
        let progress = try String(contentsOfFile: run.path("out/progress.txt"), encoding: .utf8)
        #expect(progress.contains("Interrupted by SIGINT: 1 scenario cut short"), "\(progress)")
        let report = try await ReportCheck.read(run.path("out/j.xml"))
        #expect(report.cases.map(\.name) == ["failed first", "cut short"])
        let html = try String(contentsOfFile: run.path("out/report.html"), encoding: .utf8)
        #expect(html.contains("; interrupted by SIGINT</p>"), "the HTML report says it was interrupted")
        #expect(html.contains("data-status=\"interrupted\""), "the scenario cut short is in it")
        #expect(
            html.contains(
                "<span class=\"w\">:5</span><pre class=\"failure\">interrupted by SIGINT while this scenario was running"
            ),
            "the step running is shown failed with why, as the messages show it")
        #expect(html.hasSuffix("</html>\n"), "a whole page")
        // Every format is checked interrupted: the files above, the messages in
        // `MessageFormatTests.interrupted`, `pretty` and `summary` as the console formats
        // `progress` is. A new format joins one of them.
        let checked: Set<OutputRequest.Format> = [.rerun, .progress, .junit, .html, .message, .pretty, .summary]
        #expect(Set(OutputRequest.Format.allCases) == checked, "a format no interrupted run checks")
    }
}
