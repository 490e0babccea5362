import Foundation
import Wire

/// The HTML report's pages and named texts, each stored once (a run's scenarios show the
/// same screens again and again), written as one JSON object the page's script reads.
/// The pages share their beginning and end (the display page's style sheet around each
/// snapshot), stored once; what lies between is stored as its lines, each distinct line
/// once, since one screen differs from the next by a line or two.
struct AttachmentTable {
    /// What an HTML fragment is shown between (`StepRegistry.fragmentPage`).
    let fragmentPage: (prefix: String, suffix: String)?
    /// Each page's index, by what the step attached and by the page itself. Keyed by their
    /// bytes: a `String` key hashes its text normalized, which for a page with Japanese
    /// in it costs more than the rest of the report.
    private var pageIndex: [UTF8Text: Int] = [:]
    private var pageIndexByPage: [UTF8Text: Int] = [:]
    private var pages: [String] = []
    private var textIndex: [NamedText: Int] = [:]
    private var texts: [(name: String, body: String)] = []
    private var bodies: [String] = []

    private struct NamedText: Hashable {
        var name: UTF8Text
        var body: UTF8Text
    }

    /// A folded scenario's steps; their index.
    mutating func body(_ html: String) -> Int {
        bodies.append(html)
        return bodies.count - 1
    }

    init(fragmentPage: (prefix: String, suffix: String)? = nil) { self.fragmentPage = fragmentPage }

    /// The page's reference (`p3`): `html` itself when it is a whole document, else
    /// `html` inside `fragmentPage`.
    mutating func page(_ html: String) -> String {
        let attached = UTF8Text(html)
        if let found = pageIndex[attached] { return "p\(found)" }
        let page = Self.isDocument(html) ? html : fragmentPage.map { $0.prefix + html + $0.suffix } ?? html
        let index = pageIndexByPage[UTF8Text(page)] ?? pages.count
        if index == pages.count {
            pages.append(page)
            pageIndexByPage[UTF8Text(page)] = index
        }
        pageIndex[attached] = index
        return "p\(index)"
    }

    /// The named text's reference (`t7`).
    mutating func text(_ body: String, name: String) -> String {
        let key = NamedText(name: UTF8Text(name), body: UTF8Text(body))
        if let found = textIndex[key] { return "t\(found)" }
        texts.append((name, body))
        textIndex[key] = texts.count - 1
        return "t\(texts.count - 1)"
    }

    /// `<script type="application/json" id="attachments">{"prefix":…,"suffix":…,
    /// "lines":[…],"pages":[[line,…],…],"bodies":[…],"texts":[[name,text],…]}</script>`.
    func script() -> String {
        let bytes = pages.map { Array($0.utf8) }
        let prefix = Self.common(bytes)
        let suffix = Self.common(bytes, fromEnd: true, after: prefix)
        var lineIndex: [UTF8Text: Int] = [:]
        var lines: [String] = []
        let pageLines = bytes.map { page in
            Self.lines(page[prefix..<(page.count - suffix)]).map { line -> Int in
                let text = UTF8Text(String(decoding: line, as: UTF8.self))
                if let found = lineIndex[text] { return found }
                lines.append(text.text)
                lineIndex[text] = lines.count - 1
                return lines.count - 1
            }
        }
        let first = bytes.first ?? []
        var json = JSONWriter(capacity: 1 << 20)
        json.object { json in
            json.member("prefix", String(decoding: first.prefix(prefix), as: UTF8.self))
            json.member("suffix", String(decoding: first.suffix(suffix), as: UTF8.self))
            json.array("lines", lines) { json, line in json.string(line) }
            json.array("pages", pageLines) { json, ids in json.array(ids) { json, id in json.int(id) } }
            json.array("bodies", bodies) { json, body in json.string(body) }
            json.array("texts", texts) { json, text in
                json.array([text.name, text.body]) { json, part in json.string(part) }
            }
        }
        return "<script type=\"application/json\" id=\"attachments\">" + Self.scriptSafe(json.bytes) + "</script>\n"
    }

    /// JSON that nothing in can end the script element or open a comment in it: `</` as
    /// `<\/` and `<!--` as `\u003c!--` (JSON holds `<` only inside strings, where both
    /// read back as they were).
    private static func scriptSafe(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 64)
        for (index, byte) in bytes.enumerated() {
            switch (byte, index + 1 < bytes.count ? bytes[index + 1] : 0) {
            case (UInt8(ascii: "<"), UInt8(ascii: "/")): out += "<\\".utf8
            case (UInt8(ascii: "<"), UInt8(ascii: "!")): out += "\\u003c".utf8
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `html` begins (after white space) with `<!DOCTYPE` or `<html`, either case.
    static func isDocument(_ html: String) -> Bool {
        let start = html.utf8.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.prefix(9)
        let lowered = String(decoding: start.map { $0 | 0x20 }, as: UTF8.self)
        return lowered.hasPrefix("<!doctype") || lowered.hasPrefix("<html")
    }

    /// How many bytes every one of `pages` starts with alike, or (`fromEnd`) ends with alike
    /// after its first `prefix`; a common start ends where a scalar ends, a common end
    /// starts where one starts.
    private static func common(_ pages: [[UInt8]], fromEnd: Bool = false, after prefix: Int = 0) -> Int {
        guard let first = pages.first else { return 0 }
        func byte(_ page: [UInt8], _ offset: Int) -> UInt8 { fromEnd ? page[page.count - 1 - offset] : page[offset] }
        var length = first.count - prefix
        for page in pages.dropFirst() {
            var matched = 0
            let most = min(length, page.count - prefix)
            while matched < most, byte(page, matched) == byte(first, matched) { matched += 1 }
            length = matched
        }
        // Not inside a scalar: a continuation byte is 0b10xxxxxx.
        while length > 0, length < first.count, first[fromEnd ? first.count - length : length] & 0xC0 == 0x80 {
            length -= 1
        }
        return length
    }

    /// `text`'s lines, split at each line feed as a `String`'s characters split: a line
    /// feed after a carriage return is one character with it, and no split.
    private static func lines(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        for index in text.indices where text[index] == 0x0A {
            if index > text.startIndex, text[index - 1] == 0x0D { continue }
            lines.append(text[start..<index])
            start = index + 1
        }
        lines.append(text[start...])
        return lines
    }

    /// Percent-encoded for a `data:` URL: everything but unreserved ASCII.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
