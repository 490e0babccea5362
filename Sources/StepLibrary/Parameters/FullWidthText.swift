/// Full-width digits and signs, as a Japanese input method types them (`１，２００円`,
/// `９：３０`), read as their ASCII forms: the values a Japanese feature writes are the
/// same values whichever width they were typed in.
enum FullWidthText {
    /// The character class of one digit, either width, for a parameter's regular expression.
    static let digit = "[0-9０-９]"
    /// The thousands separator, either width.
    static let comma = "[,，]"
    /// A minus sign: ASCII, full-width `－` or the mathematical `−`.
    static let minus = "[-－−]"

    /// `text` with full-width digits, comma, colon, period and minus made ASCII; the same
    /// string when it has none (the usual case, checked without building anything).
    static func narrowed(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isWide) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map(narrow)))
    }

    /// `narrowed`, and also `￥` as `¥` and the ideographic space as a space, runs of spaces
    /// as one: for comparing what a feature wrote with what a screen shows.
    static func comparable(_ text: String) -> String {
        let narrow = narrowed(text)
        guard narrow.unicodeScalars.contains(where: { $0 == "￥" || $0 == "\u{3000}" }) else { return narrow }
        var result = ""
        for character in narrow {
            switch character {
            case "￥": result.append("¥")
            case "\u{3000}", " ": if result.last != " " { result.append(" ") }
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` with every full-width ASCII form (`ｎａｍｅ`, `ｅｍｐｔｙＣａｒｔ`) made ASCII: for a
    /// name typed in the wrong width, to be told what it means.
    static func ascii(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    (0xFF01...0xFF5E).contains($0.value) ? Unicode.Scalar($0.value - 0xFEE0) ?? $0 : $0
                }
            ))
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        (0xFF0C...0xFF1A).contains(scalar.value) || scalar.value == 0x2212
    }

    private static func narrow(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0xFF10...0xFF19, 0xFF0C, 0xFF0E, 0xFF1A: Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar
        case 0xFF0D, 0x2212: "-"
        default: scalar
        }
    }
}
