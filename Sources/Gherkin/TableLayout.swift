/// How a data table lines up in a monospaced terminal or editor: each column as wide as its
/// widest cell, counted in the columns the text takes on screen. The console's tables, the
/// scenarios `spec-run explore` and the recorder write, and the language server's table
/// formatting all pad their cells here, so a table lines up alike in all of them.
public enum TableLayout {
    /// Each row's cells with spaces after them up to their column's width. Rows may have
    /// different numbers of cells: a column is as wide as the widest of the cells it has.
    public static func padded(_ rows: [[String]]) -> [[String]] {
        let measured = rows.map { row in row.map { cell in (text: cell, width: width(of: cell)) } }
        var widths: [Int] = []
        for row in measured {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.width)
            }
        }
        return measured.map { row in
            row.enumerated().map { column, cell in
                cell.text + String(repeating: " ", count: widths[column] - cell.width)
            }
        }
    }

    /// How many columns `text` takes: East Asian wide and full-width characters (漢字, かな,
    /// ＡＢＣ, most emoji) take two, any other character one. A character is what a reader
    /// sees as one (a grapheme cluster): its first scalar decides, so a combining accent or
    /// an emoji's joiner adds nothing.
    public static func width(of text: String) -> Int {
        text.reduce(0) { columns, character in
            columns + (character.unicodeScalars.first.map { isWide($0.value) } == true ? 2 : 1)
        }
    }

    /// The wide and full-width ranges of Unicode's East Asian Width property (UAX #11),
    /// the blocks a feature file meets: Hangul, CJK, kana, full-width forms, emoji.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
