import Gherkin

/// A table row whose last `|` is missing: Gherkin reads cells between bars only, so the
/// text after the last bar (`| Coffee | 450`) is dropped without a word. When the rows
/// then differ in cells, the parse error says why; when every row of a table lacks its
/// last bar, the file parses with a column short, and a warning says so (`FeatureLint`).
enum TableRowEnd {
    /// For a row with a cell count other than its table's first row's: the row, or else
    /// the first row, that does not end with `|`; nil when both do.
    static func hint(forRowAt line: Int, source: SourceLines) -> Diagnostic.Hint? {
        let after = { (number: Int) in source.line(number).flatMap { textAfterLastBar(ArraySlice($0.utf8)) } }
        if let after = after(line) { return .rowUnended(after: after) }
        // The table's first row: the top of the run of `|` lines (comments and blank lines
        // may stand between rows).
        var first = line
        while let above = source.lineAbove(first), above.text.hasPrefix("|") { first = above.number }
        return first == line ? nil : after(first).map { .firstRowUnended(line: first, after: $0) }
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
        let backslashes = row[..<(end - 1)].reversed().prefix { $0 == UInt8(ascii: "\\") }.count
        if row[end - 1] == UInt8(ascii: "|"), backslashes % 2 == 0 { return nil }
        // A byte of `|` or `\` is never part of another character's UTF-8.
        var lastBar: Int?
        var escaped = false
        for index in row.startIndex..<end {
            if !escaped, row[index] == UInt8(ascii: "|") { lastBar = index }
            escaped = !escaped && row[index] == UInt8(ascii: "\\")
        }
        guard let lastBar, lastBar + 1 < end else { return nil }
        let after = String(decoding: row[(lastBar + 1)..<end], as: UTF8.self).trimming(" \t\r")
        guard !after.isEmpty, !after.hasPrefix("#") else { return nil }
        return String(after)
    }
}
