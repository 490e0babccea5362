import Foundation
import TestSupport
import Testing

@testable import SpecRunner

/// The console formats, snapshot-tested (`RECORD_SNAPSHOTS=1 swift test --filter Console`
/// re-records `__Snapshots__/*.txt`). Run times are replaced by `X.XXs`.
@Suite("Console output")
struct ConsoleSnapshotTests {
    static let feature = """
        Feature: Checkout

          Background:
            Given a passing step

          Scenario: pay
            When I add 2 "Tea" to the cart
              | name | price |
              | Tea  | 150   |
            Then the total is 300 yen

          Scenario: wrong total
            When a failing step
            Then the total is 300 yen

          Scenario: typo
            When I add 2 "Tea" in the cart
            Then the total is 300 yen

          Scenario: not yet
            When a pending step
        """

    private func output(_ arguments: [String], terminal: Bool = false, noColor: Bool = false) async throws -> String {
        var run = TestRun(Self.feature)
        run.isTerminal = terminal
        if noColor { run.environment["NO_COLOR"] = "1" }
        return try await run.run(arguments).console
    }

    @Test("progress (the default when not on a terminal)")
    func progress() async throws {
        try Snapshot.assert(try await output([]), named: "progress")
    }

    @Test("progress breaks its line every 80 marks, so that a CI log shows the run as it goes")
    func progressLines() async throws {
        var feature = "Feature: Long\n"
        for index in 1...17 {
            feature += "  Scenario: s\(index)\n" + String(repeating: "    Given a passing step\n", count: 10)
        }
        let outcome = try await TestRun(feature).run(["--format", "progress"])
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(3).map(\.count) == [80, 80, 10], "\(outcome.stdout)")
        #expect(lines.dropFirst(3).first?.hasPrefix("17 scenarios (17 passed)") == true, "\(outcome.stdout)")
        // A line filled to the end gets no second break.
        var exact = "Feature: Exact\n"
        for index in 1...8 {
            exact += "  Scenario: s\(index)\n" + String(repeating: "    Given a passing step\n", count: 10)
        }
        let filled = try await TestRun(exact).run(["--format", "progress"])
        #expect(filled.stdout.hasPrefix(String(repeating: ".", count: 80) + "\n8 scenarios"), "\(filled.stdout)")
    }

    @Test("pretty without colour")
    func pretty() async throws {
        try Snapshot.assert(try await output(["--format", "pretty"]), named: "pretty")
    }

    @Test("pretty is the default on a terminal, with colour")
    func prettyColored() async throws {
        let text = try await output([], terminal: true)
        #expect(text.contains("\u{1B}[32m    Given a passing step\u{1B}[0m"))
        try Snapshot.assert(text, named: "pretty-color")
    }

    @Test("NO_COLOR turns colour off on a terminal")
    func noColor() async throws {
        let text = try await output([], terminal: true, noColor: true)
        #expect(!text.contains("\u{1B}["))
        #expect(text == (try await output(["--format", "pretty"])))
        // Set but empty is set (runner.md: colour only "when NO_COLOR is unset").
        #expect(TerminalStyle.detect(isTerminal: true, environment: ["NO_COLOR": ""]).colored == false)
        #expect(TerminalStyle.detect(isTerminal: true, environment: [:]).colored)
        #expect(TerminalStyle.detect(isTerminal: true, environment: ["TERM": "dumb"]).colored == false)
        #expect(TerminalStyle.detect(isTerminal: true, environment: ["TERM": "xterm-256color"]).colored)
    }

    @Test("pretty heads the scenarios of a Rule with the Rule as written, once")
    func ruleHeading() async throws {
        let outcome = try await TestRun(
            """
            Feature: Shop
              Scenario: before
                Given a passing step

              Rule: Refunds
                Scenario: one
                  Given a passing step

                Scenario: two
                  Given a passing step
            """
        ).run(["--format", "pretty"])
        let text = outcome.console
        #expect(
            text.contains(
                "  Scenario: before  # features/test.feature:2\n    Given a passing step\n\n  Rule: Refunds\n\n  Scenario: one"
            ), "\(text)")
        #expect(text.components(separatedBy: "Rule: Refunds").count == 2, "\(text)")
    }

    @Test("summary")
    func summary() async throws {
        try Snapshot.assert(try await output(["--format", "summary"]), named: "summary")
    }

    @Test("dry run")
    func dryRun() async throws {
        try Snapshot.assert(try await output(["--dry-run", "--format", "summary"]), named: "dry-run")
        // Not strict, the undefined step does not fail the dry run, but it is no "every step
        // is defined" either.
        let loose = try await output(["--dry-run", "--format", "summary", "--no-strict"])
        #expect(loose.contains("Dry run: nothing ran; the problems above are what a run would meet."), "\(loose)")
    }

    @Test("pretty output of Japanese: a space after a keyword that has none, tables aligned by display width")
    func prettyJapanese() async throws {
        let feature = """
            # language: ja
            機能: 会計
              シナリオ: 日本語
                前提a passing step
                かつ I add 2 "お茶" to the cart
                  | 名前 | price |
                  | お茶 | 150 |
                  | Tea | 1500 |
            """
        let text = try await TestRun(feature).run(["--format", "pretty"]).console
        #expect(text.contains("    前提 a passing step\n"))
        #expect(text.contains("    かつ I add 2 \"お茶\" to the cart\n"))
        #expect(text.contains("      | 名前 | price |\n      | お茶 | 150   |\n      | Tea  | 1500  |\n"))
    }

    @Test("pretty without colour names a Japanese scenario's statuses in Japanese, an English one's in English")
    func prettyJapaneseStatuses() async throws {
        let japanese = """
            # language: ja
            機能: 会計
              シナリオ: 日本語
                前提 a failing step
                もし a passing step
            """
        let text = try await TestRun(japanese).run(["--format", "pretty"]).console
        #expect(text.contains("    前提 a failing step  (失敗)\n"), "\(text)")
        #expect(text.contains("    もし a passing step  (スキップ)\n"), "\(text)")
        let english = try await TestRun("Feature: F\n  Scenario: s\n    Given a failing step\n").run([
            "--format", "pretty",
        ]).console
        #expect(english.contains("    Given a failing step  (failed)\n"), "\(english)")
    }

    @Test("pretty prints as written: tags, escaped cells, the doc string's delimiter and media type")
    func prettyAsWritten() async throws {
        let feature = #"""
            @shop
            Feature: F
              @smoke
              Scenario: tables
                Given I add 2 "Tea" to the cart
                  | name        | price |
                  | Tea \| Cake | 300   |
                  | Back\\slash | 200   |
                  | Line\nBreak | 100   |
                And I add 1 "Tea" to the cart
                  ```text/plain
                  a \`\`\` b
                  ```
            """#
        let text = try await TestRun(feature).run(["--format", "pretty"]).console
        #expect(text.contains("  @shop @smoke\n  Scenario: tables"), "\(text)")
        #expect(
            text.contains(
                #"""
                      | name        | price |
                      | Tea \| Cake | 300   |
                      | Back\\slash | 200   |
                      | Line\nBreak | 100   |
                """#), "\(text)")
        #expect(text.contains("      ```text/plain\n      a \\`\\`\\` b\n      ```\n"), "\(text)")
    }

    @Test("control characters from a feature file are printed as \\u{…}, never raw")
    func controlCharacters() async throws {
        let feature = """
            Feature: Escapes\u{1B}[2J

              Scenario: bell\u{07} in the name
                Given a passing step
                When I add 2 "Te\u{1B}[31ma" to the cart
                  | name      | price |
                  | Tea\u{07}  | 150   |
                  | Coffee    | 1500  |
                Then a failing step

              Scenario: unknown\u{9B}
                Given an undefined step with a \u{7F} in it
            """
        let text = try await TestRun(feature).run(["--format", "pretty"]).console
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        #expect(text.contains("Feature: Escapes\\u{1B}[2J\n"))
        #expect(text.contains("Scenario: bell\\u{7} in the name"))
        #expect(text.contains("    When I add 2 \"Te\\u{1B}[31ma\" to the cart\n"))
        #expect(text.contains("      | Tea\\u{7} | 150   |\n      | Coffee   | 1500  |\n"))
        #expect(text.contains("an undefined step with a \\u{7F} in it"))
        #expect(text.contains("unknown\\u{9B}"))
    }

    @Test("a file name with a line break is listed among the failing scenarios on one line")
    func fileNameWithLineBreak() async throws {
        let outcome = try await TestRun(files: [
            "features/new\nline.feature": "Feature: F\n  Scenario: s\n    Given a failing step\n"
        ]).run(["--format", "progress"])
        #expect(
            outcome.stdout.contains("Failing scenarios:\n  features/new\\u{A}line.feature:2  # s\n"),
            "\(outcome.stdout)")
    }

    @Test("invisible characters a paste brings along are printed as \\u{…}; an emoji's joiner is not")
    func invisibleCharacters() {
        #expect(ConsoleEscaping.visible("カートに\u{200B}「ラテ」") == "カートに\\u{200B}「ラテ」")
        #expect(ConsoleEscaping.visible("\u{FEFF}Feature") == "\\u{FEFF}Feature")
        #expect(ConsoleEscaping.visible("abc\u{202E}def") == "abc\\u{202E}def", "a direction override")
        #expect(ConsoleEscaping.visible("👨\u{200D}👩\u{200D}👧") == "👨\u{200D}👩\u{200D}👧")
        #expect(ConsoleEscaping.visible("¥1,200 – ¥300…") == "¥1,200 – ¥300…", "a dash and an ellipsis stay")
    }
}
