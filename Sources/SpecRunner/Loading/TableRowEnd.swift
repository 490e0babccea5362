import Gherkin

/// A table row whose last `|` is missing: Gherkin reads cells between bars only, so the
/// text after the last bar (`| Coffee | 450`) is dropped without a word. When the rows
/// then differ in cells, the parse error says why; when every row of a table lacks its
/// last bar, the file parses with a column short, and a warning says so (`FeatureLint`).
enum TableRowEnd {
    /// For a row with a cell count other than its table's first row's: the row, or else
    /// the first row, that does not end with `|`; nil when both do.
    static func hint(forRowAt line: Int, source: SourceLines) -> Diagnostic.Hint? {
        if let after = source.line(line).flatMap(textAfterLastBar) { return .rowUnended(after: after) }
        // The table's first row: the top of the run of `|` lines (comments and blank lines
        // may stand between rows).
        var first = line
        while let above = source.lineAbove(first), above.text.hasPrefix("|") { first = above.number }
        guard first != line, let after = source.line(first).flatMap(textAfterLastBar) else { return nil }
        return .firstRowUnended(line: first, after: after)
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
        let after = row[row.index(after: lastBar)...].trimming(" \t\r")
        guard !after.isEmpty, !after.hasPrefix("#") else { return nil }
        return String(after)
    }

    /// The rows at `rows` (in line order) with text after their last bar, read from the
    /// file's UTF-8 in one pass over it (read as lines of `String`, the check would cost a
    /// run a sixth of its instructions).
    static func unended(_ rows: [Location], in bytes: [UInt8]) -> [(location: Location, after: String)] {
        var found: [(location: Location, after: String)] = []
        var next = 0
        var line = 1
        var start = 0
        func check(_ end: Int) {
            while next < rows.count, rows[next].line < line { next += 1 }
            guard next < rows.count, rows[next].line == line else { return }
            if let after = textAfterLastBar(bytes[start..<end]) { found.append((rows[next], after)) }
        }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            check(index)
            line += 1
            start = index + 1
            if next >= rows.count { break }
        }
        if next < rows.count { check(bytes.count) }
        return found
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
