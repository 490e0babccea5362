import StepInterface

/// The words QA write for this library's own, which "did you mean" reads as the
/// library's (`StepSynonyms`): `I reserve …` is `I book …`, `顧客ディスプレイ` is the
/// `カスタマーディスプレイ`.
enum QASynonyms {
    static let all = StepSynonyms(
        // English words QA write for what the library says otherwise.
        words: [
            "reserve": "book", "reserves": "book", "reserved": "book", "put": "add", "puts": "add", "insert": "add",
            "inserts": "add", "delete": "remove", "deletes": "remove", "erase": "remove", "erases": "remove",
            "shown": "shows", "displays": "shows", "undo": "cancel", "void": "cancel", "products": "catalog",
            "return": "back", "returns": "back", "hides": "does not show", "hide": "does not show",
            "refused": "rejected", "clash": "overlap", "clashes": "overlap",
            "conflict": "overlap", "conflicts": "overlap",
        ],
        // Words the library has, but says otherwise in the steps QA most likely meant.
        alternatives: [
            "reservation": "booking", "reservations": "booking", "appointment": "booking", "hidden": "not show",
        ],
        // Japanese phrases QA write for the library's, the longer first where one begins another.
        phrases: [
            ("お客様用ディスプレイ", "カスタマーディスプレイ"), ("お客さま用ディスプレイ", "カスタマーディスプレイ"),
            ("お客様ディスプレイ", "カスタマーディスプレイ"), ("お客さまディスプレイ", "カスタマーディスプレイ"),
            ("顧客用ディスプレイ", "カスタマーディスプレイ"), ("顧客ディスプレイ", "カスタマーディスプレイ"),
            ("客面ディスプレイ", "カスタマーディスプレイ"), ("客側ディスプレイ", "カスタマーディスプレイ"),
            ("カスタマー画面", "カスタマーディスプレイ"), ("お客様画面", "カスタマーディスプレイ"),
            ("顧客画面", "カスタマーディスプレイ"), ("客面", "カスタマーディスプレイ"),
            ("ディスプレイ", "カスタマーディスプレイ"), ("お客様", "お客さま"), ("顧客", "お客さま"),
            ("取り除く", "削除する"), ("カートに入れる", "カートに追加する"),
            // Starting the checkout as QA say it (`お会計に進む` in the library).
            ("お会計を開始する", "お会計に進む"), ("会計を開始する", "お会計に進む"), ("会計に進む", "お会計に進む"),
            ("精算を開始する", "お会計に進む"), ("精算に進む", "お会計に進む"), ("お支払いに進む", "お会計に進む"),
            ("支払いに進む", "お会計に進む"), ("ポイントを使用する", "ポイントを利用する"), ("ポイントを使う", "ポイントを利用する"),
            ("をキャンセルする", "を取り消す"),
            // A check's "is" (`…が200になっていること`), a refusal as an error, the catalog and a refund.
            ("になっている", "である"), ("エラーになる", "で拒否される"), ("商品が登録されている", "商品カタログ"),
            ("商品マスタ", "商品カタログ"), ("を返品する", "の返品を開始する"), ("注文番号", "注文"),
        ],
        // How a Japanese display step may open without naming the display (`画面に「合計」が…`).
        openings: [
            ("画面には", "カスタマーディスプレイに"), ("画面に", "カスタマーディスプレイに"), ("画面は", "カスタマーディスプレイは"),
        ],
        // A display check that names no display (`完了画面であること`, `合計は¥468である`).
        leftOutOpening: "カスタマーディスプレイに",
        // The library's phrases that contain a phrase of `phrases`.
        libraryPhrases: ["カスタマーディスプレイ", "2台目のディスプレイ", "お客さま", "お会計に進む"])
}
