import Foundation
import TestSupport
import Testing

/// Planning reads each input once: a step of 100,000 characters, a description of 3,000
/// lines, 3,000 lost scenario lines or stray steps, 3,000 misspelt `Scenarioo:` + `Givn`
/// pairs and a placeholder of 100,000 characters each plan in a fraction of `bound`.
/// These guard against a hang (a snippet running a pattern from every position of the
/// step, a check reading the whole file again for each of its lines): at these sizes such
/// planning takes minutes, so the time limit fails such a test where it would hang.
/// Planning time itself is measured by `bench/planning/run.sh`.
@Suite("Planning on large input", .timeLimit(.minutes(2)))
struct PlanningScaleTests {
    /// Far above linear planning of any input here (at most a few seconds in a debug build
    /// on a loaded machine), far below quadratic planning of it (many minutes).
    static let bound: Duration = .seconds(60)

    /// Plans `feature` with the built `spec-run-self-test` (a child process, so that planning
    /// large input takes no thread from the other tests' cooperative pool), timed whole.
    private func plan(_ feature: String) async throws -> (outcome: Shell.Output, took: Duration) {
        let directory = try TemporaryProject.make(["features/test.feature": feature], label: "spec-run-scale")
        let started = ContinuousClock.now
        let outcome = try await BuiltBinary.execute(
            ["--dry-run", "--format", "progress", "--snippets"], in: directory,
            environment: ["SPEC_RUN_TEST_STEPS": "1", "NO_COLOR": "1"])
        return (outcome, ContinuousClock.now - started)
    }

    private func count(_ part: String, in text: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    @Test("an undefined step of 100,000 characters gets its snippet and plans within the bound")
    func longUndefinedStep() async throws {
        let unit = "I add 12 items of 'tea' and 3.5 kg "
        let text = String(String(repeating: unit, count: 100_000 / unit.count + 1).prefix(100_000))
            .trimmingCharacters(in: .whitespaces)
        let (outcome, took) = try await plan("Feature: F\n  Scenario: S\n    Given \(text)\n")
        #expect(took < Self.bound, "planning took \(took)")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("Undefined steps:"))
        // Values are parameters near the start; the step's end stays as written.
        #expect(outcome.stdout.contains(#"registry.step("I add {int} items of {string} and {float} kg I add {int}"#))
        #expect(outcome.stdout.contains(String(text.suffix(60)) + "\") { context in"))
    }

    @Test("a valid feature with a description of 3,000 lines plans within the bound")
    func longDescription() async throws {
        let prose = (1...3000).map { "  Line \($0) of the prose that explains why this feature exists." }
        let feature =
            "Feature: F\n" + prose.joined(separator: "\n") + "\n\n  Scenario: S\n    Given spec-run self-test: passes\n"
        let (outcome, took) = try await plan(feature)
        #expect(took < Self.bound, "planning took \(took)")
        #expect(outcome.status == 0, "\(outcome.stdout.prefix(2000))")
        #expect(outcome.stdout.contains("1 scenario (1 skipped)"), "\(outcome.stdout.suffix(500))")
    }

    @Test(
        "3,000 lines that are parse errors plan within the bound, each reported",
        arguments: [
            // A misspelt scenario line with a step of the library below it: the scenario is lost.
            ("  Scenarioo: lost\n    Given spec-run self-test: passes", "looks like the keyword 'Scenario:' misspelt"),
            // A step of the library above the first scenario: it never runs.
            ("  Given spec-run self-test: passes", "is a step, but it stands before the Feature's first scenario"),
        ])
    func manyParseErrors(lines: String, message: String) async throws {
        let feature =
            "Feature: F\n" + Array(repeating: lines, count: 3000).joined(separator: "\n")
            + "\n\n  Scenario: S\n    Given spec-run self-test: passes\n"
        let (outcome, took) = try await plan(feature)
        #expect(took < Self.bound, "planning took \(took)")
        #expect(outcome.status == 1)
        #expect(count(message, in: outcome.stdout) == 3000, "\(outcome.stdout.prefix(2000))")
    }

    @Test("3,000 scenarios with a typo each plan within the bound, each failing alone (parse recovery)")
    func manyBrokenScenarios() async throws {
        let scenarios = (1...3000).map {
            "  Scenario: S\($0)\n    Given spec-run self-test: passes\n    Thn spec-run self-test: passes\n"
                + "  Scenario: T\($0)\n    Given spec-run self-test: passes"
        }
        let (outcome, took) = try await plan("Feature: F\n" + scenarios.joined(separator: "\n") + "\n")
        #expect(took < Self.bound, "planning took \(took)")
        #expect(outcome.status == 1)
        // Each error once, before the run (the list of failures leaves such scenarios out).
        #expect(count("('Thn' looks like the keyword 'Then' misspelt)", in: outcome.stdout) == 3000)
        #expect(outcome.stdout.contains("6000 scenarios (3000 failed, 3000 skipped)"), "\(outcome.stdout.suffix(500))")
    }

    @Test(
        "3,000 Scenarioo: + Givn pairs plan within the bound, each warned of",
        arguments: ["Feature: F\n", "Feature: F\n  Scenario: S\n    A scenario's description.\n"])
    func manyTypoPairs(header: String) async throws {
        let pairs = (1...3000).map { "  Scenarioo: lost \($0)\n    Givn the catalog is empty" }
        let feature =
            header + pairs.joined(separator: "\n") + "\n\n  Scenario: T\n    Given spec-run self-test: passes\n"
        let (outcome, took) = try await plan(feature)
        #expect(took < Self.bound, "planning took \(took)")
        #expect(count("'Scenarioo' looks like the keyword 'Scenario:' misspelt", in: outcome.stdout) == 3000)
    }

    @Test("a placeholder of 100,000 characters plans within the bound, and is warned of")
    func longPlaceholder() async throws {
        let name = String(repeating: "p", count: 100_000)
        let feature = """
            Feature: F
              Scenario Outline: S
                Given the total is <\(name)> yen

                Examples:
                  | price |
                  | 1     |
            """
        let (outcome, took) = try await plan(feature)
        #expect(took < Self.bound, "planning took \(took)")
        #expect(outcome.stdout.contains("<\(name)> is not a column of the 'Examples' table at line 5"))
    }

    @Test("a <<<…>>> placeholder of 100,000 characters plans within the bound")
    func longAngleBrackets() async throws {
        let brackets = String(repeating: "<", count: 50_000) + String(repeating: ">", count: 50_000)
        let feature = """
            Feature: F
              Scenario Outline: S
                Given the text is \(brackets)

                Examples:
                  | price |
                  | 1     |
            """
        let (outcome, took) = try await plan(feature)
        #expect(took < Self.bound, "planning took \(took)")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("Undefined steps:"))
        #expect(!outcome.stdout.contains("is not a column"))
    }
}
