import Gherkin
import StepInterface

/// The columns a step's data table has: those it needs and those it may have, by the
/// English names of steps.md. Checked before the step runs (`--dry-run`) and when it
/// reads the table, with the same words, in the language of the step's definition.
struct TableShape: Sendable {
    var required: [String]
    var optional: [String] = []
    /// The columns read as something other than text, so that a value the step cannot
    /// read is found before anything runs (`--dry-run`), with the message the step gives.
    var kinds: [String: CellKind] = [:]

    /// How a column's cells are read (`StepTable.Row`).
    enum CellKind: Sendable {
        case yen, int, time
    }

    /// `| name | capacity |`: the header to write, for the catalogue and the messages.
    var usage: String { "| " + (required + optional).joined(separator: " | ") + " |" }

    /// What is wrong with `argument` as this step's table: none given, a column the step
    /// does not know (a typo would otherwise be ignored silently), or one it needs missing.
    func problem(in argument: PickleStepArgument?, language: StepLanguage) -> String? {
        guard case .dataTable(let table) = argument, let header = table.rows.first else {
            return language.pick(
                "this step needs a table with the columns \(usage)", "このステップには列が \(usage) の表が必要です")
        }
        let names = header.cells.map { $0.value.trimmingWhitespace }
        let allowed = required + optional
        if let unknown = names.first(where: { !allowed.contains($0) }) {
            return unknownColumn(unknown, among: allowed, language: language)
        }
        if let missing = required.first(where: { !names.contains($0) }) {
            return language.pick(
                "the table has no column \"\(missing)\"; this step's table has the columns \(usage)",
                "表に「\(missing)」列がありません。このステップの表の列は \(usage) です")
        }
        return nil
    }

    /// The first cell of a typed column that its step could not read, as the step says it
    /// (asked by `--dry-run`: a run finds it when the step reads its table).
    func valueProblem(in argument: PickleStepArgument?, language: StepLanguage) -> String? {
        guard !kinds.isEmpty, case .dataTable(let table) = argument else { return nil }
        for read in StepTable(table, language: language).rows {
            for name in read.columns {
                guard let kind = kinds[name], read[name] != nil else { continue }
                do {
                    switch kind {
                    case .yen: _ = try read.yen(name)
                    case .int: _ = try read.int(name)
                    case .time: _ = try read.time(name)
                    }
                } catch {
                    return (error as? StepFailure)?.message ?? "\(error)"
                }
            }
        }
        return nil
    }

    /// A header the step does not know, with the column it most likely meant.
    private func unknownColumn(_ unknown: String, among allowed: [String], language: StepLanguage) -> String {
        let guess = TableColumnGuess.column(for: unknown, among: allowed)
        switch language {
        case .en:
            let hint = guess.map { " (did you mean \"\($0)\"?)" } ?? ""
            return "the table has an unknown column \"\(unknown)\"\(hint); this step's table has the columns \(usage)"
        case .ja:
            let hint = guess.map { "「\($0)」のことですか？" } ?? ""
            return "表に「\(unknown)」という列はありません。\(hint)このステップの表の列は \(usage) です（列名は日本語の機能でも英語で書きます）"
        }
    }
}
