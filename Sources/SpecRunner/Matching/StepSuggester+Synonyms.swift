/// QA's own words for the library's: "did you mean" reads `I reserve …` as `I book …`.
extension StepSuggester {
    /// The text with each word that no definition has but that means one of theirs put in
    /// that word's place (`reserve` → `book`, `put` → `add`): "did you mean" then finds the
    /// step the author had in mind, not the one spelt most like their word.
    /// With `table` given, its words are replaced whether definitions have them or not.
    func withSynonymsReplaced(_ text: String, by table: [String: String]? = nil) -> String {
        var result = ""
        var word = ""
        func flush() {
            let lowered = word.lowercased()
            if let table, let canonical = table[lowered] {
                result += canonical
            } else if table == nil, let canonical = Self.synonyms[lowered], !vocabulary.contains(Array(lowered)) {
                result += canonical
            } else {
                result += word
            }
            word = ""
        }
        var closing: Character?  // inside a quoted value, which is left as written
        for character in text {
            if let end = closing {
                if character == end { closing = nil }
                result.append(character)
            } else if character.isASCII, character.isLetter {
                word.append(character)
            } else {
                flush()
                result.append(character)
                closing = ["\"": "\"", "'": "'", "「": "」"][character]
            }
        }
        flush()
        return result
    }

    /// The text with Japanese phrases QA write for the library's own (`顧客ディスプレイ`,
    /// `画面に…` at the start, `お客様`, `会計を開始する`) put in their place, outside quoted values. Japanese
    /// has no spaces to find words by, so these are whole phrases, and a library phrase
    /// already in the text (`カスタマーディスプレイ`, `2台目のディスプレイ`) is left alone.
    func withJapanesePhrasesReplaced(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x3000 }) else { return text }
        var result = ""
        var rest = Substring(text)
        if let (written, library) = Self.japaneseOpenings.first(where: { rest.hasPrefix($0.written) }) {
            result += library
            rest = rest.dropFirst(written.count)
        }
        var closing: Character?
        scan: while let character = rest.first {
            if let end = closing {
                if character == end { closing = nil }
            } else if let kept = Self.japaneseLibraryPhrases.first(where: { rest.hasPrefix($0) }) {
                result += kept
                rest = rest.dropFirst(kept.count)
                continue scan
            } else if let (written, library) = Self.japanesePhrases.first(where: { rest.hasPrefix($0.written) }) {
                result += library
                rest = rest.dropFirst(written.count)
                continue scan
            } else {
                closing = ["\"": "\"", "'": "'", "「": "」"][character]
            }
            result.append(character)
            rest = rest.dropFirst()
        }
        return result
    }

    /// The library's phrases that contain a phrase of `japanesePhrases`.
    static let japaneseLibraryPhrases = ["カスタマーディスプレイ", "2台目のディスプレイ", "お客さま", "お会計に進む"]

    /// Japanese phrases QA write for the library's, the longer first where one begins another.
    static let japanesePhrases: [(written: String, library: String)] = [
        ("お客様用ディスプレイ", "カスタマーディスプレイ"), ("お客さま用ディスプレイ", "カスタマーディスプレイ"),
        ("お客様ディスプレイ", "カスタマーディスプレイ"), ("お客さまディスプレイ", "カスタマーディスプレイ"),
        ("顧客用ディスプレイ", "カスタマーディスプレイ"), ("顧客ディスプレイ", "カスタマーディスプレイ"),
        ("客面ディスプレイ", "カスタマーディスプレイ"), ("客側ディスプレイ", "カスタマーディスプレイ"),
        ("カスタマー画面", "カスタマーディスプレイ"), ("お客様画面", "カスタマーディスプレイ"),
        ("顧客画面", "カスタマーディスプレイ"), ("客面", "カスタマーディスプレイ"),
        ("ディスプレイ", "カスタマーディスプレイ"), ("お客様", "お客さま"), ("顧客", "お客さま"),
        ("取り除く", "削除する"),
        // Starting the checkout as QA say it (`お会計に進む` in the library).
        ("お会計を開始する", "お会計に進む"), ("会計を開始する", "お会計に進む"), ("会計に進む", "お会計に進む"),
        ("精算を開始する", "お会計に進む"), ("精算に進む", "お会計に進む"), ("お支払いに進む", "お会計に進む"),
        ("支払いに進む", "お会計に進む"), ("ポイントを使用する", "ポイントを利用する"), ("ポイントを使う", "ポイントを利用する"),
        ("をキャンセルする", "を取り消す"),
    ]

    /// How a Japanese display step may open without naming the display (`画面に「合計」が…`).
    static let japaneseOpenings: [(written: String, library: String)] = [
        ("画面には", "カスタマーディスプレイに"), ("画面に", "カスタマーディスプレイに"), ("画面は", "カスタマーディスプレイは"),
    ]

    /// English words QA write for what the library says otherwise.
    static let synonyms: [String: String] = [
        "reserve": "book", "reserves": "book", "reserved": "book", "put": "add", "puts": "add", "insert": "add",
        "inserts": "add", "delete": "remove", "deletes": "remove", "erase": "remove", "erases": "remove",
        "shown": "shows", "displays": "shows", "undo": "cancel", "void": "cancel", "products": "catalog",
        "return": "back", "returns": "back", "hides": "does not show", "hide": "does not show",
    ]

    /// Words the library has, but says otherwise in the steps QA most likely meant.
    static let alternatives: [String: String] = [
        "reservation": "booking", "reservations": "booking", "appointment": "booking", "hidden": "not show",
    ]
}
