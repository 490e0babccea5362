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
    static func advice(forRowAt line: Int, lines: [Substring], japanese: Bool = false) -> String? {
        if let after = textAfterLastBar(line: line, lines: lines) {
            return japanese
                ? "この行が「|」で終わっていません。最後の「|」の後の「\(after)」は列として読まれません"
                : "the row does not end with '|': '\(after)' after its last '|' is not read as a cell"
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
        if japanese {
            return "表の最初の行（\(first)行目）が「|」で終わっていません。最後の「|」の後の「\(after)」は列として読まれません"
        }
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
    /// `path:line:column: …`, in file order. `source` (the file's UTF-8) is asked for only
    /// when the file has a table; the rows are read as bytes, in one pass over the file
    /// (as lines of `String`, the check cost a run a sixth of its instructions).
    static func warnings(in document: GherkinDocument?, source: () -> [UInt8]?, path: String) -> [String] {
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
        guard !rows.isEmpty, let bytes = source() else { return [] }
        rows.sort { $0.line < $1.line }
        var warnings: [String] = []
        var next = 0
        var line = 1
        var start = 0
        func check(_ end: Int) {
            while next < rows.count, rows[next].line < line { next += 1 }
            guard next < rows.count, rows[next].line == line else { return }
            if let after = textAfterLastBar(bytes[start..<end]) {
                let location = rows[next]
                let place = "\(path):\(location.line):\(location.column ?? 1): "
                warnings.append(
                    feature.language == "ja"
                        ? place + "この行が「|」で終わっていません。最後の「|」の後の「\(after)」は列として読まれません"
                        : place + "the row does not end with '|': '\(after)' after its last '|' is not read as a cell")
            }
        }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            check(index)
            line += 1
            start = index + 1
            if next >= rows.count { break }
        }
        if next < rows.count { check(bytes.count) }
        return warnings
    }

    /// The text after the last unescaped `|` of a row's bytes, trimmed, or nil when there
    /// is none, or only a comment. The usual row, which ends with its bar, is told from its
    /// last bytes.
    static func textAfterLastBar(_ row: ArraySlice<UInt8>) -> String? {
        var end = row.endIndex
        while end > row.startIndex, [0x20, 0x09, 0x0D].contains(row[end - 1]) { end -= 1 }
        guard end > row.startIndex else { return nil }
        if row[end - 1] == UInt8(ascii: "|") {
            var backslashes = 0
            var index = end - 2
            while index >= row.startIndex, row[index] == UInt8(ascii: "\\") {
                backslashes += 1
                index -= 1
            }
            if backslashes % 2 == 0 { return nil }
        }
        return textAfterLastBar(Substring(String(decoding: row[row.startIndex..<end], as: UTF8.self)))
    }
}
