/// A table's cells padded so that its bars line up: each cell filled with spaces to the
/// width of its column's widest cell. `width` counts the columns a cell takes; each
/// caller counts them as its reader shows them (a terminal, an editor, a written feature).
public enum AlignedTable {
    /// Each row as `prefix` and its cells, each as ` cell |` with the cell padded.
    public static func lines(_ rows: [[String]], prefix: String, width: (String) -> Int) -> [String] {
        padded(rows, width: width).map { row in prefix + row.map { " " + $0 + " |" }.joined() }
    }

    /// Each row's cells, each padded to its column's width.
    public static func padded(_ rows: [[String]], width: (String) -> Int) -> [[String]] {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], width(cell))
            }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in cell + String(repeating: " ", count: widths[column] - width(cell)) }
        }
    }
}
