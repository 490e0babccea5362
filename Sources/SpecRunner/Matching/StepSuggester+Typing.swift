/// Texts that are a step of the library but for how they were typed: full-width digits
/// (`２台目のディスプレイが接続する`), a short word between the keyword and the step
/// (`もしも カートに…` is `もし` and `も`), or an invisible character a paste brought along.
extension StepSuggester {
    /// The ways `written` may differ from a step only by a slip of typing, each as the text
    /// with the slip undone and the note that names it, in the order they are tried.
    static func slips(in written: String, wording: RunnerWording) -> [(text: String, note: String)] {
        var slips = endingSlips(in: written, wording: wording)
        // A comment after it (`… to the cart # the latte`), which Gherkin reads as part of the step.
        if let range = written.range(of: " #") {
            let note = String(written[range.lowerBound...].trimming(" "))
            slips.append((String(written[..<range.lowerBound].trimming(" ")), wording.trailingComment(note)))
        }
        // Full-width digits (`２台目`), as a Japanese input method types them: the note names
        // the first run of them (`２`, `１０`).
        let digits = written.drop { halfWidthDigit($0) == nil }.prefix { halfWidthDigit($0) != nil }
        if !digits.isEmpty {
            let note = wording.fullWidthDigits(String(digits), String(digits.compactMap(halfWidthDigit)))
            slips.append((String(written.map { halfWidthDigit($0) ?? $0 }), note))
        }
        // Full-width letters (`ｘ1200`) outside quoted values (`「Ｒ１」` is a value, as
        // written): the note names the first run of them.
        var (narrowed, run, closing, runEnded) = ("", "", Character?.none, false)
        for character in written {
            let half = closing == nil ? halfWidthLetter(character) : nil
            if let end = closing {
                if character == end { closing = nil }
            } else {
                closing = closingQuote[character]
            }
            narrowed.append(half ?? character)
            if half != nil, !runEnded { run.append(character) } else if !run.isEmpty { runEnded = true }
        }
        if !run.isEmpty {
            slips.append((narrowed, wording.fullWidthLetters(run, String(run.compactMap(halfWidthLetter)))))
        }
        // A space between two Japanese words (`…を 追加する`), where Japanese has none.
        let characters = Array(written)
        let isGap = { (index: Int) in
            characters[index] == " " && index > 0 && index + 1 < characters.count
                && String(characters[index - 1]).hasWideScript && String(characters[index + 1]).hasWideScript
        }
        if let space = characters.indices.first(where: isGap) {
            let joined = characters.indices.filter { !isGap($0) }.map { characters[$0] }
            // The words on either side, up to two characters, without a value's brackets.
            let isWord = { (character: Character) in !"「」『』\"".contains(character) }
            let before = characters[..<space].reversed().prefix(2).prefix(while: isWord).reversed()
            let after = characters[(space + 1)...].prefix(2).prefix(while: isWord)
            slips.append((String(joined), wording.spaceBetween(String(before) + " " + String(after))))
        }
        // An invisible character (`ConsoleEscaping.isInvisible`).
        if let first = written.unicodeScalars.first(where: ConsoleEscaping.isInvisible) {
            let kept = String.UnicodeScalarView(written.unicodeScalars.filter { !ConsoleEscaping.isInvisible($0) })
            slips.append((String(kept), wording.invisible("U+" + String(first.value, radix: 16, uppercase: true))))
        }
        // A space of another kind: a chat tool pastes `I\u{A0}add "Latte"…`, which looks like
        // the step and is not it.
        if let found = written.first(where: { oddSpaces[$0] != nil }), let name = oddSpaces[found],
            let scalar = found.unicodeScalars.first
        {
            let plain = String(written.map { oddSpaces[$0] != nil ? " " : $0 })
            slips.append((plain, wording.oddSpace(name, "U+" + scalar.codePoint)))
        }
        // Typographic quotes (`“Latte”`, `‘Latte’`).
        if written.contains(where: { straightQuotes[$0] != nil }) {
            slips.append((String(written.map { straightQuotes[$0] ?? $0 }), wording.curlyQuotes))
        }
        // A word of one or two characters between the keyword and the step (`もしも …`,
        // `Given a the …`).
        if let space = written.firstIndex(of: " ") {
            let word = written[..<space]
            let rest = written[space...].drop { $0 == " " }
            if (1...2).contains(word.count), !rest.isEmpty, !word.contains(where: \.isNumber) {
                slips.append((String(rest), wording.wordBefore(String(word))))
            }
        }
        return slips
    }

    /// A full stop at its end, as a sentence (`…screen.`, `…する。`); a colon at its end that
    /// the step has not, or the one a step has left out (`the catalog`).
    private static func endingSlips(in written: String, wording: RunnerWording) -> [(text: String, note: String)] {
        let last = written.last.map(String.init) ?? ""
        let trimmed = String(written.dropLast().trimming(" "))
        let colon =
            last == ":" || last == "：" ? (trimmed, wording.finalColon(last)) : (written + ":", wording.colonAtEnd)
        return (last == "." || last == "。" ? [(trimmed, wording.finalStop(last))] : []) + [colon]
    }

    /// `２` → `2`; nil for any other character.
    private static func halfWidthDigit(_ character: Character) -> Character? {
        character.shifted(by: -0xFEE0, in: [0xFF10...0xFF19])
    }

    private static func halfWidthLetter(_ character: Character) -> Character? {
        character.shifted(by: -0xFEE0, in: [0xFF21...0xFF3A, 0xFF41...0xFF5A])
    }

    /// The spaces that look plain and are not, by the name a note gives them.
    private static let oddSpaces: [Character: String] = [
        "\u{A0}": "a non-breaking space", "\u{202F}": "a narrow non-breaking space", "\u{2007}": "a figure space",
        "\t": "a tab",
    ]

    private static let straightQuotes: [Character: Character] = ["“": "\"", "”": "\"", "‘": "'", "’": "'"]
}
