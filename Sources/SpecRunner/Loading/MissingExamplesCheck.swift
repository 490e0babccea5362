import Gherkin

/// Finds a Scenario Outline with `<placeholders>` in its steps but no Examples table.
/// Gherkin runs it once, as a plain scenario, with `<product>` as written: its failure
/// (`"<product>" is not in the catalog`) never says the table is missing. Only what is
/// written as an outline (`Scenario Outline`, `シナリオテンプレート`) is asked: a plain
/// scenario may well mean `<b>` (a product name with markup, to see it escaped).
///
/// Also finds an `Examples:` with no rows (no table, or a header alone): it adds nothing to
/// run, and when no Examples of the scenario has a row, the scenario silently runs never.
enum MissingExamplesCheck {
    /// Warnings, in file order.
    static func warnings(in document: GherkinDocument?) -> [Diagnostic] {
        guard let feature = document?.feature else { return [] }
        let dialect = GherkinDialect.named(feature.language) ?? .english
        let examplesWord = String((dialect.examples.first ?? "Examples").trimmingCharacters(in: " "))
        let outlineKeywords = Set(dialect.scenarioOutline)
        var found: [Diagnostic] = []
        for scenario in scenarios(of: feature) {
            let runsNever = !scenario.examples.isEmpty && scenario.examples.allSatisfy(\.tableBody.isEmpty)
            for examples in scenario.examples where examples.tableBody.isEmpty {
                found.append(
                    Diagnostic(
                        line: examples.location.line, column: examples.location.column ?? 1,
                        message: .warning(
                            .emptyExamples(
                                keyword: examples.keyword, hasHeader: examples.tableHeader != nil,
                                neverRuns: runsNever ? scenario.location.line : nil))))
            }
            guard scenario.examples.isEmpty, outlineKeywords.contains(scenario.keyword),
                let placeholder = scenario.steps.lazy.compactMap({ placeholderNames(in: $0.text).first }).first
            else { continue }
            found.append(
                Diagnostic(
                    line: scenario.location.line, column: scenario.location.column ?? 1,
                    message: .warning(
                        .outlineWithoutExamples(
                            keyword: scenario.keyword, placeholder: String(placeholder), examples: examplesWord))))
        }
        return found.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    /// The scenarios of a feature, those inside its Rules included, in file order.
    static func scenarios(of feature: Feature) -> [Scenario] {
        var scenarios: [Scenario] = []
        for child in feature.children {
            switch child {
            case .scenario(let scenario): scenarios.append(scenario)
            case .rule(let rule):
                for case .scenario(let scenario) in rule.children { scenarios.append(scenario) }
            case .background: continue
            }
        }
        return scenarios
    }

    /// The names of the `<name>`s in `text` (no spaces inside), in order. Looks at bytes
    /// first: most steps have no `<`.
    ///
    /// A name holds no `<`, so it follows the last `<` before its `>`: one pass over the
    /// text, keeping the last `<` and whether a space came after it, finds them all (a
    /// `<<<…>>>` of any length included).
    static func placeholderNames(in text: String) -> [Substring] {
        guard text.utf8.contains(UInt8(ascii: "<")) else { return [] }
        var names: [Substring] = []
        var open: String.Index?
        var hasSpace = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "<" {
                open = next
                hasSpace = false
            } else if character == ">", let start = open {
                if start < index, !hasSpace { names.append(text[start..<index]) }
                open = nil
            } else if character == " " {
                hasSpace = true
            }
            index = next
        }
        return names
    }
}
