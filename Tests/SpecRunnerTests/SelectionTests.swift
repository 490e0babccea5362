import Foundation
import TestSupport
import Testing

@testable import SpecRunner

@Suite("Selection and order")
struct SelectionTests {
    static let feature = """
        @shop
        Feature: Shop

          @smoke
          Scenario: alpha
            Given a passing step

          @wip
          Scenario: beta
            Given a passing step

          Scenario Outline: gamma <n>
            Given a passing step

            Examples: first
              | n |
              | 1 |
              | 2 |

            @slow
            Examples: second
              | n |
              | 1 |

          Rule: Refunds
            Scenario: delta
              Given a passing step

            Scenario: delta
              Given a passing step
        """

    private func names(_ arguments: [String]) async throws -> [String] {
        let outcome = try await TestRun(Self.feature).run(arguments)
        #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return try await ReportCheck.read(outcome.reportPath).cases.map(\.name)
    }

    @Test(
        "--tags selects by inherited tags",
        arguments: [
            ("@smoke", ["alpha"]),
            (
                "not @wip and not @slow",
                [
                    "alpha", "gamma 1 — 1 (Examples: first)", "gamma 2 — 2 (Examples: first)",
                    "Refunds — delta (line 26)", "Refunds — delta (line 29)",
                ]
            ),
            ("@slow or @wip", ["beta", "gamma 1 — 1 (Examples: second)"]),
            (
                "@shop and not (@smoke or @wip or @slow)",
                [
                    "gamma 1 — 1 (Examples: first)", "gamma 2 — 2 (Examples: first)", "Refunds — delta (line 26)",
                    "Refunds — delta (line 29)",
                ]
            ),
        ])
    func tags(expression: String, expected: [String]) async throws {
        #expect(try await names(["--tags", expression]) == expected)
    }

    @Test("--name selects by a regular expression on the scenario name")
    func name() async throws {
        #expect(try await names(["--name", "^(alpha|gamma 2)$"]) == ["alpha", "gamma 2 — 2 (Examples: first)"])
        #expect(try await names(["--name", "elt"]) == ["Refunds — delta (line 26)", "Refunds — delta (line 29)"])
        // The name as the console or the report shows it, copied from a CI page.
        #expect(try await names(["--name", #"delta \(line 29\)"#]) == ["Refunds — delta (line 29)"])
        #expect(try await names(["--name", #"^Refunds — delta \(line 29\)$"#]) == ["Refunds — delta (line 29)"])
        #expect(
            try await names(["--name", #"^gamma 1 — 1 \(Examples: second\)$"#]) == ["gamma 1 — 1 (Examples: second)"])
    }

    @Test(
        "PATH:LINE selects the scenario, outline, Examples table or row, Rule or Feature whose lines hold it",
        arguments: [
            ("5", ["alpha"]),
            // A step's line, the scenario's tag line, the blank line under it.
            ("6", ["alpha"]),
            ("4", ["alpha"]),
            ("7", ["alpha"]),
            ("10", ["beta"]),
            // An outline's step: every row; an Examples header or tag: that table's rows.
            (
                "13",
                ["gamma 1 — 1 (Examples: first)", "gamma 2 — 2 (Examples: first)", "gamma 1 — 1 (Examples: second)"]
            ),
            ("16", ["gamma 1 — 1 (Examples: first)", "gamma 2 — 2 (Examples: first)"]),
            ("20", ["gamma 1 — 1 (Examples: second)"]),
            ("27", ["Refunds — delta (line 26)"]),
            ("30", ["Refunds — delta (line 29)"]),
            (
                "3",
                [
                    "alpha", "beta", "gamma 1 — 1 (Examples: first)", "gamma 2 — 2 (Examples: first)",
                    "gamma 1 — 1 (Examples: second)", "Refunds — delta (line 26)",
                    "Refunds — delta (line 29)",
                ]
            ),
            (
                "12",
                ["gamma 1 — 1 (Examples: first)", "gamma 2 — 2 (Examples: first)", "gamma 1 — 1 (Examples: second)"]
            ),
            ("15", ["gamma 1 — 1 (Examples: first)", "gamma 2 — 2 (Examples: first)"]),
            ("18", ["gamma 2 — 2 (Examples: first)"]),
            ("23", ["gamma 1 — 1 (Examples: second)"]),
            ("25", ["Refunds — delta (line 26)", "Refunds — delta (line 29)"]),
            (
                "2",
                [
                    "alpha", "beta", "gamma 1 — 1 (Examples: first)", "gamma 2 — 2 (Examples: first)",
                    "gamma 1 — 1 (Examples: second)", "Refunds — delta (line 26)",
                    "Refunds — delta (line 29)",
                ]
            ),
            ("5:29", ["alpha", "Refunds — delta (line 29)"]),
        ])
    func lines(lines: String, expected: [String]) async throws {
        #expect(try await names(["features/test.feature:\(lines)"]) == expected)
    }

    @Test("a Background's line selects the scenarios it runs before; an empty Rule's lines select nothing")
    func backgroundAndEmptyRule() async throws {
        let feature = """
            Feature: F
              Background:
                Given a passing step

              Scenario: one
                Given a passing step

              Rule: R
                Background:
                  Given a passing step

                Scenario: two
                  Given a passing step

              Rule: Empty
                A rule with no scenario yet.
            """
        let ofFeature = try await TestRun(feature).run(["features/test.feature:3"])
        #expect(try await ReportCheck.read(ofFeature.reportPath).cases.map(\.name) == ["one", "R — two"])
        let ofRule = try await TestRun(feature).run(["features/test.feature:10"])
        #expect(try await ReportCheck.read(ofRule.reportPath).cases.map(\.name) == ["R — two"])
        let empty = try await TestRun(feature).run(["features/test.feature:16:5"])
        #expect(
            empty.stdout.hasPrefix("Warning: features/test.feature:16 is in no scenario: it selects nothing\n"),
            "\(empty.stdout)")
    }

    @Test("a line that selects nothing is warned about while another selects something")
    func unmatchedLine() async throws {
        let outcome = try await TestRun(Self.feature).run(["features/test.feature:40:5"])
        #expect(
            outcome.stdout.hasPrefix(
                "Warning: features/test.feature:40 is past the end of the file (30 lines): it selects nothing\n"
            ), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("1 passed, 0 failed"))
    }

    @Test("lines that select nothing at all are a usage error, not a green run of nothing")
    func nothingSelected() async throws {
        let outcome = try await TestRun(Self.feature).run(["features/test.feature:40:31"])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr
                == "spec-run: error: nothing to run: features/test.feature:31 is past the end of the file (30 lines);"
                + " features/test.feature:40 is past the end of the file (30 lines)\n", "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: outcome.reportPath))
        // A tag expression that selects nothing fails the run (a misspelt or renamed tag
        // must not gate CI green on nothing), with a report that says why.
        let tags = try await TestRun(Self.feature).run([
            "--tags", "@nowhere", "--format", "html:r.html", "--format", "message:m.ndjson",
        ])
        #expect(tags.status == 1)
        // Every report says why, not only the JUnit report and the console.
        let html = try String(contentsOf: tags.directory.appendingPathComponent("r.html"), encoding: .utf8)
        #expect(html.contains("<p class=\"run-error\">no scenario has the tag "), "\(html.prefix(3000))")
        let messages = try String(contentsOf: tags.directory.appendingPathComponent("m.ndjson"), encoding: .utf8)
        let finished = messages.split(separator: "\n").last ?? ""
        #expect(
            finished.contains(#""type":"NothingSelected""#) && finished.contains("no scenario has the tag"),
            "\(finished)")
        #expect(tags.stdout.contains("0 scenarios, 0 steps in "))
        #expect(tags.stdout.contains("; nothing selected\n0 passed, 1 failed\n"), "\(tags.stdout)")
        // It says which tag no scenario has, and the close one.
        #expect(
            tags.stdout.contains(
                "Nothing to run, so the run fails (CI must not pass on no scenario):\n"
                    + "  no scenario has the tag '@nowhere': --tags selected nothing\n"), "\(tags.stdout)")
        let report = try await ReportCheck.read(tags.reportPath)
        #expect(report.cases.map(\.name) == ["(nothing selected)"])
        #expect(report.cases.first?.result == "error")
        #expect(report.cases.first?.message == "no scenario has the tag '@nowhere': --tags selected nothing")
        let typo = try await TestRun(Self.feature).run(["--tags", "@Smok and not @wip"])
        #expect(typo.status == 1)
        #expect(
            typo.stdout.contains(
                "  no scenario has the tag '@Smok' (did you mean '@smoke'?): --tags selected nothing"),
            "\(typo.stdout)")
        #expect(!typo.stdout.contains("'@wip'"), "a tag under `not` selects nothing by itself: \(typo.stdout)")
        // A misspelt tag beside others that select something: the run goes on, with a word.
        let either = try await TestRun(Self.feature).run(["--tags", "@smoke or @wipp", "--dry-run"])
        #expect(either.status == 0, "\(either.stdout)")
        #expect(
            either.stdout.contains("no scenario has the tag '@wipp' that --tags names (did you mean '@wip'?)"),
            "\(either.stdout)")
        // A tag far from every tag seen is no typo: `not @nowhere` leaves nothing out, silently.
        let far = try await TestRun(Self.feature).run(["--tags", "not @nowhere", "--dry-run"])
        #expect(far.status == 0 && !far.stdout.contains("@nowhere"), "\(far.stdout)")
        let both = try await TestRun(Self.feature).run(["--tags", "@smoke and @wip"])
        #expect(both.stdout.contains("  no scenario matches --tags '( @smoke and @wip )'"), "\(both.stdout)")
        let name = try await TestRun(Self.feature).run(["--name", "zzzz", "--dry-run"])
        #expect(name.status == 1)
        #expect(name.stdout.contains("  --name 'zzzz' matches no scenario\n"), "\(name.stdout)")
        // --name is case-sensitive, as in Cucumber and behave; a pattern that matches only
        // letter case aside says so, with the pattern that ignores case.
        let caseOnly = try await TestRun(Self.feature).run(["--name", "DELTA", "--dry-run"])
        #expect(caseOnly.status == 1)
        #expect(
            caseOnly.stdout.contains(
                "  --name 'DELTA' matches no scenario; letter case aside, it matches 'delta (line 26)' and 1 other:"
                    + " --name is case-sensitive, so write --name '(?i)DELTA' to ignore case\n"), "\(caseOnly.stdout)")
        let ignoringCase = try await TestRun(Self.feature).run(["--name", "(?i)DELTA"])
        #expect(ignoringCase.status == 0)
        #expect(ignoringCase.stdout.hasSuffix("2 passed, 0 failed\n"), "\(ignoringCase.stdout)")
        // A run that selects something has no such warning.
        let some = try await TestRun(Self.feature).run(["--tags", "@smoke"])
        #expect(!some.stdout.contains("Warning") && !some.stdout.contains("Nothing"), "\(some.stdout)")
        #expect(some.status == 0)
    }

    @Test("files without a scenario fail the run; a shard left empty by a small run only warns")
    func noScenarioAnywhere() async throws {
        let empty = try await TestRun(files: ["features/a.feature": "Feature: A\n  Just a description.\n"]).run([])
        #expect(empty.status == 1)
        #expect(empty.stdout.contains("  the files read have no scenario\n"), "\(empty.stdout)")
        #expect(try await ReportCheck.read(empty.reportPath).cases.map(\.name) == ["(nothing selected)"])
        // A file that did not parse fails the run already: the selection is a warning.
        let broken = try await TestRun(files: [
            "features/a.feature": "Feature: A\n  Background:\n    Given a passing step\n  oops\n",
            "features/b.feature": "Feature: B\n",
        ]).run(["--tags", "@x"])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("Warning: no scenario has the tag '@x': --tags selected nothing\n"))
        #expect(!broken.stdout.contains("Nothing to run"), "\(broken.stdout)")
        #expect(try await ReportCheck.read(broken.reportPath).cases.map(\.name) == ["(parse error)"])
        let shard = try await TestRun(Self.feature).run(["--tags", "@smoke", "--shard", "2/2"])
        #expect(shard.status == 0, "the other shard runs the scenario: \(shard.stdout)")
        #expect(
            shard.stdout.contains(
                "Warning: shard 2/2 has no scenario: the run selects 1 scenario for 2 shards; the others run it\n"),
            "\(shard.stdout)")
        // Its report is no empty `tests="0"`, which some JUnit publishers fail a build on.
        let placeholder = try await ReportCheck.read(shard.reportPath)
        #expect(placeholder.cases.map(\.name) == ["(no scenario in shard 2/2)"])
        #expect(placeholder.cases.first?.result == "skipped")
    }

    @Test("--shard I/N: deterministic slices whose union is the whole run, without overlap")
    func shards() async throws {
        let all = try await names([])
        var union: [String] = []
        for index in 1...3 {
            let slice = try await names(["--shard", "\(index)/3"])
            #expect(!slice.isEmpty)
            #expect(try await names(["--shard", "\(index)/3"]) == slice)
            union += slice
        }
        #expect(union.sorted() == all.sorted())
        #expect(Set(union).count == all.count)
    }

    @Test("--shard: a file that does not parse is reported, and fails the run, in one shard; the others warn")
    func shardsDealParseErrors() async throws {
        var reports: [Int: Int] = [:]  // shard → its (parse error) test cases
        var statuses: [Int32] = []
        for index in 1...2 {
            var run = TestRun(files: [
                "features/a_bad.feature": "Feature: A\n  Background:\n    Given a passing step\n  oops\n",
                "features/b_good.feature": "Feature: B\n  Scenario: one\n    Given a passing step\n"
                    + "  Scenario: two\n    Given a passing step\n",
                "features/c_bad.feature": "Feature: C\n  Background:\n    Given a passing step\n  oops\n",
            ])
            run.registry = TestSteps.registry()
            let outcome = try await run.run(["--shard", "\(index)/2"])
            statuses.append(outcome.status)
            let report = try await ReportCheck.read(outcome.reportPath)
            let broken = report.cases.filter { $0.name == "(parse error)" }
            reports[index] = broken.count
            #expect(
                report.cases.filter { $0.result == "passed" }.count == 1, "each shard runs one of the two scenarios")
            let owned = index == 1 ? "features/a_bad.feature" : "features/c_bad.feature"
            let other = index == 1 ? "features/c_bad.feature" : "features/a_bad.feature"
            #expect(broken.map(\.suite) == [owned], "\(broken.map(\.suite))")
            #expect(outcome.stdout.contains("Parse errors:\n  \(owned):4:3: "), "\(outcome.stdout)")
            #expect(
                outcome.stdout.contains(
                    "Warning: \(other) does not parse: shard \(index == 1 ? 2 : 1)/2 reports its errors\n"),
                "\(outcome.stdout)")
        }
        #expect(reports == [1: 1, 2: 1], "each broken file once across the shards")
        #expect(statuses == [1, 1])
        // One broken file: only the first shard fails for it.
        var second = TestRun(files: [
            "features/a_bad.feature": "Feature: A\n  Background:\n    Given a passing step\n  oops\n",
            "features/b_good.feature": "Feature: B\n  Scenario: one\n    Given a passing step\n"
                + "  Scenario: two\n    Given a passing step\n",
        ])
        second.registry = TestSteps.registry()
        let clean = try await second.run(["--shard", "2/2"])
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(clean.stdout.contains("Warning: features/a_bad.feature does not parse: shard 1/2 reports its errors"))
        let report = try await ReportCheck.read(clean.reportPath)
        #expect(report.named("(parse error)") == nil)
    }

    @Test("--seed shuffles deterministically; the report stays in file order")
    func seed() async throws {
        func order(_ seed: String) async throws -> String {
            let outcome = try await TestRun(Self.feature).run(["--seed", seed, "--format", "pretty"])
            let report = try await ReportCheck.read(outcome.reportPath)
            #expect(report.cases.map(\.name).first == "alpha")
            return outcome.stdout.split(separator: "\n").filter { $0.contains("Scenario") }.joined(separator: "\n")
        }
        let first = try await order("7")
        // The summary names the seed, so an order-dependent failure can be run again.
        let seeded = try await TestRun(Self.feature).run(["--seed", "7"])
        #expect(seeded.stdout.contains(" in the order of --seed 7\n"), "\(seeded.stdout)")
        #expect(!(try await TestRun(Self.feature).run([])).stdout.contains("--seed"))
        #expect(try await order("7") == first)
        let orders = try await [order("1"), order("2"), order("3"), first]
        #expect(Set(orders).count > 1, "different seeds give different orders")
        let unshuffled = try await TestRun(Self.feature).run(["--format", "pretty"]).stdout
        #expect(unshuffled.split(separator: "\n").filter { $0.contains("Scenario") }.joined(separator: "\n") != first)
    }
}
