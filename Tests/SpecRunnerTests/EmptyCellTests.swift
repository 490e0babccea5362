import Testing

@testable import SpecRunner

/// An outline's row with an empty cell takes the value out of its step: the undefined
/// step that leaves says so, rather than offer a new step to add.
@Suite("An Examples row's empty cell")
struct EmptyCellTests {
    @Test("the placeholders a row filled with nothing, as written")
    func placeholders() {
        #expect(
            RunPlanner.emptyPlaceholders(in: "the display shows total <total>", filledAs: "the display shows total ")
                == "<total>")
        #expect(RunPlanner.emptyPlaceholders(in: "合計<total>が表示される", filledAs: "合計が表示される") == "<total>")
        #expect(RunPlanner.emptyPlaceholders(in: "<a> and <b>", filledAs: " and ") == "<a>, <b>")
        #expect(RunPlanner.emptyPlaceholders(in: "<a> and <b>", filledAs: "1 and 2") == nil)
        #expect(RunPlanner.emptyPlaceholders(in: "no placeholder", filledAs: "no placeholder") == nil)
    }

    @Test("the undefined step of that row names the empty cell, with no snippet")
    func undefinedStepSaysSo() async throws {
        let outcome = try await TestRun(
            """
            Feature: F
              Scenario Outline: rows
                Given a step that sleeps <ms> ms

                Examples:
                  | ms |
                  | 1  |
                  |    |
            """
        ).run(["--format", "progress", "--snippets"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "  <ms> is empty in this row of the Examples table, so the step has no value there\n"),
            "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("registry.step("), "\(outcome.stdout)")
    }
}
