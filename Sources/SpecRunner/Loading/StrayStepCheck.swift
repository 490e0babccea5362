import Gherkin

/// Finds steps written where no step can stand: between the `Feature:` (or `Rule:`) line
/// and the first `Background:` or `Scenario:`. Gherkin reads them as description text, so
/// a step meant for every scenario silently never runs and the run stays green. A line is
/// such a step when it starts with a step keyword of the file's language and the rest is
/// a step the library defines (prose that merely starts with `When` or `But` is not).
enum StrayStepCheck {
    /// Warnings as `path:line:column: …`, in file order; `isStep` says whether a text
    /// matches a definition.
    static func warnings(
        in document: GherkinDocument?, source: () -> String?, path: String, isStep: (String) -> Bool
    ) -> [String] {
        guard let feature = document?.feature else { return [] }
        let dialect = GherkinDialect.named(feature.language) ?? .english
        let keywords = dialect.stepKeywords.filter { $0.trimmingCharacters(in: " ") != "*" }
            .sorted { $0.count > $1.count }
        var lines: [Substring]?
        var warnings: [String] = []
        let english = dialect.language == "en"
        let background = english ? "Background" : dialect.background.first ?? "Background"
        let scenario = english ? "Scenario" : dialect.scenario.first ?? "Scenario"
        func check(_ description: String, after line: Int, block: String) {
            guard !description.isEmpty else { return }
            if lines == nil { lines = (source() ?? "").split(separator: "\n", omittingEmptySubsequences: false) }
            for (number, text) in KeywordTypoCheck.descriptionLines(description, after: line, in: lines ?? []) {
                let trimmed = text.trimmingCharacters(in: " \t\r")
                guard let keyword = keywords.first(where: { trimmed.hasPrefix($0) }) else { continue }
                let step = String(trimmed.dropFirst(keyword.count).trimmingCharacters(in: " \t"))
                guard !step.isEmpty, isStep(step) else { continue }
                let column = text.prefix { $0 == " " || $0 == "\t" }.count + 1
                if dialect.language == "ja" {
                    let owner = block == "Rule" ? "ルール" : "機能"
                    warnings.append(
                        "\(path):\(number):\(column): 「\(trimmed)」はステップですが、\(owner)の最初のシナリオより前にあるため、"
                            + "説明文として読まれ、実行されません（すべてのシナリオに共通のステップは「\(background):」の下に書き、"
                            + "シナリオは「\(scenario):」で始めます）")
                    continue
                }
                warnings.append(
                    "\(path):\(number):\(column): '\(trimmed)' is a step, but it stands before the \(block)'s first"
                        + " scenario: it is read as description text and never runs (steps for every scenario go"
                        + " under '\(background):'; a scenario starts with '\(scenario):')")
            }
        }
        check(feature.description, after: feature.location.line, block: "Feature")
        for child in feature.children {
            if case .rule(let rule) = child { check(rule.description, after: rule.location.line, block: "Rule") }
        }
        return warnings
    }
}
