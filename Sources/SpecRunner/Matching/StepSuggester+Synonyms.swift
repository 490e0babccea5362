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
