import Gherkin

/// Finds a `<placeholder>` in an outline's step that a column of its Examples table does not
/// fill: the step then runs with `<price>` as written, and its failure (an undefined step,
/// `"<price>" is not a {yen}`, `"<price>" is not in the catalog`) never says the column
/// is missing or misnamed (`| 価格 |` for `<price>`).
enum UnknownPlaceholderCheck {
    /// Warnings, one per step and Examples table, in file order.
    static func warnings(in document: GherkinDocument?) -> [Diagnostic] {
        guard let feature = document?.feature else { return [] }
        var warnings: [Diagnostic] = []
        for scenario in MissingExamplesCheck.scenarios(of: feature) where !scenario.examples.isEmpty {
            for step in scenario.steps where step.text.utf8.contains(UInt8(ascii: "<")) {
                let names = MissingExamplesCheck.placeholderNames(in: step.text)
                for examples in scenario.examples {
                    guard let header = examples.tableHeader else { continue }
                    let columns = header.cells.map(\.value)
                    let unknown = names.filter { !columns.contains(String($0)) }
                    guard let first = unknown.first else { continue }
                    let keyword = String(examples.keyword.trimmingCharacters(in: " "))
                    warnings.append(
                        Diagnostic(
                            line: step.location.line, column: step.location.column ?? 1,
                            message: .warning(
                                .unknownPlaceholder(
                                    name: String(first), examples: keyword, examplesLine: examples.location.line,
                                    columns: columns))))
                }
            }
        }
        return warnings
    }
}
