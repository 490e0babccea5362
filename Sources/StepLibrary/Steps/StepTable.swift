import SpecRunner

/// A step's data table read by its header row: the English column names of steps.md.
struct StepTable {
    /// Each data row as column → cell, in order.
    var rows: [[String: String]]

    /// Reads the step's table; `required` columns must be present, `optional` may be, and
    /// any other column is an error (a typo would otherwise be ignored silently).
    init(_ context: StepContext, required: [String], optional: [String] = []) throws {
        let allowed = required + optional
        let usage = "| " + allowed.joined(separator: " | ") + " |"
        guard let table = context.dataTable, let header = table.rows.first else {
            throw StepFailure(.error, "this step needs a table with the columns \(usage)")
        }
        let names = header.cells.map { $0.value.trimmingWhitespace }
        if let unknown = names.first(where: { !allowed.contains($0) }) {
            throw StepFailure(.error, "the table has an unknown column \"\(unknown)\"; its columns are \(usage)")
        }
        if let missing = required.first(where: { !names.contains($0) }) {
            throw StepFailure(.error, "the table has no column \"\(missing)\"; its columns are \(usage)")
        }
        rows = table.rows.dropFirst().map { row in
            var values: [String: String] = [:]
            for (name, cell) in zip(names, row.cells) { values[name] = cell.value.trimmingWhitespace }
            return values
        }
    }

    /// The cell `column` of data row `index` (0-based) as yen (`520`, `¥520`, `520円`).
    static func yen(_ row: [String: String], _ column: String, row index: Int) throws -> Int {
        let text = row[column] ?? ""
        do { return try YenAmount.parse(text, allowBare: true) } catch {
            throw StepFailure(.error, "table row \(index + 1), column \(column): \(error)")
        }
    }

    /// The cell `column` of data row `index` as an integer.
    static func int(_ row: [String: String], _ column: String, row index: Int) throws -> Int {
        let text = row[column] ?? ""
        guard let value = Int(text) else {
            throw StepFailure(.error, "table row \(index + 1), column \(column): \"\(text)\" is not a whole number")
        }
        return value
    }

    /// The cell `column` of data row `index` as a time (`9:05`), in the protocol's form.
    static func time(_ row: [String: String], _ column: String, row index: Int) throws -> String {
        let text = row[column] ?? ""
        do { return ClockTime.format(try ClockTime.parse(text)) } catch {
            throw StepFailure(.error, "table row \(index + 1), column \(column): \(error)")
        }
    }
}
