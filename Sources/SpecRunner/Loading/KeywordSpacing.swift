import Gherkin

/// A step keyword followed by something other than the plain space Gherkin needs after
/// it: a non-breaking space a chat tool pasted (`Given\u{A0}the catalog:`), a tab, or no
/// space at all (`Giventhe catalog:`). Gherkin then reads no step: the line is a
/// description (the first step of a scenario) or a parse error (a later one), and the
/// character to blame cannot be seen.
enum KeywordSpacing {
    struct Reading: Sendable, Equatable {
        /// The keyword as Gherkin knows it, without its space (`Given`).
        var keyword: String
        /// What follows it, described (`a non-breaking space (U+00A0)`), or nil for nothing.
        var separator: String?
        /// The step after the keyword.
        var rest: String

        /// `'Given' is followed by a non-breaking space (U+00A0) where Gherkin needs a plain
        /// space: write 'Given the catalog:'`.
        var advice: String { advice(japanese: false) }

        /// The advice in Japanese for a Japanese file.
        func advice(japanese: Bool) -> String {
            let write = "\(keyword) \(rest)"
            let shown = write.count > 50 ? String(write.prefix(50)) + "…" : write
            guard let separator else {
                return japanese
                    ? "「\(keyword)」の後には空白が要ります。「\(shown)」と書きます"
                    : "'\(keyword)' needs a space after it: write '\(shown)'"
            }
            guard japanese else {
                return "'\(keyword)' is followed by \(separator) where Gherkin needs a plain space: write '\(shown)'"
            }
            let named = KeywordSpacing.japaneseNames[separator] ?? separator
            return "「\(keyword)」の後が\(named)です。Gherkinには半角の空白が要ります。「\(shown)」と書きます"
        }
    }

    /// How `line` was meant, or nil when it does not start with one of `dialect`'s step
    /// keywords that end in a space, followed by anything but that space.
    static func reading(of line: Substring, dialect: GherkinDialect) -> Reading? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        let keywords = dialect.stepKeywords.filter { $0.hasSuffix(" ") && $0 != "* " }.map { String($0.dropLast()) }
        for keyword in keywords.sorted(by: { $0.count > $1.count }) where text.hasPrefix(keyword) {
            let after = text.dropFirst(keyword.count)
            guard let first = after.first, first != " " else { continue }
            let rest = after.drop { $0.isWhitespace }.trimmingCharacters(in: " \t\r")
            guard !rest.isEmpty else { continue }
            if first.isWhitespace { return Reading(keyword: keyword, separator: describe(first), rest: String(rest)) }
            if first.isLetter || first == "\"" || first == "'" {
                return Reading(keyword: keyword, separator: nil, rest: String(rest))
            }
        }
        return nil
    }

    /// The separators' names in Japanese, by their English ones.
    static let japaneseNames = [
        "a tab": "タブ", "a non-breaking space (U+00A0)": "ノーブレークスペース（U+00A0）",
        "a full-width space (U+3000)": "全角の空白（U+3000）",
    ]

    private static func describe(_ character: Character) -> String {
        let code = character.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: true) } ?? "?"
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        switch character {
        case "\t": return "a tab"
        case "\u{A0}": return "a non-breaking space (U+00A0)"
        case "\u{3000}": return "a full-width space (U+3000)"
        default: return "an unusual space (U+\(padded))"
        }
    }
}
