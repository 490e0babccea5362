import Gherkin

/// Finds a file that parses but has nothing to run: empty, only comments, or a Feature
/// with no scenario. Gherkin accepts all three, and the run stays green with nothing in
/// it; a file QA saved too early, or whose scenarios were cut, must not pass unseen.
enum EmptyFeatureCheck {
    /// The warning, or nil when the file has a scenario.
    static func warning(in document: GherkinDocument?) -> Diagnostic? {
        guard let feature = document?.feature else {
            return Diagnostic(line: nil, column: 1, message: .warning(.noFeature))
        }
        let hasScenario = feature.children.contains { child in
            switch child {
            case .background: false
            case .scenario: true
            case .rule(let rule):
                rule.children.contains { if case .scenario = $0 { true } else { false } }
            }
        }
        guard !hasScenario else { return nil }
        let keyword = String(feature.keyword.trimmingCharacters(in: " "))
        return Diagnostic(
            line: feature.location.line, column: feature.location.column ?? 1,
            message: .warning(.noScenario(keyword: keyword)))
    }

    /// Warnings for scenarios without a step of their own: one
    /// passes having checked nothing (a title saved ahead of its steps, or steps indented
    /// under the wrong line). `lostLines` are the lines of scenarios whose description holds
    /// a lost step (`KeywordTypoCheck`): those fail as undefined, and are not warned of.
    static func stepless(in document: GherkinDocument?, lostLines: Set<Int> = []) -> [Diagnostic] {
        guard let feature = document?.feature else { return [] }
        var scenarios: [Scenario] = []
        for child in feature.children {
            switch child {
            case .background: break
            case .scenario(let scenario): scenarios.append(scenario)
            case .rule(let rule):
                for case .scenario(let scenario) in rule.children { scenarios.append(scenario) }
            }
        }
        return scenarios.filter { $0.steps.isEmpty && !lostLines.contains($0.location.line) }.map { scenario in
            let keyword = String(scenario.keyword.trimmingCharacters(in: " "))
            let name = scenario.name.isEmpty ? "" : " \(scenario.name)"
            return Diagnostic(
                line: scenario.location.line, column: scenario.location.column ?? 1,
                message: .warning(.stepless(keyword: keyword, name: name)))
        }
    }
}
