import Foundation
import TestSupport
import Testing

@testable import SpecRunner

/// Exit statuses and result mapping of runner.md, through `SpecRun.main` in-process.
@Suite("Exit status and result mapping")
struct ExitStatusTests {
    static let mixed = """
        Feature: Mixed

          Scenario: passes
            Given a passing step

          Scenario: fails
            Given a passing step
            When a failing step
            Then a passing step

          Scenario: undefined
            Given I add 3 "Tea" in the cart

          Scenario: pending
            Given a pending step

          Scenario: ambiguous
            Given an ambiguous step
        """

    @Test("0 when every selected scenario passed")
    func allPassed() async throws {
        let outcome = try await TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n").run()
        #expect(outcome.status == 0)
        #expect(outcome.console.hasSuffix("1 scenario (1 passed), 1 step (1 passed) in X.XXs\n1 passed, 0 failed\n"))
    }

    @Test("1 when a scenario failed; strict counts undefined, pending and ambiguous as failed")
    func strictMapping() async throws {
        let outcome = try await TestRun(Self.mixed).run()
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("5 scenarios (1 passed, 1 failed, 1 undefined, 1 ambiguous, 1 pending)"))
        #expect(outcome.stdout.contains("7 steps (2 passed, 1 failed, 1 undefined, 1 ambiguous, 1 pending, 1 skipped)"))
        #expect(outcome.stdout.hasSuffix("1 passed, 4 failed\n"))
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.tests == 5 && report.failures == 3 && report.errors == 0)
        #expect(report.named("passes")?.result == "passed")
        let failed = try #require(report.named("fails"))
        #expect(failed.result == "failure" && failed.type == "assertion")
        #expect(failed.message == "expected ¥300 but saw ¥250")
        #expect(
            failed.text
                == "When a failing step\nfeatures/test.feature:8\nexpected ¥300 but saw ¥250\nscreen: cart\ntotal: ¥250"
        )
        let undefined = try #require(report.named("undefined"))
        #expect(undefined.result == "failure" && undefined.type == "undefined")
        #expect(undefined.message == #"undefined step: I add 3 "Tea" in the cart"#)
        // The developer's code only with --snippets (`everyUndefinedStep`).
        #expect(undefined.text?.contains("registry.step(") == false, "\(undefined)")
        #expect(undefined.text?.contains("Did you mean:\n  I add {int} {string} to the cart") == true)
        let ambiguous = try #require(report.named("ambiguous"))
        #expect(ambiguous.result == "failure" && ambiguous.type == "ambiguous")
        #expect(ambiguous.text?.contains("an ambiguous step  (SpecRunnerTests/TestSteps.swift:") == true)
        #expect(ambiguous.text?.contains("^an ambiguous (step|thing)$  (SpecRunnerTests/TestSteps.swift:") == true)
        let pending = try #require(report.named("pending"))
        #expect(pending.result == "skipped")
        #expect(pending.text == "pending: not written yet (Given a pending step (features/test.feature:15))")
    }

    @Test("--no-strict: undefined, pending and ambiguous are skipped and do not fail the run")
    func notStrict() async throws {
        let feature = Self.mixed.replacingOccurrences(
            of: "  Scenario: fails\n    Given a passing step\n    When a failing step\n    Then a passing step\n\n",
            with: "")
        let outcome = try await TestRun(feature).run(["--no-strict"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasSuffix("1 passed, 0 failed, 3 skipped\n"))
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.named("undefined")?.result == "skipped")
        #expect(report.named("undefined")?.text?.hasPrefix(#"undefined: Given I add 3 "Tea" in the cart"#) == true)
        #expect(report.named("ambiguous")?.text?.hasPrefix("ambiguous: Given an ambiguous step") == true)
        #expect(report.named("pending")?.result == "skipped")
    }

    @Test("--dry-run matches everything, runs nothing, and still fails on undefined steps")
    func dryRun() async throws {
        let outcome = try await TestRun(Self.mixed).run(["--dry-run"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("5 scenarios (1 undefined, 1 ambiguous, 3 skipped)"))
        #expect(outcome.stdout.contains("Undefined steps:"))
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.named("fails")?.result == "skipped" && report.named("fails")?.text == "dry run: not run")
        #expect(report.named("undefined")?.type == "undefined")
        let clean = try await TestRun("Feature: F\n  Scenario: s\n    Given a failing step\n").run(["--dry-run"])
        #expect(clean.status == 0)
    }

    @Test("--dry-run reads every value as a run would: one its type cannot read fails the step")
    func dryRunReadsValues() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario: too many
                When I add 99999999999999999999 "Tea" to the cart
                And I add 2 "Tea" to the cart
            """
        ).run(["--dry-run", "--format", "progress"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("F-\n"), "\(outcome.stdout)")
        #expect(
            outcome.stdout.contains(
                "\"99999999999999999999\" is too large for {int}: the largest is 9,223,372,036,854,775,807"),
            "\(outcome.stdout)")
    }

    @Test("every undefined step is reported, also after the first problem; a run counts what --dry-run counts")
    func everyUndefinedStep() async throws {
        let feature = """
            Feature: F
              Scenario: two missing
                Given I add 3 "Tea" in the cart
                When a passing step
                Then the basket is empty
            """
        let outcome = try await TestRun(feature).run(["--format", "progress", "--snippets"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("U-U\n"))
        #expect(outcome.stdout.contains("3 steps (2 undefined, 1 skipped)"))
        let dry = try await TestRun(feature).run(["--dry-run", "--format", "progress"])
        #expect(dry.stdout.contains("3 steps (2 undefined, 1 skipped)"))
        let report = try await ReportCheck.read(outcome.reportPath)
        let missing = try #require(report.named("two missing"))
        #expect(missing.type == "undefined")
        #expect(missing.message == #"undefined step: I add 3 "Tea" in the cart (and 1 more)"#)
        #expect(missing.text?.contains(#"registry.step("the basket is empty") { context in"#) == true)
        #expect(missing.text?.contains(#"registry.step("I add {int} {string} in the cart") { context in"#) == true)
    }

    @Test(
        "an undefined Background step is listed once with the scenarios it is in; an outline's once as written, with its rows; no snippet without --snippets"
    )
    func undefinedLocationsOnce() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Background:
                Given the shop is open

              Scenario: one
                When a passing step

              Scenario Outline: rows
                When I open drawer <n>

                Examples:
                  | n |
                  | 1 |
                  | 1 |
                  | 2 |
            """
        ).run(["--dry-run", "--format", "progress"])
        #expect(outcome.status == 1)
        let block = outcome.stdout
        #expect(block.components(separatedBy: "at features/test.feature:3\n").count == 2, "\(block)")
        #expect(
            block.contains(
                "  the shop is open\n    at features/test.feature:3\n    in 4 scenarios: features/test.feature:5,"
                    + " features/test.feature:13, features/test.feature:14, features/test.feature:15\n"), "\(block)")
        #expect(
            block.contains(
                "  I open drawer <n>\n    at features/test.feature:9\n    in 3 scenarios: features/test.feature:13,"
                    + " features/test.feature:14, features/test.feature:15\n"), "\(block)")
        #expect(!block.contains("I open drawer 1") && !block.contains("I open drawer 2"), "\(block)")
        // The developer's code is left out, and said how to get.
        #expect(!block.contains("registry.step("), "\(block)")
        #expect(block.contains("spec-run --snippets prints its code."), "\(block)")
        // Nor is any scenario told again in a list of failures: the block says it.
        #expect(!block.contains("Failures:"), "\(block)")
        let withSnippets = try await TestRun(
            "Feature: F\n  Background:\n    Given the shop is open\n  Scenario: one\n    When a passing step\n"
        ).run(["--dry-run", "--format", "progress", "--snippets"])
        #expect(
            withSnippets.stdout.contains("    registry.step(\"the shop is open\") { context in"),
            "\(withSnippets.stdout)")
        #expect(!withSnippets.stdout.contains("--snippets prints"), "\(withSnippets.stdout)")
    }

    @Test("a file that does not parse: every error as file:line:column, the run goes on, exit 1")
    func parseError() async throws {
        var run = TestRun(files: [
            "features/a_good.feature": "Feature: Good\n  Scenario: fine\n    Given a passing step\n",
            // A Background's error concerns every scenario: the file fails as a whole.
            "features/b_bad.feature": "Feature: Bad\n  Background:\n    Given a passing step\n  oops\n  Scenario: x\n"
                + "    Given a passing step\n",
        ])
        run.registry = TestSteps.registry()
        let outcome = try await run.run()
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("Parse errors:\n  features/b_bad.feature:4:3: "))
        #expect(outcome.stdout.hasSuffix("; 1 file not parsed\n1 passed, 1 failed\n"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        let parse = try #require(report.named("(parse error)"))
        #expect(parse.suite == "features/b_bad.feature" && parse.result == "error")
        #expect(parse.text?.hasPrefix("features/b_bad.feature:4:3: ") == true)
        #expect(report.named("fine")?.result == "passed")
    }

    @Test("an empty file, one of comments only, a Feature without scenarios and a scenario without steps are warned of")
    func emptyFiles() async throws {
        var run = TestRun(files: [
            "features/a_empty.feature": "",
            "features/b_comments.feature": "# just a note\n\n# another\n",
            "features/c_bare.feature": "Feature: Not written yet\n  Background:\n    Given a passing step\n",
            "features/d_good.feature": "Feature: Good\n  Scenario: fine\n    Given a passing step\n",
            "features/e_titles.feature": "Feature: Titles\n  Rule: R\n    Scenario: to be written\n"
                + "  Scenario Outline:\n    Examples:\n      | a |\n      | 1 |\n",
        ])
        run.registry = TestSteps.registry()
        let outcome = try await run.run(["--format", "progress"])
        // A scenario without steps passes, having checked nothing: it is warned of.
        #expect(
            outcome.stdout.contains(
                "Warning: features/e_titles.feature:3:5: 'Scenario: to be written' has no steps: it passes without"
                    + " checking anything\nWarning: features/e_titles.feature:4:3: 'Scenario Outline:' has no steps:"
                    + " it passes without checking anything\n"), "\(outcome.stdout)")
        #expect(outcome.status == 0)
        for file in ["a_empty", "b_comments"] {
            #expect(
                outcome.stdout.contains(
                    "Warning: features/\(file).feature: the file has no Feature (it is empty or holds only comments):"
                        + " nothing in it runs\n"), "\(outcome.stdout)")
        }
        #expect(
            outcome.stdout.contains(
                "Warning: features/c_bare.feature:1:1: 'Feature:' has no scenario: nothing in the file runs\n"))
        #expect(!outcome.stdout.contains("d_good.feature"), "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("3 passed, 0 failed\n"), "\(outcome.stdout)")
    }

    @Test("--junit FILE writes there, --junit - writes nothing")
    func junitOption() async throws {
        let custom = try await TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n").run([
            "--junit", "out/x.xml",
        ])
        #expect(custom.status == 0 && custom.report == nil)
        let parsed = try await ReportCheck.read(custom.directory.appendingPathComponent("out/x.xml").path)
        #expect(parsed.tests == 1 && parsed.cases.map(\.result) == ["passed"])
        let none = try await TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n").run(["--junit", "-"])
        #expect(none.status == 0 && none.report == nil)
        #expect(!FileManager.default.fileExists(atPath: none.directory.appendingPathComponent("reports").path))
    }

    @Test("usage errors: one line and the usage on stderr, exit 2, no report")
    func usage() async throws {
        let outcome = try await TestRun("Feature: F\n").run(["--jobs", "zero"])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.hasPrefix(
                "spec-run: error: --jobs 'zero' is not a whole number from 1 to 256\nusage: spec-run"))
        #expect(outcome.stdout.isEmpty && outcome.report == nil)
    }

    @Test("a report path that cannot be written is found before the run, not after it")
    func unwritableReport() async throws {
        let outcome = try await TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n").run([
            "--junit", "features/test.feature/junit.xml",
        ])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty, "nothing ran: \(outcome.stdout)")
        #expect(
            outcome.stderr.hasPrefix(
                "spec-run: error: the JUnit report cannot be written to features/test.feature/junit.xml: cannot create"
                    + " the folder "), "\(outcome.stderr)")
    }

    @Test("a usage error removes the report an earlier run left where this one would write, and nothing else")
    func staleReport() async throws {
        let green = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<testsuites name="spec-run" tests="1">"#
        let feature = "Feature: F\n  Scenario: s\n    Given a passing step\n"
        // A mistyped option, a missing path, and a custom report path.
        for (arguments, report) in [
            (["--jobs", "zero"], "reports/junit.xml"), (["nowhere"], "reports/junit.xml"),
            (["--junit=out/x.xml", "--shard", "3/2"], "out/x.xml"),
        ] {
            let outcome = try await TestRun(files: ["features/a.feature": feature, report: green]).run(arguments)
            #expect(outcome.status == 2)
            #expect(!FileManager.default.fileExists(atPath: outcome.directory.appendingPathComponent(report).path))
            #expect(
                outcome.stderr.hasSuffix(
                    "spec-run: removed the report an earlier run left at \(report): this run wrote none\n"),
                "\(outcome.stderr)")
        }
        // Every report the command line names goes, each format's earlier file: a stale
        // HTML report or message stream must not look like this run's either.
        let html = "<!DOCTYPE html><html><head><meta name=\"generator\" content=\"spec-run\">"
        for arguments in [
            ["--format", "html:out/r.html", "--format=message:out/m.ndjson", "--timeout", "abc"],
            ["--format", "html:out/r.html", "--format=message:out/m.ndjson", "@nosuch.txt"],
        ] {
            let outcome = try await TestRun(files: [
                "features/a.feature": feature, "reports/junit.xml": green, "out/r.html": html,
                "out/m.ndjson": "{\"meta\":{}}\n",
            ]).run(arguments)
            #expect(outcome.status == 2)
            for report in ["reports/junit.xml", "out/r.html", "out/m.ndjson"] {
                let path = outcome.directory.appendingPathComponent(report).path
                #expect(!FileManager.default.fileExists(atPath: path), "\(arguments): \(report) stays")
            }
            #expect(
                outcome.stderr.hasSuffix(
                    "spec-run: removed the report an earlier run left at reports/junit.xml: this run wrote none\n"
                        + "spec-run: removed the HTML report an earlier run left at out/r.html: this run wrote none\n"
                        + "spec-run: removed the Cucumber Messages file an earlier run left at out/m.ndjson: this run"
                        + " wrote none\n"), "\(outcome.stderr)")
        }
        // A file that is not a report stays.
        let other = try await TestRun(files: ["features/a.feature": feature, "out/notes.txt": "notes\n"]).run([
            "--junit", "out/notes.txt", "--jobs", "zero",
        ])
        let kept = try? String(contentsOf: other.directory.appendingPathComponent("out/notes.txt"), encoding: .utf8)
        #expect(other.status == 2 && kept == "notes\n")
    }

    @Test("no feature files, or a path that does not exist: exit 2")
    func noFiles() async throws {
        let empty = try await TestRun(files: ["features/readme.txt": "not a feature"]).run()
        #expect(empty.status == 2)
        #expect(empty.stderr == "spec-run: error: no feature files (*.feature) found in features\n")
        let missing = try await TestRun(files: [:]).run(["nowhere/x.feature"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "spec-run: error: nowhere/x.feature: no such file or folder\n")
        let command = try await TestRun(files: [:]).run(["stpes"])
        #expect(
            command.stderr
                == "spec-run: error: stpes: no such file or folder (did you mean the command 'spec-run steps'?)\n")
        let help = try await TestRun(files: [:]).run(["help"])
        #expect(help.stderr == "spec-run: error: help: no such file or folder (did you mean 'spec-run --help'?)\n")
        let notALine = try await TestRun("Feature: F\n").run(["features/test.feature:abc"])
        #expect(notALine.status == 2)
        #expect(
            notALine.stderr
                == "spec-run: error: features/test.feature:abc: no such file or folder (the file is"
                + " 'features/test.feature'; what follows ':' must be line numbers, as in 'features/test.feature:12')\n"
        )
        #expect(missing.report == nil)
        // A tag expression left unquoted: its words are read as paths.
        let unquoted = try await TestRun("Feature: F\n").run(["--tags", "@smoke", "and", "@fast"])
        #expect(unquoted.status == 2)
        #expect(
            unquoted.stderr.hasPrefix(
                "spec-run: error: and: no such file or folder (a tag expression of several words is one argument:"
                    + " quote it, --tags '@smoke and @fast')\n"), "\(unquoted.stderr)")
        let noDefault = try await TestRun(files: ["specs/a.feature": "Feature: F\n"]).run()
        #expect(
            noDefault.stderr
                == "spec-run: error: features: no such file or folder (the folder read when no path is given)\n")
        // Names a newcomer's editor or system gives, which must not make a false green.
        let capital = try await TestRun(files: ["Features/a.feature": "Feature: F\n"]).run()
        #expect(
            capital.stderr
                == "spec-run: error: features: no such file or folder (there is 'Features': names differ in letter"
                + " case here) (the folder read when no path is given)\n", "\(capital.stderr)")
        // A link that leads nowhere is named as one, not as a name in another letter case.
        var links = TestRun(files: [:])
        links.links = [
            "gone.feature": "/nonexistent/spec-run-test.feature", "a.feature": "b.feature", "b.feature": "a.feature",
        ]
        let dangling = try await links.run(["gone.feature"])
        #expect(dangling.status == 2)
        #expect(
            dangling.stderr
                == "spec-run: error: gone.feature: a link to nothing (it leads to '/nonexistent/spec-run-test.feature')\n"
        )
        let loop = try await links.run(["a.feature"])
        #expect(loop.stderr == "spec-run: error: a.feature: a link in a loop of links (it leads to 'b.feature')\n")
        let misnamedOnly = try await TestRun(files: ["features/t.feature.txt": "Feature: F\n"]).run()
        #expect(
            misnamedOnly.stderr
                == "spec-run: error: no feature files (*.feature) found in features (features/t.feature.txt is not"
                + " read: feature files end in '.feature', in lower case)\n")
        let misnamed = try await TestRun(files: [
            "features/a.feature": "Feature: A\n  Scenario: s\n    Given a passing step\n",
            "features/b.feature.txt": "Feature: B\n", "features/sub/c.Feature": "Feature: C\n",
        ]).run()
        #expect(misnamed.status == 0)
        #expect(
            misnamed.stdout.hasPrefix(
                "Warning: features/b.feature.txt, features/sub/c.Feature are not read: feature files end in"
                    + " '.feature', in lower case\n"), "\(misnamed.stdout)")
    }
}
