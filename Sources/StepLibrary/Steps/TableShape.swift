import Gherkin

/// The columns a step's data table has: those it needs and those it may have, by the
/// English names of steps.md. Checked before the step runs (`--dry-run`) and when it
/// reads the table, with the same words.
struct TableShape: Sendable {
    var required: [String]
    var optional: [String] = []

    /// `| name | capacity |`: the header to write, for the catalogue and the messages.
    var usage: String { "| " + (required + optional).joined(separator: " | ") + " |" }

    /// What is wrong with `argument` as this step's table: none given, a column the step
    /// does not know (a typo would otherwise be ignored silently), or one it needs missing.
    func problem(in argument: PickleStepArgument?) -> String? {
        guard case .dataTable(let table) = argument else { return problem(inTable: nil) }
        return problem(inTable: table)
    }

    /// The same for a table already taken from its step (nil: the step has none).
    func problem(inTable table: PickleTable?) -> String? {
        guard let header = table?.rows.first else { return "this step needs a table with the columns \(usage)" }
        let names = header.cells.map { $0.value.trimmingWhitespace }
        let allowed = required + optional
        if let unknown = names.first(where: { !allowed.contains($0) }) {
            return "the table has an unknown column \"\(unknown)\"; its columns are \(usage)"
        }
        if let missing = required.first(where: { !names.contains($0) }) {
            return "the table has no column \"\(missing)\"; its columns are \(usage)"
        }
        return nil
    }
}
