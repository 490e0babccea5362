/// A table step's rejection, pointed at the rows that caused it. The simulator answers a
/// whole table with one code (`duplicateProduct`), and the step's own line is above the
/// table: the reader is told which rows to look at, by their lines.
enum TableRejection {
    /// `outcome` with the rows of `table` its code is about named after its message;
    /// unchanged when it succeeded or no row can be told.
    static func pointed(_ outcome: ActionOutcome, in table: StepTable, language: StepLanguage) -> ActionOutcome {
        guard case .rejected(let code, let message) = outcome else { return outcome }
        let rows: [StepTable.Row]
        switch code {
        case "duplicateProduct", "duplicateStaff":
            var counts: [String: Int] = [:]
            for row in table.rows { counts[row["name"] ?? "", default: 0] += 1 }
            rows = table.rows.filter { (counts[$0["name"] ?? ""] ?? 0) > 1 }
        case "invalidPrice": rows = table.rows.filter { ((try? $0.yen("price")) ?? 0) < 0 }
        case "invalidCapacity": rows = table.rows.filter { ((try? $0.int("capacity")) ?? 0) < 0 }
        case "invalidStaff": rows = table.rows.filter { ($0["name"] ?? "").isEmpty }
        default: rows = []
        }
        guard !rows.isEmpty else { return outcome }
        let labels = rows.map { $0.label() }
        let pointer = language.pick(
            "See " + labels.joined(separator: " and ") + ".", "該当: " + labels.joined(separator: "、"))
        return .rejected(code: code, message: message.isEmpty ? pointer : message + " " + pointer)
    }
}
