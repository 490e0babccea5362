/// The words shared by the console and the report for what went wrong in a scenario.
enum FailureText {
    /// `Then the total is ¥300` + `features/cart.feature:9` + message + details.
    static func body(step: PlannedStep, failure: StepFailure) -> String {
        var lines = [step.sentence, step.location.description, failure.message]
        if let details = failure.details, !details.isEmpty { lines.append(details) }
        return lines.joined(separator: "\n")
    }

    static func body(hook: HookFailure, scenario: PlannedScenario) -> String {
        var lines = [
            hook.heading(language: scenario.pickle.language), scenario.location.description,
            hook.failure.message,
        ]
        if let details = hook.failure.details, !details.isEmpty { lines.append(details) }
        return lines.joined(separator: "\n")
    }

    /// The first line of `text`, at most `limit` characters: for `message` attributes
    /// and one-line summaries (the full text goes in the body).
    static func headline(_ text: String, limit: Int = 500) -> String {
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return firstLine.count > limit ? String(firstLine.prefix(limit)) + "…" : String(firstLine)
    }

    /// The "did you mean" block (with why the closest step did not match) for an undefined
    /// step, and its snippet when the run asked for them (`--snippets`).
    static func undefinedHelp(_ undefined: UndefinedStep?, snippets: Bool) -> String {
        guard let undefined else { return "" }
        var lines: [String] = []
        let wording = RunnerWording.of(language: undefined.language)
        if !undefined.suggestions.isEmpty {
            lines.append(wording.didYouMean)
            lines += undefined.suggestions.map { "  \($0)" }
        }
        lines += undefined.valueNotes
        if snippets, !undefined.snippet.isEmpty { lines += [wording.snippetHeading, undefined.snippet] }
        return lines.joined(separator: "\n")
    }
}
