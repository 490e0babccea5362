import CucumberExpressions
import Testing

@testable import SpecRunner
@testable import StepInterface

/// `--dry-run`'s reading of attempts and checks from the order of a scenario's steps.
@Suite("Attempts and checks in a scenario's order")
struct OutcomeSequenceTests {
    /// Definitions 0: an attempt, 1: a check, 2: neither.
    static let definitions: [StepDefinition] = [
        (OutcomeRole.attempt(unchecked: "unchecked"), "try"), (.check(noAttempt: "no attempt"), "check"),
        (nil, "other"),
    ].compactMap { role, text in
        (try? RegularExpression("^\(text)$", registry: ParameterTypeRegistry())).map {
            StepDefinition(
                expression: $0, body: { _ in }, sourceLocation: "test", group: "", example: nil, outcomeRole: role)
        }
    }

    static func problems(_ texts: [String], throughFailures: Bool = false) -> [Int: String] {
        let steps = texts.enumerated().map { index, text in
            PlannedStep(
                text: text, keyword: "* ", location: SourceLine(uri: "t.feature", line: index + 1), argument: nil,
                match: ["try", "check", "other"].firstIndex(of: text).map { .matched(definition: $0, arguments: []) }
                    ?? .undefined)
        }
        return OutcomeSequence.problems(in: steps, definitions: definitions, throughFailures: throughFailures)
    }

    @Test("each attempt checked before the next: no problem, whatever steps come between")
    func checked() {
        #expect(Self.problems(["try", "other", "check", "try", "check", "check"]).isEmpty)
        #expect(Self.problems(["other", "undefined step"]).isEmpty)
    }

    @Test("an attempt followed by another attempt, or by the end, is unchecked; a check before any attempt has none")
    func problems() {
        #expect(Self.problems(["try", "try", "check"]) == [0: "unchecked"])
        #expect(Self.problems(["try", "check", "try", "other"]) == [2: "unchecked"])
        #expect(Self.problems(["check", "try", "check"]) == [0: "no attempt"])
    }

    @Test("the reading stops where a run would fail first: an undefined step, or one with a problem of its own")
    func stopsAtFailure() {
        // The check is undefined (`emptyCartで拒否される`, without its quotes): the run fails
        // there, and the open attempt is not what it reports.
        #expect(Self.problems(["try", "undefined check"]).isEmpty)
        #expect(Self.problems(["try", "other"]) == [0: "unchecked"])
        let steps = ["try", "other"].enumerated().map { index, text in
            PlannedStep(
                text: text, keyword: "* ", location: SourceLine(uri: "t.feature", line: index + 1), argument: nil,
                match: .matched(definition: text == "try" ? 0 : 2, arguments: []))
        }
        #expect(OutcomeSequence.problems(in: steps, definitions: Self.definitions, failing: [1]).isEmpty)
    }

    @Test("an editor reads on past an undefined step, which may be the attempt or the check its author meant")
    func throughFailures() {
        #expect(Self.problems(["undefined try", "check"], throughFailures: true).isEmpty)
        #expect(Self.problems(["try", "undefined check"], throughFailures: true).isEmpty)
        // Past it, each outcome is read as before.
        #expect(Self.problems(["undefined", "try", "other"], throughFailures: true) == [1: "unchecked"])
        #expect(Self.problems(["check", "undefined", "check"], throughFailures: true) == [0: "no attempt"])
    }
}
