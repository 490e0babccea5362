/// A step's text read in the library's terms: QA's own words for its words (`StepSynonyms`:
/// `I reserve …` is `I book …`), and the values of its own parameter types (`ようこそ`,
/// `¥600`) as the parameters they would fill.
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
            let replaced =
                table.map { $0[lowered] }
                ?? synonyms.words[lowered].flatMap { vocabulary.contains(Array(lowered)) ? nil : $0 }
            result += replaced ?? word
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

    /// The first word (or Japanese phrase) of `written` that `replaced`, its reading with
    /// the library's words, has otherwise, and the library's word: for the note that names it.
    func firstSynonym(in written: String, replaced: String) -> (written: String, library: String)? {
        guard written != replaced else { return nil }
        let (ours, theirs) = (Array(written), Array(replaced))
        let start = zip(ours, theirs).prefix { $0 == $1 }.count
        // A Japanese phrase that holds the first difference (`お客様` differs at `様`).
        let phrases = synonyms.openings + synonyms.phrases
        for offset in stride(from: start, through: 0, by: -1) {
            let rest = String(ours[offset...])
            if let phrase = phrases.first(where: { rest.hasPrefix($0.written) && offset + $0.written.count > start }) {
                return phrase
            }
        }
        // An English word: the word the difference starts in.
        let wordStart = ours[..<start].lastIndex { !$0.isLetter }.map { $0 + 1 } ?? 0
        let word = String(ours[wordStart...].prefix { $0.isLetter })
        return synonyms.words[word.lowercased()].map { (word, $0) }
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
        while let character = rest.first {
            // A library phrase stays as it is; a phrase QA write is put in its place.
            let phrase =
                synonyms.libraryPhrases.first { rest.hasPrefix($0) }.map { (written: $0, library: $0) }
                ?? synonyms.phrases.first { rest.hasPrefix($0.written) }
            if let end = closing {
                if character == end { closing = nil }
            } else if let phrase {
                result += phrase.library
                rest = rest.dropFirst(phrase.written.count)
                continue
            } else {
                closing = Self.closingQuote[character]
            }
            result.append(character)
            rest = rest.dropFirst()
        }
        return result
    }

    /// The text with the opening the library's checks have and QA leave out in front
    /// (`StepSynonyms.leftOutOpening`), as a typed shape (the text's, `typedShape`, after the
    /// opening's: Japanese has no space between them); none where it opens with a phrase of
    /// the library's or is not Japanese.
    func leftOutOpeningReading(of text: String, typedShape: [Character]) -> [[Character]] {
        let opening = synonyms.leftOutOpening
        guard !opening.isEmpty, text.hasWideScript, !synonyms.libraryPhrases.contains(where: text.hasPrefix)
        else { return [] }
        return [Self.shape(ofText: opening) + typedShape]
    }

    /// A value of a value type in the text: the placeholders of the types it could be,
    /// and its own characters (lowercased).
    struct TypedValue {
        var placeholders: [Character]
        var literal: [Character]

        /// Whether a definition takes this value: a parameter of one of its types, or
        /// the value itself written into the definition (`change` in `I change the
        /// quantity of {string} to {int}`, where `change` is also a `{field}`).
        func isTaken(by shape: [Character]) -> Bool {
            placeholders.contains(where: shape.contains)
                || (!literal.isEmpty && shape.indices.contains { shape[$0...].starts(with: literal) })
        }
    }

    /// The text's shape with each value of a value type as that type's placeholder, and
    /// those values; nil when it has none.
    func typedReading(of text: String) -> (shape: [Character], values: [TypedValue])? {
        let found = valueFinder.values(in: text)
        guard !found.isEmpty else { return nil }
        var rewritten = ""
        var position = text.startIndex
        var values: [TypedValue] = []
        for value in found {
            let placeholders = value.typeNames.compactMap { typedPlaceholders[$0] }
            rewritten += text[position..<value.range.lowerBound]
            rewritten.append(placeholders.first ?? Self.placeholder)
            position = value.range.upperBound
            values.append(TypedValue(placeholders: placeholders, literal: Array(text[value.range].lowercased())))
        }
        rewritten += text[position...]
        return (Self.shape(ofText: rewritten), values)
    }
}
