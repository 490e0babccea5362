import Gherkin
import Wire

/// `textDocument/formatting`: each table's cells padded so that its bars line up, in the
/// columns a monospaced editor shows (`TableLayout`: a full-width character takes two),
/// the first row's indentation kept. Cells keep their text as written, escapes included.
/// A doc string's lines are its text, never a table: they stay as they are.
enum TableFormat {
    static func edits(lines: [Substring]) -> [JSONValue] {
        var edits: [JSONValue] = []
        let text = textLines(lines)
        let isRow = { (index: Int) in !text.contains(index) && Self.isRow(lines[index]) }
        var end = 0
        while let start = lines.indices[end...].first(where: isRow) {
            end = lines.indices[start...].first { !isRow($0) } ?? lines.count
            let indent = String(lines[start].indentation)
            for (offset, row) in TableLayout.padded(lines[start..<end].map(cells)).enumerated() {
                let text = indent + "|" + row.map { " \($0) |" }.joined()
                let line = lines[start + offset]
                guard text != line else { continue }
                edits.append(ProblemRange.edit(line: start + offset, from: 0, to: line.utf16.count, newText: text))
            }
        }
        return edits
    }

    static func isRow(_ line: Substring) -> Bool {
        line.unindented.first == "|"
    }

    /// The lines inside doc strings (between a `"""` or ```` ``` ```` line and the next of
    /// the same; an unclosed one runs to the end).
    private static func textLines(_ lines: [Substring]) -> Set<Int> {
        var inside: Set<Int> = []
        var opened: Substring?
        for (index, line) in lines.enumerated() {
            let text = line.unindented
            if let fence = opened {
                if text.hasPrefix(fence) { opened = nil } else { inside.insert(index) }
            } else if text.hasPrefix("\"\"\"") || text.hasPrefix("```") {
                opened = text.prefix(3)
            }
        }
        return inside
    }

    /// The cells between the bars of a row (a line `isRow` takes), trimmed; `\|` and other
    /// escapes stay as written.
    static func cells(_ row: Substring) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in row.unindented.dropFirst() {
            if character == "|", !escaped {
                cells.append(trimmed(current))
                current = ""
            } else {
                current.append(character)
                escaped = !escaped && character == "\\"
            }
        }
        // Text after the last bar (a row without its closing `|`) is a cell too.
        if !trimmed(current).isEmpty { cells.append(trimmed(current)) }
        return cells
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
