import Gherkin
import Wire

/// `textDocument/formatting`: each table's cells padded so that its bars line up, in the
/// columns a monospaced editor shows (`TableLayout`: a full-width character takes two),
/// the first row's indentation kept. Cells keep their text as written, escapes included.
enum TableFormat {
    static func edits(lines: [Substring]) -> [JSONValue] {
        var edits: [JSONValue] = []
        var number = 0
        while number < lines.count {
            guard isRow(lines[number]) else {
                number += 1
                continue
            }
            var end = number
            while end < lines.count, isRow(lines[end]) { end += 1 }
            let indent = String(lines[number].indentation)
            for (offset, row) in TableLayout.padded(lines[number..<end].map(cells)).enumerated() {
                let text = indent + "|" + row.map { " \($0) |" }.joined()
                let line = lines[number + offset]
                guard text != line else { continue }
                edits.append(ProblemRange.edit(line: number + offset, from: 0, to: line.utf16.count, newText: text))
            }
            number = end
        }
        return edits
    }

    static func isRow(_ line: Substring) -> Bool {
        line.unindented.first == "|"
    }

    /// The row's cells between its bars, trimmed; `\|` and other escapes stay as written.
    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        var started = false
        for character in line.unindented {
            if character == "|", !escaped {
                if started { cells.append(trimmed(current)) }
                started = true
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
