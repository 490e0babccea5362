// Part of the interface between the runner and step libraries (docs/architecture.md).

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

/// The attempts no check reads, and the checks with no attempt before them, in one
/// scenario's planned steps.
enum OutcomeSequence {
    /// Each such step's index, with what its definition says of it. The reading stops at
    /// the first step a run would fail at before that (undefined, ambiguous, or one of
    /// `failing`): the run skips the rest, and an outcome left open then is not reported.
    static func problems(
        in steps: [PlannedStep], definitions: [StepDefinition], failing: Set<Int> = []
    ) -> [Int: String] {
        var problems: [Int: String] = [:]
        var open: (index: Int, unchecked: String)?
        var attempted = false
        for (index, step) in steps.enumerated() {
            guard case .matched(let definition, _) = step.match, !failing.contains(index) else { return problems }
            guard let role = definitions[definition].outcomeRole else { continue }
            switch role {
            case .attempt(let unchecked):
                if let open { problems[open.index] = open.unchecked }
                open = (index, unchecked)
                attempted = true
            case .check(let noAttempt):
                if !attempted { problems[index] = noAttempt }
                open = nil
            }
        }
        if let open { problems[open.index] = open.unchecked }
        return problems
    }
}
