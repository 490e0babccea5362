/// The words shared by the console and the report for what went wrong in a scenario.
enum FailureText {
    /// `Then the total is ¥300` + `features/cart.feature:9` + message + details.
    static func body(step: PlannedStep, failure: StepFailure) -> String {
        body(step.sentence, at: step.location, failure)
    }

    static func body(hook: HookFailure, scenario: PlannedScenario) -> String {
        body(hook.heading(language: scenario.pickle.language), at: scenario.location, hook.failure)
    }

    private static func body(_ heading: String, at location: SourceLine, _ failure: StepFailure) -> String {
        var lines = [heading, location.description, failure.message]
        if let details = failure.details, !details.isEmpty { lines.append(details) }
        return lines.joined(separator: "\n")
    }

    /// `Then the total is ¥300 (features/cart.feature:9)`.
    static func written(_ step: PlannedStep) -> String { "\(step.sentence) (\(step.location))" }

    /// The first line of `text`, at most `limit` characters: for `message` attributes
    /// and one-line summaries (the full text goes in the body).
    static func headline(_ text: String, limit: Int = 500) -> String {
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return firstLine.count > limit ? String(firstLine.prefix(limit)) + "…" : String(firstLine)
    }

    /// The "did you mean" block (with why the closest step did not match) for an undefined
    /// step, and its snippet when the run asked for them (`--snippets`): headings and notes
    /// `indent` spaces in, suggestions two more, the snippet twice `indent`, and the rest
    /// through `shown` (the console makes control characters visible).
    static func undefinedHelp(
        _ undefined: UndefinedStep?, snippets: Bool, indent: Int = 0, shown: (String) -> String = { $0 }
    ) -> [String] {
        guard let undefined else { return [] }
        let pad = String(repeating: " ", count: indent)
        let wording = RunnerWording.of(language: undefined.language)
        var lines: [String] = []
        if !undefined.suggestions.isEmpty {
            lines.append(pad + wording.didYouMean)
            lines += undefined.suggestions.map { "\(pad)  \(shown($0))" }
        }
        lines += undefined.valueNotes.map { pad + shown($0) }
        if snippets, !undefined.snippet.isEmpty {
            lines.append(pad + wording.snippetHeading)
            let snippetLines = undefined.snippet.split(separator: "\n", omittingEmptySubsequences: false)
            lines += snippetLines.map { pad + pad + shown(String($0)) }
        }
        return lines
    }
}
