/// A rule the register under test broke, found at one action of an episode.
public struct Discrepancy: Sendable, Equatable, CustomStringConvertible {
    /// The rule, in QA's words (also what shrinking keeps: a shorter sequence counts
    /// only when it breaks the same rule).
    public var rule: Rule
    /// What was expected and what came, naming the field and the values.
    public var detail: String
    /// The 0-based index of the action in its episode.
    public var actionIndex: Int

    public var description: String { "\(rule.sentence): \(detail)" }

    /// The rules the explorer checks (docs/explore.md explains each), each as QA says it.
    public enum Rule: String, Sendable, CaseIterable {
        case answersInOrder = "each answer comes in request order and repeats its request's id"
        case acceptedOrRefused = "an action is accepted or refused as the rules say"
        case refusalCode = "a refused action names the rule's error code"
        case refusalChangesNothing = "a refused action changes nothing (state and display)"
        case amountsAddUp = "amounts add up (subtotal = lines, total = subtotal - discount - points, remaining, change)"
        case stateFollowsRules = "the register and calendar state follow the rules"
        case screenOfPhase = "the display shows the screen of the current phase"
        case pointsShownWhereRulesShow = "points are shown only on the payment screen, when points are applied"
        case fieldsShownWhereRulesShow = "each screen shows exactly the fields the rules list for it"
        case displayIsRenderOfState = "the display shows the current state's values, text shown literally"
        case noDuplicateSnapshot = "a snapshot equal to the last one is not sent"
        case displayUpdates = "the display updates when, and only when, the screen changes"
        case calendarViewState = "the calendar's view state follows the loading rules"
        case calendarLayout = "the calendar's layout follows the drawing rules"

        /// The rule as QA says it.
        public var sentence: String { rawValue }
    }
}
