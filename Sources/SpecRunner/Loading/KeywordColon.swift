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
    /// `Scenario points are checked:`): the longest such. A word of one or two Latin letters
    /// (some languages have them) is too likely the start of some other text to name;
    /// Japanese keywords are short and distinctive.
    static func missing(in line: Substring) -> String? {
        var text = line.withoutIndent.trimming(" \t\r")
        // A colon at the end closes a name (`Scenario b:`); right after the keyword it is in place.
        let colonAtEnd = text.last == ":" || text.last == "："
        if colonAtEnd { text = text.dropLast() }
        guard !text.contains(":"), !text.contains("："), let first = text.first else { return nil }
        return KeywordLanguage.blockKeywords(startingWith: first).filter { keyword in
            (keyword.count >= 3 || keyword.hasWideScript)
                && ((text == keyword && !colonAtEnd) || text.hasPrefix(keyword + " "))
        }.max { $0.count < $1.count }
    }
}
