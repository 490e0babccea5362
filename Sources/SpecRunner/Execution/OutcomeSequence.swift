import StepInterface

/// The attempts no check reads, and the checks with no attempt before them, in one
/// scenario's planned steps.
enum OutcomeSequence {
    /// Each such step's index, with what its definition says of it. The reading stops at
    /// the first step a run would fail at before that (undefined, ambiguous, or one of
    /// `failing`): the run skips the rest, and an outcome left open then is not reported.
    /// An editor reads on (`throughFailures`), to show every problem of the file as it
    /// stands: a step no definition matches may be the attempt or the check its author
    /// meant (`I try to ad …`), so it closes the outcome left open and counts as an attempt.
    static func problems(
        in steps: [PlannedStep], definitions: [StepDefinition], failing: Set<Int> = [], throughFailures: Bool = false
    ) -> [Int: String] {
        var problems: [Int: String] = [:]
        var open: (index: Int, unchecked: String)?
        var attempted = false
        for (index, step) in steps.enumerated() {
            let reached = throughFailures || !failing.contains(index)
            guard case .matched(let definition, _) = step.match, reached else {
                guard throughFailures else { return problems }
                (open, attempted) = (nil, true)
                continue
            }
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
