import Gherkin

/// The words of every piece of advice given while feature files are loaded, in one
/// language. Each language's words are one file of this folder (`English.swift`,
/// `Japanese.swift`): its advice (`EnglishAdvice`, `JapaneseAdvice`) and the runner's
/// words (`RunnerWording.english`, `.japanese`). A file is told in its own language, as
/// its author reads it; the run's headings stay English.
protocol AdviceWording: Sendable {
    func problem(_ problem: Diagnostic.ParseProblem) -> String
    func hint(_ hint: Diagnostic.Hint) -> String
    /// The hints after a parse error's message, and what else it says.
    func parseError(_ problem: String, hints: [String], unclosedDocString: Int?, sameCause: Int) -> String
    func reading(_ reading: Diagnostic.Reading) -> String
    func description(_ hint: String, _ reading: String) -> String
    func lostScenario(_ hint: String, losesRule: Bool, losesBackground: Bool) -> String
    func warning(_ warning: Diagnostic.Warning) -> String
    /// What the undefined-step block says of a description line planned as a step.
    func lostLineNote(_ finding: KeywordTypoCheck.Finding) -> String
}

extension [String] {
    /// The words joined, the last after `last` (`a, b or c`).
    func listed(separator: String, last: String) -> String {
        dropLast().isEmpty ? joined() : dropLast().joined(separator: separator) + last + (self.last ?? "")
    }
}

extension AdviceWording {
    func text(of message: Diagnostic.Message) -> String {
        switch message {
        case .parseError(let problem, let hints, let unclosed, let sameCause):
            parseError(self.problem(problem), hints: hints.map(hint), unclosedDocString: unclosed, sameCause: sameCause)
        case .description(let hint, let reading): description(self.hint(hint), self.reading(reading))
        case .lostScenario(let hint, let losesRule, let losesBackground):
            lostScenario(self.hint(hint), losesRule: losesRule, losesBackground: losesBackground)
        case .warning(let warning): self.warning(warning)
        }
    }
}
