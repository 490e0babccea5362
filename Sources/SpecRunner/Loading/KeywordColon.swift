/// A block keyword whose colon is wrong: typed full-width (`シナリオ：`), as a Japanese input
/// method gives it, or left out (`Examples`). Gherkin knows only `:` right after the
/// keyword, so the line is no keyword line: a parse error, or quietly description text.
/// Found so the message can say what to type instead.
enum KeywordColon {
    /// The keyword when `line` (leading blanks allowed) is a block keyword of any Gherkin
    /// language directly followed by `：`.
    static func fullWidth(in line: Substring) -> String? {
        let text = line.withoutIndent
        guard let colon = text.firstIndex(of: "："), !text[..<colon].contains(":"), let first = text.first
        else { return nil }
        let word = String(text[..<colon])
        return KeywordLanguage.blockKeywords(startingWith: first).contains(word) ? word : nil
    }

    /// The keyword when `line` is a block keyword alone or followed by a space, with no
    /// colon after it but at the line's end (`Examples`, `Scenario Outline totals`,
    /// `Scenario points are checked:`) or after the space (`ルール : 会員`): the longest
    /// such. A word of one or two Latin letters (some languages have them) is too likely
    /// the start of some other text to name; Japanese keywords are short and distinctive.
    static func missing(in line: Substring) -> String? {
        var text = line.withoutIndent.trimming(" \t\r")
        // A colon at the end closes a name (`Scenario b:`); right after the keyword it is in place.
        let colonAtEnd = text.last == ":" || text.last == "："
        if colonAtEnd { text = text.dropLast() }
        guard let first = text.first else { return nil }
        // A space before the colon (`ルール : 会員`, `Rule :`).
        if !colonAtEnd, let colon = text.firstIndex(where: { $0 == ":" || $0 == "：" }),
            text[..<colon].last == " " || text[..<colon].last == "\u{3000}"
        {
            let word = text[..<colon].trimming(" \u{3000}")
            return KeywordLanguage.blockKeywords(startingWith: first).first { $0 == word }
        }
        guard !text.contains(":"), !text.contains("：") else { return nil }
        return KeywordLanguage.blockKeywords(startingWith: first).filter { keyword in
            (keyword.count >= 3 || keyword.hasWideScript)
                && ((text == keyword && !colonAtEnd) || text.hasPrefix(keyword + " "))
        }.max { $0.count < $1.count }
    }
}
