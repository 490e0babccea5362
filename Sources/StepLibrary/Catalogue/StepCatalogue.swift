/// The text `spec-run steps` prints: the parameter types, then each group's steps with an
/// example line to copy.
public enum StepCatalogue {
    public static func text(_ language: StepLanguage) -> String {
        var out = header(language)
        out += "\n" + (language == .ja ? "パラメーター型" : "Parameter types") + "\n"
        for (name, examples) in parameterTypes {
            out += "  " + name.padding(toLength: 10, withPad: " ", startingAt: 0) + examples + "\n"
        }
        return out + steps(QAStepLibrary.catalogue(language), language) + "\n" + tryNote(language) + "\n"
            + codes(language)
    }

    /// The steps of `language` that `words` find (`matching`), under their groups, and the
    /// rejection codes they find (`spec-run steps overpayment`); nil when they find nothing.
    public static func text(_ language: StepLanguage, matching words: [String]) -> String? {
        let found = matching(words, language)
        let codes = codes(language, matching: words)
        guard !found.isEmpty || !codes.isEmpty else { return nil }
        return header(language) + steps(found, language) + codes
    }

    /// The entries of `language` (nil: both) whose step has every one of `words` (any
    /// letter case) in its wording, example, other wordings, description or the words a
    /// parameter of it takes, in either language: `points` finds `{int}ポイントを利用する` too.
    static func matching(_ words: [String], _ language: StepLanguage?) -> [CatalogueEntry] {
        let entries = QAStepLibrary.definitions.entries
        var text: [Int: String] = [:]
        for entry in entries {
            let said = [entry.expression, entry.example, entry.description] + entry.alsoWritten
            let values = ["screen", "field", "method"].filter { entry.expression.contains("{\($0)}") }.flatMap {
                EditorCatalogue.values(of: $0, entry.language.rawValue) ?? []
            }
            text[entry.step, default: ""] += (said + values).joined(separator: "\n").lowercased() + "\n"
        }
        let wanted = searched(words)
        return entries.filter { entry in
            (language == nil || entry.language == language)
                && wanted.allSatisfy { $0.contains(where: text[entry.step, default: ""].contains) }
        }
    }

    /// Each word with the library's words for it: a word QA write for the library's finds
    /// the library's too (`reserve`: `book`; `refused`: `rejected`; `キャンセル`, in
    /// `をキャンセルする`: `を取り消す`).
    private static func searched(_ words: [String]) -> [[String]] {
        let synonyms = QASynonyms.all
        return words.map { word in
            let lowered = word.lowercased()
            return [lowered] + (synonyms.words[lowered].map { [$0] } ?? [])
                + synonyms.phrases.filter { word.count >= 3 && $0.written.contains(word) }.map(\.library)
        }
    }

    private static func header(_ language: StepLanguage) -> String {
        language == .ja ? "spec-run の組み込みステップ (# language: ja)\n" : "spec-run built-in steps\n"
    }

    /// Each group's steps, with an example each, the table they take and their other
    /// wordings; a group without any is left out.
    private static func steps(_ entries: [CatalogueEntry], _ language: StepLanguage) -> String {
        var out = ""
        for group in StepGroup.allCases where entries.contains(where: { $0.group == group }) {
            out += "\n" + heading(group, language) + "\n"
            for entry in entries where entry.group == group {
                out += "  \(entry.expression)\n      \(entry.example)\n"
                if let table = entry.table { out += "        \(table)\n" }
                if let optional = entry.optionalNote { out += "        \(optional)\n" }
                for wording in entry.alsoWritten {
                    out += "    " + (language == .ja ? "別の書き方: " : "also: ") + wording + "\n"
                }
            }
            if group == .calendar { out += layoutNote(language) }
        }
        return out
    }

    /// How the calendar's numbers are made (domain.md, "Layout"), for the steps that check them.
    private static func layoutNote(_ language: StepLanguage) -> String {
        language.pick(
            """
                Layout, in points (the metrics default to hour width 120, item height 44, padding 4):
                x = the start's hours since 0:00 × hour width; width = the drawn hours × hour width, a
                reservation shorter than 30 minutes drawn 30 minutes long. In a staff's row each
                reservation takes the lowest lane free at its start; the row is lanes × (item height +
                padding) high, and y = the row's top + lane × (item height + padding), rows stacked in
                staff order.

            """,
            """
                配置（単位はポイント。既定値は hour width 120、item height 44、padding 4）:
                x = 開始の0:00からの時間数 × hour width、width = 描画される時間数 × hour width（30分未満の
                予約は30分として描画）。スタッフの行では、各予約が開始時刻に空いている一番小さいレーンに入ります。
                行の高さは レーン数 × (item height + padding)、y = 行の上端 + レーン × (item height + padding)
                で、行はスタッフの順に並びます。

            """)
    }

    /// The codes `it is rejected with "CODE"` can name, by area, each with its meaning;
    /// with `words`, those whose code or meaning (in either language) has every word, and
    /// nothing when none has.
    private static func codes(_ language: StepLanguage, matching words: [String] = []) -> String {
        let wanted = searched(words)
        let areas = RejectionCodeGloss.areas.map { area in
            (
                area.english, area.japanese,
                area.entries.filter { entry in
                    let said = [entry.code, entry.english, entry.japanese].joined(separator: "\n").lowercased()
                    return wanted.allSatisfy { $0.contains(where: said.contains) }
                }
            )
        }.filter { !$0.2.isEmpty }
        guard !areas.isEmpty else { return "" }
        var out =
            "\n" + (language == .ja ? "拒否コード (「CODE」で拒否される)" : #"Rejection codes (it is rejected with "CODE")"#) + "\n"
        let width = (RejectionCodeGloss.areas.flatMap(\.entries).map(\.code.count).max() ?? 0) + 2
        for (english, japanese, entries) in areas {
            out += "  " + (language == .ja ? japanese : english) + "\n"
            for entry in entries {
                let meaning = language == .ja ? entry.japanese : entry.english
                out += "    " + entry.code.padding(toLength: width, withPad: " ", startingAt: 0) + meaning + "\n"
            }
        }
        return out
    }

    private static let parameterTypes: [(String, String)] = [
        ("{string}", #""Latte"  'Latte'  「ラテ」"#),
        ("{int}", "2  -1"),
        ("{float}", "60  1.5"),
        ("{yen}", "¥1,200  ¥1200  1,200円  1200 yen  -¥100  -100円"),
        ("{time}", "9:05  09:05  24:00  9時5分  10時  10時半"),
        ("{method}", words("method", separator: "  ", between: "  ")),
        ("{field}", words("field", separator: " ", between: " / ")),
        ("{screen}", words("screen", separator: " ", between: " / ")),
    ]

    /// The words a parameter type takes (`EditorCatalogue.values`), the English then the Japanese.
    private static func words(_ type: String, separator: String, between: String) -> String {
        ["en", "ja"].map { (EditorCatalogue.values(of: type, $0) ?? []).joined(separator: separator) }.joined(
            separator: between)
    }

    private static func heading(_ group: StepGroup, _ language: StepLanguage) -> String {
        switch group {
        case .register: language.pick("register", "register (レジ)")
        case .display:
            language.pick(
                "display (assertions wait up to --timeout for the screen to match)",
                "display (カスタマーディスプレイ: --timeout まで画面の一致を待つ)")
        case .calendar:
            language.pick("calendar (layout numbers compared within 0.001)", "calendar (カレンダー: 数値は 0.001 の誤差まで一致)")
        }
    }

    private static func tryNote(_ language: StepLanguage) -> String {
        language.pick(
            """
            A rejected action fails its step. To expect a rejection, use the try form ("I try to …",
            "the customer tries to pay …"), then "it is rejected with \"CODE\"" or "it succeeds".
            A try step whose outcome is never checked fails the scenario.
            """,
            """
            拒否された操作はそのステップを失敗させます。拒否を確かめるときは「…しようとする」の形で書き、
            続けて「「CODE」で拒否される」か「成功する」で結果を確かめます。確かめられなかった結果はシナリオを失敗させます。
            """)
    }
}

/// One line of the catalogue: a step's expression and an example QA can copy (what
/// `EditorCatalogue.steps` gives the editor).
public struct CatalogueEntry: Sendable, Equatable {
    var group: StepGroup
    var language: StepLanguage
    /// The Cucumber Expression (`I add {int} {string} to the cart`).
    public var expression: String
    /// A complete step line, keyword included.
    public var example: String
    /// The header row of the step's table, when it takes one (`| name | price |`).
    public var table: String?
    /// The columns of `table` a table may leave out (`customer`).
    public var optionalColumns: [String] = []
    public var kind: StepKind = .check
    /// What it does, in the entry's language.
    var description: String = ""
    /// The other wordings the step is written in (`OtherWordings.named`), as `spec-run
    /// steps` lists them.
    public var alsoWritten: [String] = []
    /// The same for the entry of the other language: one number per step and form.
    var step: Int = 0
}

extension CatalogueEntry {
    /// `(customer may be left out)`, under the table's header; nil when every column is needed.
    public var optionalNote: String? {
        guard !optionalColumns.isEmpty else { return nil }
        return language.pick(
            "(\(optionalColumns.joined(separator: ", ")) may be left out)",
            "（\(optionalColumns.joined(separator: "、"))列は省略できます）")
    }
}

/// What a step is for, as the catalogue says it: a setting (`Given`), an action, its try
/// form, or a check.
public enum StepKind: String, Sendable {
    case setup, action, `try`, check
}
