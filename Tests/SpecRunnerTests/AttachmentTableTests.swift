import Testing
import Wire

@testable import SpecRunner

/// The HTML report's table of pages and texts (`AttachmentTable`): every page read back
/// from its script (the shared beginning and end around its lines, as the page's script
/// puts them together) is the page that was attached, byte for byte, and each page and
/// named text is stored once.
@Suite struct AttachmentTableTests {
    /// The table's script as JSON, and each reference's page put together as the report's
    /// script does it.
    private static func readBack(_ table: AttachmentTable) throws -> (json: JSONValue, pages: [String]) {
        let script = table.script()
        let open = #"<script type="application/json" id="attachments">"#
        #expect(script.hasPrefix(open) && script.hasSuffix("</script>\n"))
        let json = try JSONParser.parse(String(script.dropFirst(open.count).dropLast("</script>\n".count)))
        let prefix = try #require(json["prefix"]?.stringValue)
        let suffix = try #require(json["suffix"]?.stringValue)
        let lines = try #require(json["lines"]?.arrayValue).compactMap(\.stringValue)
        let pages = try #require(json["pages"]?.arrayValue).map { page in
            prefix + (page.arrayValue ?? []).compactMap { $0.intValue.map { lines[$0] } }.joined(separator: "\n")
                + suffix
        }
        return (json, pages)
    }

    @Test("pages that differ inside a character at their start or end, or at a CR LF, read back whole")
    func pagesReadBack() throws {
        let (prefix, suffix) = ("<html><body>\n<main>", "</main>\n</body></html>")
        var table = AttachmentTable(fragmentPage: (prefix, suffix))
        // ¥ (C2 A5) and © (C2 A9) share their first byte, é (C3 A9) and © their last.
        let fragments = ["<p>¥480</p>\n<p>合計 é", "<p>©480</p>\n<p>合算 ©", "<p>¥480</p>\r\n<p>合計 é"]
        let references = fragments.map { table.page($0) }
        let (_, pages) = try Self.readBack(table)
        for (fragment, reference) in zip(fragments, references) {
            let index = try #require(Int(reference.dropFirst()))
            #expect(pages[index].utf8.elementsEqual((prefix + fragment + suffix).utf8), "\(reference)")
        }
        #expect(table.page(fragments[1]) == references[1])
        #expect(Set(references).count == fragments.count)
    }

    @Test("whole documents, empty and one-letter fragments read back; a page attached twice is stored once")
    func documentsAndFragments() throws {
        let (prefix, suffix) = ("<html><body>\n<main>", "</main>\n</body></html>")
        var table = AttachmentTable(fragmentPage: (prefix, suffix))
        let document = "<!DOCTYPE html><html><body>whole</body></html>"
        let attached = [document, "x", "", "<p>合計</p>\n", prefix + "x" + suffix]
        let references = attached.map { table.page($0) }
        let (_, pages) = try Self.readBack(table)
        #expect(references == ["p0", "p1", "p2", "p3", "p1"])
        #expect(pages == [document, prefix + "x" + suffix, prefix + suffix, prefix + "<p>合計</p>\n" + suffix])
    }

    @Test("one page reads back as it was, and a table with none writes empty ends")
    func onePageAndNone() throws {
        var table = AttachmentTable()
        let reference = table.page("<!doctype html><p>¥1,000</p>\n<p>total</p>")
        let (_, pages) = try Self.readBack(table)
        #expect(reference == "p0")
        #expect(pages == ["<!doctype html><p>¥1,000</p>\n<p>total</p>"])
        let (json, none) = try Self.readBack(AttachmentTable())
        #expect(none.isEmpty)
        #expect(json["prefix"]?.stringValue == "" && json["suffix"]?.stringValue == "")
    }

    @Test("a named text is stored once for its name and body, byte for byte")
    func namedTexts() throws {
        var table = AttachmentTable()
        let first = table.text("合計 ¥480", name: "display.txt")
        #expect(table.text("合計 ¥480", name: "display.txt") == first)
        #expect(table.text("合計 ¥480", name: "state.json") != first)
        // The same text decomposed (e + combining acute) is other bytes: kept as written.
        #expect(table.text("caf\u{E9}", name: "display.txt") != table.text("cafe\u{301}", name: "display.txt"))
        let (json, _) = try Self.readBack(table)
        let texts = try #require(json["texts"]?.arrayValue)
        #expect(texts.count == 4)
        #expect(texts.first == .array([.string("display.txt"), .string("合計 ¥480")]))
    }

    @Test("a data URL's text is percent-encoded as UTF-8, all but unreserved ASCII")
    func percentEncoding() {
        #expect(AttachmentTable.percentEncoded("aZ09-._~") == "aZ09-._~")
        #expect(AttachmentTable.percentEncoded("a b/é\0\n😀") == "a%20b%2F%C3%A9%00%0A%F0%9F%98%80")
    }
}
