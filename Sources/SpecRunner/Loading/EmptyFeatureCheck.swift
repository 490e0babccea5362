import Gherkin

/// Finds a file that parses but has nothing to run: empty, only comments, or a Feature
/// with no scenario. Gherkin accepts all three, and the run stays green with nothing in
/// it; a file QA saved too early, or whose scenarios were cut, must not pass unseen.
enum EmptyFeatureCheck {
    /// The warning, as `path:line:column: …`, or nil when the file has a scenario.
    static func warning(in document: GherkinDocument?, path: String) -> String? {
        guard let feature = document?.feature else {
            return "\(path): the file has no Feature (it is empty or holds only comments): nothing in it runs"
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
        let keyword = feature.keyword.trimmingCharacters(in: " ")
        let place = "\(path):\(feature.location.line):\(feature.location.column ?? 1): "
        if feature.language == "ja" { return place + "「\(keyword):」にシナリオがありません。このファイルでは何も実行されません" }
        return place + "'\(keyword):' has no scenario: nothing in the file runs"
    }

    /// Warnings for scenarios without a step of their own, as `path:line:column: …`: one
    /// passes having checked nothing (a title saved ahead of its steps, or steps indented
    /// under the wrong line). `lostLines` are the lines of scenarios whose description holds
    /// a lost step (`KeywordTypoCheck`): those fail as undefined, and are not warned of.
    static func stepless(in document: GherkinDocument?, path: String, lostLines: Set<Int> = []) -> [String] {
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
            let keyword = scenario.keyword.trimmingCharacters(in: " ")
            let name = scenario.name.isEmpty ? "" : " \(scenario.name)"
            let place = "\(path):\(scenario.location.line):\(scenario.location.column ?? 1): "
            if feature.language == "ja" {
                return place + "「\(keyword):\(name)」にステップがありません。何も確かめずに成功します"
            }
            return place + "'\(keyword):\(name)' has no steps: it passes without checking anything"
        }
    }
}
