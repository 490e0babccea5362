import SpecRunner

/// A step's data table read by its header row: the English column names of steps.md.
struct StepTable {
    /// One data row: its cells, read by column name.
    struct Row {
        /// The header's column names, shared by every row.
        let columns: [String]
        let cells: [String]

        /// The cell under `column` (the last, should the header repeat it); nil when the
        /// table has no such column or the row is short.
        subscript(column: String) -> String? {
            var index = min(columns.count, cells.count)
            while index > 0 {
                index -= 1
                if columns[index] == column { return cells[index] }
            }
            return nil
        }
    }

    /// The data rows, in order.
    var rows: [Row]

    /// Reads the step's table, which must have `shape` (see `TableShape.problem`).
    init(_ context: StepContext, _ shape: TableShape) throws {
        let table = context.dataTable
        guard let header = table?.rows.first, shape.problem(inTable: table) == nil else {
            throw StepFailure(.error, shape.problem(inTable: table) ?? "this step needs \(shape.usage)")
        }
        let names = header.cells.map { $0.value.trimmingWhitespace }
        // A table is small and a step reads each cell once: a list of names searched per
        // cell is cheaper than a dictionary built for every row.
        rows = (table?.rows ?? []).dropFirst().map { row in
            Row(columns: names, cells: row.cells.prefix(names.count).map { $0.value.trimmingWhitespace })
        }
    }

    /// The cell `column` of data row `index` (0-based) as yen (`520`, `¥520`, `520円`).
    static func yen(_ row: Row, _ column: String, row index: Int) throws -> Int {
        let text = row[column] ?? ""
        do { return try YenAmount.parse(text, allowBare: true) } catch {
            throw StepFailure(.error, "table row \(index + 1), column \(column): \(error)")
        }
    }

    /// The cell `column` of data row `index` as an integer.
    static func int(_ row: Row, _ column: String, row index: Int) throws -> Int {
        let text = row[column] ?? ""
        guard let value = Int(text) else {
            throw StepFailure(.error, "table row \(index + 1), column \(column): \"\(text)\" is not a whole number")
        }
        return value
    }

    /// The cell `column` of data row `index` as a time (`9:05`), in the protocol's form.
    static func time(_ row: Row, _ column: String, row index: Int) throws -> String {
        let text = row[column] ?? ""
        do { return ClockTime.format(try ClockTime.parse(text)) } catch {
            throw StepFailure(.error, "table row \(index + 1), column \(column): \(error)")
        }
    }
}
