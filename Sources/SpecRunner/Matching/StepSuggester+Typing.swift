/// Texts that are a step of the library but for how they were typed: full-width digits
/// (`２台目のディスプレイが接続する`), a short word between the keyword and the step
/// (`もしも カートに…` is `もし` and `も`), or an invisible character a paste brought along.
extension StepSuggester {
    /// The ways `written` may differ from a step only by a slip of typing, each as the text
    /// with the slip undone and the note that names it, in the order they are tried: a full
    /// stop at its end, as a sentence (`…screen.`, `…する。`); a comment after it (`… to the
    /// cart # the latte`), which Gherkin reads as part of the step; full-width digits
    /// (`２台目`), as a Japanese input method types them; an invisible character; a space
    /// of another kind; curly quotes; a short word between the keyword and the step
    /// (`もしも …`, `Given a the …`).
    static func slips(in written: String, wording: RunnerWording) -> [(text: String, note: String)] {
        var slips: [(text: String, note: String)] = []
        if let stop = written.last.flatMap({ $0 == "." || $0 == "。" ? String($0) : nil }) {
            slips.append((String(String(written.dropLast()).trimming(" ")), wording.finalStop(stop)))
        }
        if let range = written.range(of: " #") {
            let note = String(String(written[range.lowerBound...]).trimming(" "))
            let step = String(String(written[..<range.lowerBound]).trimming(" "))
            slips.append((step, wording.trailingComment(note)))
        }
        if let halfWidth = withHalfWidthDigits(written) {
            let note = wording.fullWidthDigits(halfWidth.digits, String(halfWidth.digits.compactMap(halfWidthDigit)))
            slips.append((halfWidth.text, note))
        }
        if let visible = withoutInvisible(written) {
            slips.append(
                (visible.text, wording.invisible("U+" + String(visible.first.value, radix: 16, uppercase: true))))
        }
        if let plain = withPlainSpaces(written) {
            slips.append((plain.text, wording.oddSpace(plain.first.english, plain.first.code)))
        }
        if let straight = withStraightQuotes(written) { slips.append((straight, wording.curlyQuotes)) }
        if let (word, rest) = leadingWord(of: written) { slips.append((rest, wording.wordBefore(word))) }
        return slips
    }

    /// `text` with its full-width digits made half-width, and the digits as written; nil
    /// when it has none.
    static func withHalfWidthDigits(_ text: String) -> (text: String, digits: String)? {
        // The first run of digits, as the note names it (`２`, `１０`).
        let digits = text.drop { halfWidthDigit($0) == nil }.prefix { halfWidthDigit($0) != nil }
        guard !digits.isEmpty else { return nil }
        return (String(text.map { halfWidthDigit($0) ?? $0 }), String(digits))
    }

    /// `２` → `2`; nil for any other character.
    static func halfWidthDigit(_ character: Character) -> Character? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            (0xFF10...0xFF19).contains(scalar.value), let half = Unicode.Scalar(scalar.value - 0xFF10 + 0x30)
        else { return nil }
        return Character(half)
    }

    /// The text's first word, when it is one or two characters long and a step follows it
    /// (`も` and `カートに…` in `も カートに…`); nil otherwise.
    static func leadingWord(of text: String) -> (word: String, rest: String)? {
        guard let space = text.firstIndex(of: " ") else { return nil }
        let word = text[..<space]
        let rest = text[space...].drop { $0 == " " }
        guard (1...2).contains(word.count), !rest.isEmpty, !word.contains(where: \.isNumber) else { return nil }
        return (String(word), String(rest))
    }

    /// `text` without its invisible characters (`ConsoleEscaping.isInvisible`), and the
    /// first of them; nil when it has none.
    static func withoutInvisible(_ text: String) -> (text: String, first: Unicode.Scalar)? {
        guard let first = text.unicodeScalars.first(where: ConsoleEscaping.isInvisible) else { return nil }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { !ConsoleEscaping.isInvisible($0) })
        return (String(kept), first)
    }

    /// `text` with typographic quotes (`“Latte”`, `‘Latte’`) made straight; nil when it has
    /// none.
    static func withStraightQuotes(_ text: String) -> String? {
        let straight: [Character: Character] = ["“": "\"", "”": "\"", "‘": "'", "’": "'"]
        guard text.contains(where: { straight[$0] != nil }) else { return nil }
        return String(text.map { straight[$0] ?? $0 })
    }

    /// `text` with its non-breaking spaces and tabs made plain spaces, and the first of
    /// them described; nil when it has none. A chat tool pastes `I\u{A0}add "Latte"…`,
    /// which looks like the step and is not it.
    static func withPlainSpaces(_ text: String) -> (text: String, first: (english: String, code: String))? {
        let odd: [Character: String] = [
            "\u{A0}": "a non-breaking space", "\u{202F}": "a narrow non-breaking space", "\u{2007}": "a figure space",
            "\t": "a tab",
        ]
        guard let found = text.first(where: { odd[$0] != nil }), let name = odd[found],
            let scalar = found.unicodeScalars.first
        else { return nil }
        return (String(text.map { odd[$0] != nil ? " " : $0 }), (name, "U+" + scalar.codePoint))
    }
}
