import Gherkin
import StepInterface
import Wire

/// A step's data table read by its header row: the English column names of steps.md.
/// A cell that cannot be read fails the step naming the row, its line, the column and the
/// value, in the language of the step's definition.
struct StepTable {
    /// One data row: its cells, read by column name.
    struct Row {
        /// The header's column names, shared by every row.
        let columns: [String]
        let cells: [String]
        /// 1-based, counting data rows only (the header is not a row of data).
        let number: Int
        /// Its line in the feature file, when the table came from one.
        let line: Int?
        /// The Examples row's line its values come from, in an outline.
        let valuesLine: Int?
        let language: StepLanguage

        /// The cell under `column` (the last, should the header repeat it); nil when the
        /// table has no such column or the row is short.
        subscript(column: String) -> String? {
            columns.prefix(cells.count).lastIndex(of: column).map { cells[$0] }
        }

        /// `table row 2 (line 14)` / `表の2行目（14行目）`, with `extra` inside the brackets
        /// (and, in an outline, `values from line 21` / `値は21行目の例から`).
        func label(_ extra: String? = nil) -> String {
            let inside = [
                line.map { language.pick("line \($0)", "\($0)行目") },
                valuesLine.map { language.pick("values from line \($0)", "値は\($0)行目の例から") }, extra,
            ].compactMap { $0 }
            return language.pick(
                "table row \(number)" + (inside.isEmpty ? "" : " (\(inside.joined(separator: ", ")))"),
                "表の\(number)行目" + (inside.isEmpty ? "" : "（\(inside.joined(separator: "、"))）"))
        }

        /// The cell `column` as yen (`520`, `¥520`, `520円`).
        func yen(_ column: String) throws -> Int {
            let text = self[column] ?? ""
            do { return try YenAmount.parse(text, allowBare: true) } catch {
                throw failure(column, language.pick("\(error)", error.japanese))
            }
        }

        /// The cell `column` as a whole number.
        func int(_ column: String) throws -> Int {
            let text = self[column] ?? ""
            guard let value = Int(FullWidthText.narrowed(text)) else {
                throw failure(
                    column, language.pick("\"\(text)\" is not a whole number", "「\(text)」は整数ではありません"))
            }
            return value
        }

        /// The cell `column` as a time shaped `H:MM` (`9:05`), narrowed to ASCII; its range
        /// is the simulator's to judge (`invalidTime`), as for a booking step.
        func time(_ column: String) throws -> String {
            let text = self[column] ?? ""
            do { return try ClockTime.read(text).text } catch {
                throw failure(column, language.pick("\(error)", error.japanese))
            }
        }

        private func failure(_ column: String, _ detail: String) -> StepFailure {
            language.failure("\(label()), column \(column): \(detail)", "\(label())の\(column)列: \(detail)", .error)
        }
    }

    var rows: [Row]

    /// Reads the step's table, which must have `shape` (see `TableShape.problem`).
    init(_ context: StepContext, _ shape: TableShape, language: StepLanguage) throws {
        let table = context.dataTable
        if let problem = shape.problem(in: table.map { .dataTable($0) }, language: language) {
            throw StepFailure(.error, problem)
        }
        self.init(table, language: language)
    }

    /// The data rows of `table`, unchecked.
    init(_ table: PickleTable?, language: StepLanguage) {
        let names = table?.rows.first?.cells.map { $0.value.trimmingWhitespace } ?? []
        // A table is small and a step reads each cell once: a list of names searched per
        // cell is cheaper than a dictionary built for every row.
        rows = (table?.rows ?? []).dropFirst().enumerated().map { index, row in
            Row(
                columns: names, cells: row.cells.prefix(names.count).map { $0.value.trimmingWhitespace },
                number: index + 1, line: row.line, valuesLine: row.valuesLine, language: language)
        }
    }
}
