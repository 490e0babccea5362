import Gherkin

/// Finds steps written where no step can stand: between the `Feature:` (or `Rule:`) line
/// and the first `Background:` or `Scenario:`. Gherkin reads them as description text, so
/// a step meant for every scenario silently never runs and the run stays green. A line is
/// such a step when it starts with a step keyword of the file's language and the rest is
/// a step the library defines (prose that merely starts with `When` or `But` is not).
enum StrayStepCheck {
    /// Warnings, in file order; `isStep` says whether a text matches a definition.
    static func warnings(in document: GherkinDocument?, source: SourceLines, isStep: (String) -> Bool) -> [Diagnostic] {
        guard let feature = document?.feature else { return [] }
        let dialect = GherkinDialect.named(feature.language) ?? .english
        let keywords = dialect.stepKeywords.filter { $0.trimmingCharacters(in: " ") != "*" }
            .sorted { $0.count > $1.count }
        var warnings: [Diagnostic] = []
        let english = dialect.language == "en"
        let background = english ? "Background" : dialect.background.first ?? "Background"
        let scenario = english ? "Scenario" : dialect.scenario.first ?? "Scenario"
        func check(_ description: String, after line: Int, inRule: Bool) {
            for (number, text) in source.descriptionLines(description, after: line) {
                let trimmed = text.trimmingCharacters(in: " \t\r")
                guard let keyword = keywords.first(where: { trimmed.hasPrefix($0) }) else { continue }
                let step = String(trimmed.dropFirst(keyword.count).trimmingCharacters(in: " \t"))
                guard !step.isEmpty, isStep(step) else { continue }
                let column = text.prefix { $0 == " " || $0 == "\t" }.count + 1
                let warning = Diagnostic.Warning.strayStep(
                    text: String(trimmed), inRule: inRule, background: background, scenario: scenario)
                warnings.append(Diagnostic(line: number, column: column, message: .warning(warning)))
            }
        }
        check(feature.description, after: feature.location.line, inRule: false)
        for child in feature.children {
            if case .rule(let rule) = child { check(rule.description, after: rule.location.line, inRule: true) }
        }
        return warnings
    }
}
