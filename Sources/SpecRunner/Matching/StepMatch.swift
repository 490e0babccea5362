import CucumberExpressions

/// How a step's text matched the registry's definitions.
enum StepMatch: Sendable {
    /// Exactly one definition (its index in `StepRegistry.definitions`) with its arguments.
    case matched(definition: Int, arguments: [ExpressionArgument])
    case undefined
    /// Several definitions (their indices), all named in the report.
    case ambiguous(definitions: [Int])
}

/// A step text no definition matches, with what to paste and what was perhaps meant.
struct UndefinedStep: Sendable {
    var text: String
    /// Every place the text is written in the selected scenarios.
    var locations: [SourceLine]
    /// Swift for the step library: `registry.step("…") { context in … }`.
    var snippet: String
    /// Up to three existing expressions closest to the text, closest first.
    var suggestions: [String]
    /// Why the text missed the first suggestion by its values alone (`"basket" is not a
    /// {screen}`), or why a text near no step may be prose (`かつての…` starts with `かつ`);
    /// empty when the first suggestion is merely close.
    var valueNotes: [String] = []
    /// The Gherkin language code of the first file it is written in: the runner's words
    /// around it are in that language where it has them (`RunnerWording`).
    var language = "en"
    /// A description line meant as a step or keyword line (`Givn the catalog:`), planned
    /// as undefined so that its scenario cannot pass without it (`RunPlanner.lostSteps`).
    var isLostLine = false
    /// The scenarios (an outline's rows, a Background's scenarios) it keeps from passing,
    /// in run order: told once with the step, not once per scenario.
    var scenarios: [SourceLine] = []
    /// The outline's step as written (`the receipt is printed in <colour>`), when the
    /// text is one of the texts its rows give it.
    var written: String?
}

/// A step text that several definitions match.
struct AmbiguousStep: Sendable {
    var text: String
    var locations: [SourceLine]
    /// `expression (defined at File.swift:12)` for each matching definition.
    var candidates: [String]
}
