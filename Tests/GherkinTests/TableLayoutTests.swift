import Testing

@testable import Gherkin

/// The one measure of how many columns a table's text takes on screen, which the console,
/// the scenarios explore writes and the language server's formatting share.
@Suite("Table layout")
struct TableLayoutTests {
    @Test("wide and full-width characters take two columns")
    func wide() {
        #expect(TableLayout.width(of: "Tea") == 3)
        #expect(TableLayout.width(of: "お茶") == 4)
        #expect(TableLayout.width(of: "ＡＢ1") == 5)
        #expect(TableLayout.width(of: "한국") == 4, "Hangul")
        #expect(TableLayout.width(of: "🍵") == 2, "an emoji")
        #expect(TableLayout.width(of: "") == 0)
    }

    @Test("signs, dashes and ellipses take one column, above U+1100 or not")
    func narrow() {
        #expect(TableLayout.width(of: "¥1,500") == 6)
        #expect(TableLayout.width(of: "a—b") == 3, "an em dash")
        #expect(TableLayout.width(of: "1–2…") == 4, "an en dash and an ellipsis")
        #expect(TableLayout.width(of: "→€") == 2)
        #expect(TableLayout.width(of: "\u{303F}") == 1, "the half fill space between the CJK blocks")
    }

    @Test("a combining mark or an emoji's joiner adds no column to the character it joins")
    func combining() {
        #expect(TableLayout.width(of: "Cafe\u{0301}") == 4)
        #expect(TableLayout.width(of: "か\u{3099}") == 2, "a combining voiced sound mark")
        #expect(TableLayout.width(of: "👨\u{200D}👩\u{200D}👧") == 2)
    }

    @Test("each column is as wide as its widest cell; a short row pads only the cells it has")
    func padded() {
        let rows = [["name", "price"], ["お茶", "150"], ["Cafe\u{0301} — large"]]
        #expect(
            TableLayout.padded(rows) == [
                ["name        ", "price"],
                ["お茶        ", "150  "],
                ["Cafe\u{0301} — large"],
            ])
        #expect(TableLayout.padded([]) == [])
    }
}
