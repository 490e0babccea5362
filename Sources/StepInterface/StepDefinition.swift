// Part of the interface between the runner and step libraries (docs/architecture.md).
import CucumberExpressions
import Gherkin

/// The code behind a step.
public typealias StepBody = @Sendable (StepContext) async throws -> Void

/// A step definition: an expression, its body and where it was defined.
package struct StepDefinition: Sendable {
    package var expression: any StepExpression
    package var body: StepBody
    /// Where the definition is written in the step library (`StepLibrary/Cart.swift:42`).
    package var sourceLocation: String
    /// The group the catalogue lists it under (`register`, `display`, `calendar`…).
    package var group: String
    /// An example line for `spec-run steps`.
    package var example: String?
    /// What is wrong with a step's table or doc string for this definition (nil: nothing),
    /// known without running it: `--dry-run` reports it as the step's failure.
    package var checkArgument: (@Sendable (PickleStepArgument?) -> String?)?
    /// What is wrong with the values in a step's table (a cell the step cannot read),
    /// asked by `--dry-run` only: a run finds them when the step reads its table, with the
    /// same words, and is not slowed by reading every table twice.
    package var checkTableValues: (@Sendable (PickleStepArgument?) -> String?)?
    /// What is wrong with the step's own values, as its parameter types read them (a
    /// rejection code no register of the library gives), asked by `--dry-run` only.
    package var checkStepValues: (@Sendable ([any Sendable]) -> String?)?
    /// Whether the step attempts an action whose outcome a later step checks, or checks
    /// one (`--dry-run` finds an attempt nothing checks, and a check with nothing before it).
    package var outcomeRole: OutcomeRole?
}

/// A before/after scenario hook, optionally limited by a tag expression.
package struct Hook: Sendable {
    package enum Phase: Sendable { case beforeScenario, afterScenario }
    package var phase: Phase
    /// A tag expression source (`@cart and not @wip`), or nil for every scenario.
    package var tagExpression: String?
    package var sourceLocation: String
    /// The hook's name, when it was given one (reports show it).
    package var name: String?
    package var body: @Sendable (ScenarioContext) async throws -> Void
}

/// A step's part in a scenario's attempted actions, for `--dry-run`: an attempt records an
/// outcome that a later check must read before the next attempt (or the scenario fails at
/// its end); a check reads the outcome of the last attempt before it.
///
/// A run finds both mistakes when it gets there; a dry run finds them from the order of the
/// steps alone (`OutcomeSequence`). The messages are the library's, in the step's language.
public enum OutcomeRole: Sendable {
    /// What a dry run says of this attempt when no check follows it before the next
    /// attempt or the scenario's end.
    case attempt(unchecked: String)
    /// What a dry run says of this check when no attempt came before it.
    case check(noAttempt: String)
}
