import Gherkin

/// Finds a `<placeholder>` in an outline's step that a column of its Examples table does not
/// fill: the step then runs with `<price>` as written, and its failure (an undefined step,
/// `"<price>" is not a {yen}`, `"<price>" is not in the catalog`) never says the column
/// is missing or misnamed (`| 価格 |` for `<price>`).
enum UnknownPlaceholderCheck {
    /// Warnings as `path:line:column: …`, one per step and Examples table, in file order.
    static func warnings(in document: GherkinDocument?, path: String) -> [String] {
        guard let feature = document?.feature else { return [] }
        var warnings: [String] = []
        for scenario in MissingExamplesCheck.scenarios(of: feature) where !scenario.examples.isEmpty {
            for step in scenario.steps where step.text.utf8.contains(UInt8(ascii: "<")) {
                let names = MissingExamplesCheck.placeholderNames(in: step.text)
                for examples in scenario.examples {
                    guard let header = examples.tableHeader else { continue }
                    let columns = header.cells.map(\.value)
                    let unknown = names.filter { !columns.contains(String($0)) }
                    guard let first = unknown.first else { continue }
                    let listed = columns.joined(separator: ", ")
                    let place = "\(path):\(step.location.line):\(step.location.column ?? 1): "
                    let keyword = examples.keyword.trimmingCharacters(in: " ")
                    guard feature.language != "ja" else {
                        warnings.append(
                            place + "<\(first)>は\(examples.location.line)行目の「\(keyword)」の表の列ではありません（列は\(listed)）。"
                                + "表の行はこのステップを「<\(first)>」のまま実行します")
                        continue
                    }
                    warnings.append(
                        place + "<\(first)> is not a column of the '\(keyword)' table at line \(examples.location.line)"
                            + " (its columns: \(listed)): its rows run this step with '<\(first)>' as written")
                }
            }
        }
        return warnings
    }
}
