/// The text `spec-run steps` prints: the parameter types, then each group's steps with an
/// example line to copy.
public enum StepCatalogue {
    /// The whole catalogue in `language`.
    public static func text(_ language: StepLanguage) -> String {
        let entries = QAStepLibrary.catalogue(language)
        var out = language == .ja ? "spec-run の組み込みステップ (# language: ja)\n" : "spec-run built-in steps\n"
        out += "\n" + (language == .ja ? "パラメーター型" : "Parameter types") + "\n"
        for (name, examples) in parameterTypes {
            out += "  " + name.padding(toLength: 10, withPad: " ", startingAt: 0) + examples + "\n"
        }
        for group in StepGroup.allCases {
            out += "\n" + heading(group, language) + "\n"
            for entry in entries where entry.group == group {
                out += "  \(entry.expression)\n      \(entry.example)\n"
                if let table = entry.table { out += "        \(table)\n" }
            }
        }
        out += "\n" + tryNote(language) + "\n"
        out += codes(language)
        return out
    }

    /// The codes `it is rejected with "CODE"` can name, by area, each with its meaning.
    private static func codes(_ language: StepLanguage) -> String {
        let areas: [(String, String, [RejectionCodeGloss.Entry])] = [
            ("register", "レジ", RejectionCodeGloss.register),
            ("calendar", "カレンダー", RejectionCodeGloss.calendar),
            ("any request", "どの要求でも", RejectionCodeGloss.request),
        ]
        var out =
            "\n" + (language == .ja ? "拒否コード (「CODE」で拒否される)" : #"Rejection codes (it is rejected with "CODE")"#) + "\n"
        let width = (areas.flatMap { $0.2 }.map(\.code.count).max() ?? 0) + 2
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
        ("{time}", "9:05  09:05  24:00"),
        ("{method}", "cash  card  QR  現金  カード  QR決済"),
        (
            "{field}",
            "subtotal discount points total paid remaining change refund / 小計 割引 ポイント 合計 お預かり 残り お釣り 返金"
        ),
        ("{screen}", "welcome cart payment partial complete refund / ようこそ カート お支払い 一部支払い 完了 返金"),
    ]

    private static func heading(_ group: StepGroup, _ language: StepLanguage) -> String {
        switch (group, language) {
        case (.register, .en): return "register"
        case (.display, .en): return "display (assertions wait up to --timeout for the screen to match)"
        case (.calendar, .en): return "calendar (layout numbers compared within 0.001)"
        case (.register, .ja): return "register (レジ)"
        case (.display, .ja): return "display (カスタマーディスプレイ: --timeout まで画面の一致を待つ)"
        case (.calendar, .ja): return "calendar (カレンダー: 数値は 0.001 の誤差まで一致)"
        }
    }

    private static func tryNote(_ language: StepLanguage) -> String {
        switch language {
        case .en:
            return """
                A rejected action fails its step. To expect a rejection, use the try form ("I try to …",
                "the customer tries to pay …"), then "it is rejected with \"CODE\"" or "it succeeds".
                A try step whose outcome is never checked fails the scenario.
                """
        case .ja:
            return """
                拒否された操作はそのステップを失敗させます。拒否を確かめるときは「…しようとする」の形で書き、
                続けて「「CODE」で拒否される」か「成功する」で結果を確かめます。確かめられなかった結果はシナリオを失敗させます。
                """
        }
    }
}
