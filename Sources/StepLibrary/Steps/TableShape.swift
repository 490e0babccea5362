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
        // Every unknown column at once: a header typed wrong is often wrong twice.
        let unknown = names.filter { !allowed.contains($0) }.map {
            ($0, TableColumnGuess.column(for: $0, among: allowed))
        }
        if !unknown.isEmpty {
            let english = unknown.map { name, guess in
                "\"\(name)\"" + (guess.map { " (did you mean \"\($0)\"?)" } ?? "")
            }
            let guesses = unknown.compactMap { name, guess in
                guess.map { unknown.count == 1 ? "「\($0)」" : "「\(name)」は「\($0)」" }
            }
            return language.pick(
                (unknown.count == 1 ? "the table has an unknown column " : "the table has unknown columns ")
                    + english.joined(separator: ", ") + "; this step's table has the columns \(usage)",
                "表に" + unknown.map { "「\($0.0)」" }.joined(separator: "、") + "という列はありません。"
                    + (guesses.isEmpty ? "" : guesses.joined(separator: "、") + "のことですか？")
                    + "このステップの表の列は \(usage) です（列名は日本語の機能でも英語で書きます）")
        }
        // Every missing column at once, as every unknown one.
        let missing = required.filter { !names.contains($0) }
        if !missing.isEmpty {
            return language.pick(
                (missing.count == 1 ? "the table has no column " : "the table has no columns ")
                    + missing.map { "\"\($0)\"" }.joined(separator: ", ")
                    + "; this step's table has the columns \(usage)",
                "表に" + missing.map { "「\($0)」" }.joined(separator: "、") + "列がありません。このステップの表の列は \(usage) です")
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
}

/// The column a table header most likely meant, for "did you mean" on a column the step
/// does not know: another case or a typo (`Price`, `prcie`), or the Japanese word a
/// Japanese feature's author wrote for it (`価格`: headers stay English, steps.md).
enum TableColumnGuess {
    /// Japanese header words, and English short forms, with the English columns they can
    /// stand for, most likely first.
    static let otherWords: [String: [String]] = [
        "qty": ["quantity"], "amt": ["amount"], "cap": ["capacity"],
        "名前": ["name"], "商品名": ["name"], "商品": ["name"], "名称": ["name"], "氏名": ["name"],
        "スタッフ名": ["name", "staff"], "価格": ["price"], "値段": ["price"], "単価": ["price"],
        "金額": ["amount", "price"], "小計": ["amount"], "数量": ["quantity"], "個数": ["quantity"],
        "数": ["quantity"], "定員": ["capacity"], "受付数": ["capacity"], "キャパ": ["capacity"],
        "キャパシティ": ["capacity"], "予約id": ["id"], "予約番号": ["id"], "番号": ["id"],
        "スタッフ": ["staff", "name"], "担当": ["staff"], "担当者": ["staff"], "開始": ["start"],
        "開始時刻": ["start"], "開始時間": ["start"], "終了": ["end"], "終了時刻": ["end"],
        "終了時間": ["end"], "お客さま": ["customer"], "お客様": ["customer"], "顧客": ["customer"],
        "顧客名": ["customer"], "客": ["customer"],
    ]

    /// The column of `allowed` that `header` most likely meant, or nil when none is close.
    static func column(for header: String, among allowed: [String]) -> String? {
        let lowered = FullWidthText.ascii(header).lowercased()
        if let exact = allowed.first(where: { $0 == lowered }) { return exact }
        if let words = otherWords[lowered], let meant = words.first(where: allowed.contains) { return meant }
        let typed = Array(lowered)
        guard typed.count >= 3 else { return nil }
        var best: (distance: Int, column: String)?
        for column in allowed where column.count >= 3 {
            let limit = column.count >= 6 ? 2 : 1
            let distance = EditDistance.between(typed, Array(column), limit: limit)
            if distance <= limit, distance < best?.distance ?? Int.max { best = (distance, column) }
        }
        return best?.column
    }
}
