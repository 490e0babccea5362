import Gherkin

/// A table row whose last `|` is missing: Gherkin reads cells between bars only, so the
/// text after the last bar (`| Coffee | 450`) is dropped without a word. When the rows
/// then differ in cells, the parse error says why; when every row of a table lacks its
/// last bar, the file parses with a column short, and a warning says so.
enum TableRowEnd {
    /// The text after the last `|` of line `line` (1-based), or nil when there is none
    /// (or a comment is all there is).
    static func textAfterLastBar(line: Int, lines: [Substring]) -> String? {
        guard line >= 1, line <= lines.count else { return nil }
        return textAfterLastBar(lines[line - 1])
    }

    /// For a row with a cell count other than its table's first row's: the row, or else
    /// the first row, that does not end with `|`; nil when both do.
    static func advice(forRowAt line: Int, lines: [Substring]) -> String? {
        if let after = textAfterLastBar(line: line, lines: lines) {
            return "the row does not end with '|': '\(after)' after its last '|' is not read as a cell"
        }
        // The table's first row: the top of the run of `|` lines (comments and blank lines
        // may stand between rows).
        var first = line
        var index = line - 2
        while index >= 0, index < lines.count {
            let text = lines[index].trimmingCharacters(in: " \t\r")
            if text.hasPrefix("|") {
                first = index + 1
            } else if !text.isEmpty, !text.hasPrefix("#") {
                break
            }
            index -= 1
        }
        guard first != line, let after = textAfterLastBar(line: first, lines: lines) else { return nil }
        return "the table's first row (line \(first)) does not end with '|': '\(after)' after its last '|' is not"
            + " read as a cell"
    }

    /// The text after the last unescaped `|` of `row`, or nil.
    static func textAfterLastBar(_ row: Substring) -> String? {
        var lastBar: Substring.Index?
        var escaped = false
        for index in row.indices {
            let character = row[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                lastBar = index
            }
        }
        guard let lastBar else { return nil }
        let after = row[row.index(after: lastBar)...].trimmingCharacters(in: " \t\r")
        guard !after.isEmpty, !after.hasPrefix("#") else { return nil }
        return String(after)
    }

    /// Warnings for the table rows of `document` with text after their last bar, as
    /// `path:line:column: …`, in file order. `source` is asked for only when the file has
    /// a table.
    static func warnings(in document: GherkinDocument?, source: () -> String?, path: String) -> [String] {
        guard let feature = document?.feature else { return [] }
        var rows: [Location] = []
        func collect(_ steps: [Step]) {
            for step in steps {
                if let table = step.dataTable { rows += table.rows.map(\.location) }
            }
        }
        func collect(_ scenario: Scenario) {
            collect(scenario.steps)
            for examples in scenario.examples {
                if let header = examples.tableHeader { rows.append(header.location) }
                rows += examples.tableBody.map(\.location)
            }
        }
        for child in feature.children {
            switch child {
            case .background(let background): collect(background.steps)
            case .scenario(let scenario): collect(scenario)
            case .rule(let rule):
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background): collect(background.steps)
                    case .scenario(let scenario): collect(scenario)
                    }
                }
            }
        }
        guard !rows.isEmpty else { return [] }
        let lines = (source() ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        return rows.compactMap { location in
            guard let after = textAfterLastBar(line: location.line, lines: lines) else { return nil }
            return "\(path):\(location.line):\(location.column ?? 1): the row does not end with '|': '\(after)'"
                + " after its last '|' is not read as a cell"
        }
    }
}
