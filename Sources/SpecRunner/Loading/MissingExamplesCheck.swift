import Gherkin

/// Finds a Scenario Outline with `<placeholders>` in its steps but no Examples table.
/// Gherkin runs it once, as a plain scenario, with `<product>` as written: its failure
/// (`"<product>" is not in the catalog`) never says the table is missing. Only what is
/// written as an outline (`Scenario Outline`, `シナリオテンプレート`) is asked: a plain
/// scenario may well mean `<b>` (a product name with markup, to see it escaped).
enum MissingExamplesCheck {
    /// Warnings as `path:line:column: …`, in file order.
    static func warnings(in document: GherkinDocument?, path: String) -> [String] {
        guard let feature = document?.feature else { return [] }
        let dialect = GherkinDialect.named(feature.language) ?? .english
        let examplesWord = (dialect.examples.first ?? "Examples").trimmingCharacters(in: " ")
        var scenarios: [Scenario] = []
        for child in feature.children {
            switch child {
            case .scenario(let scenario): scenarios.append(scenario)
            case .rule(let rule):
                for case .scenario(let scenario) in rule.children { scenarios.append(scenario) }
            case .background: continue
            }
        }
        let outlineKeywords = Set(dialect.scenarioOutline)
        return scenarios.compactMap { scenario in
            guard scenario.examples.isEmpty, outlineKeywords.contains(scenario.keyword),
                let placeholder = scenario.steps.lazy.compactMap({ placeholderName(in: $0.text) }).first
            else { return nil }
            return "\(path):\(scenario.location.line):\(scenario.location.column ?? 1): '\(scenario.keyword)' has"
                + " <\(placeholder)> in its steps but no '\(examplesWord):' table: it runs once, with"
                + " '<\(placeholder)>' as written"
        }
    }

    /// The name in the first `<name>` of `text`, or nil. Looks at bytes first: every
    /// scenario without Examples is asked, and most steps have no `<`.
    private static func placeholderName(in text: String) -> Substring? {
        guard text.utf8.contains(UInt8(ascii: "<")) else { return nil }
        guard let open = text.firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">") else { return nil }
        let name = text[text.index(after: open)..<close]
        return name.isEmpty || name.contains(" ") ? nil : name
    }
}
