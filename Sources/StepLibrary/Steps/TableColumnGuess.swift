import StepInterface

/// The column a table header most likely meant, for "did you mean" on a column the step
/// does not know: another case or a typo (`Price`, `prcie`), or the Japanese word a
/// Japanese feature's author wrote for it (`価格`: headers stay English, steps.md).
enum TableColumnGuess {
    /// Japanese header words and the English columns they can stand for, most likely first.
    static let japaneseWords: [String: [String]] = [
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
        let lowered = header.lowercased()
        if let exact = allowed.first(where: { $0 == lowered }) { return exact }
        if let words = japaneseWords[lowered], let meant = words.first(where: allowed.contains) { return meant }
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
