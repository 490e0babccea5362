import Wire

/// `textDocument/formatting`: each table's cells padded so that its bars line up, in the
/// columns a monospaced editor shows (a full-width character takes two), the first row's
/// indentation kept. Cells keep their text as written, escapes included.
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
            let rows = lines[number..<end].map(cells)
            let indent = String(lines[number].indentation)
            let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in
                rows.map { column < $0.count ? width($0[column]) : 0 }.max() ?? 0
            }
            for (offset, row) in rows.enumerated() {
                var text = indent + "|"
                for (column, cell) in row.enumerated() {
                    text += " " + cell + String(repeating: " ", count: widths[column] - width(cell)) + " |"
                }
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

    /// Columns a monospaced editor gives `text`: two for an East Asian wide character.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let value = scalar.value
            let wide =
                (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
            return total + (wide ? 2 : 1)
        }
    }
}
