/// QA's own words for the library's (`StepSynonyms`, from the step library): "did you
/// mean" reads `I reserve …` as `I book …`.
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
            } else if table == nil, let canonical = synonyms.words[lowered], !vocabulary.contains(Array(lowered)) {
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
                closing = Self.closingQuote[character]
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
        guard text.hasWideScript else { return text }
        var result = ""
        var rest = Substring(text)
        if let (written, library) = synonyms.openings.first(where: { rest.hasPrefix($0.written) }) {
            result += library
            rest = rest.dropFirst(written.count)
        }
        var closing: Character?
        scan: while let character = rest.first {
            if let end = closing {
                if character == end { closing = nil }
            } else if let kept = synonyms.libraryPhrases.first(where: { rest.hasPrefix($0) }) {
                result += kept
                rest = rest.dropFirst(kept.count)
                continue scan
            } else if let (written, library) = synonyms.phrases.first(where: { rest.hasPrefix($0.written) }) {
                result += library
                rest = rest.dropFirst(written.count)
                continue scan
            } else {
                closing = Self.closingQuote[character]
            }
            result.append(character)
            rest = rest.dropFirst()
        }
        return result
    }
}
