import Wire

/// The HTML report's pages and named texts, each stored once (a run's scenarios show the
/// same screens again and again), written as one JSON object the page's script reads.
/// The pages share their beginning and end (the display page's style sheet around each
/// snapshot), stored once; what lies between is stored as its lines, each distinct line
/// once, since one screen differs from the next by a line or two.
struct AttachmentTable {
    /// What an HTML fragment is shown between (`StepRegistry.fragmentPage`).
    let fragmentPage: (prefix: String, suffix: String)?
    private var pageIndex: [String: Int] = [:]
    private var pages: [String] = []
    private var textIndex: [String: Int] = [:]
    private var texts: [(name: String, body: String)] = []
    /// Folded scenarios' steps, as HTML.
    private var bodies: [String] = []

    /// A folded scenario's steps; their index.
    mutating func body(_ html: String) -> Int {
        bodies.append(html)
        return bodies.count - 1
    }

    init(fragmentPage: (prefix: String, suffix: String)? = nil) {
        self.fragmentPage = fragmentPage
    }

    /// The page's reference (`p3`): `html` itself when it is a whole document, else
    /// `html` inside `fragmentPage`.
    mutating func page(_ html: String) -> String {
        let page = Self.isDocument(html) ? html : fragmentPage.map { $0.prefix + html + $0.suffix } ?? html
        if let found = pageIndex[page] { return "p\(found)" }
        pages.append(page)
        pageIndex[page] = pages.count - 1
        return "p\(pages.count - 1)"
    }

    /// The named text's reference (`t7`).
    mutating func text(_ body: String, name: String) -> String {
        let key = name + "\u{0}" + body
        if let found = textIndex[key] { return "t\(found)" }
        texts.append((name, body))
        textIndex[key] = texts.count - 1
        return "t\(texts.count - 1)"
    }

    /// `<script type="application/json" id="attachments">{"prefix":…,"suffix":…,
    /// "lines":[…],"pages":[[line,…],…],"bodies":[…],"texts":[[name,text],…]}</script>`.
    func script() -> String {
        let scalars = pages.map { Array($0.unicodeScalars) }
        let prefix = Self.commonLength(scalars.map { $0[...] })
        let suffix = Self.commonLength(scalars.map { $0.dropFirst(prefix).reversed()[...] })
        var lineIndex: [String: Int] = [:]
        var lines: [String] = []
        let pageLines = scalars.map { page in
            String(String.UnicodeScalarView(page.dropFirst(prefix).dropLast(suffix)))
                .split(separator: "\n", omittingEmptySubsequences: false).map { line -> Int in
                    let text = String(line)
                    if let found = lineIndex[text] { return found }
                    lines.append(text)
                    lineIndex[text] = lines.count - 1
                    return lines.count - 1
                }
        }
        var json = JSONWriter(capacity: 1 << 20)
        json.object { json in
            json.member("prefix", scalars.first.map { String(String.UnicodeScalarView($0.prefix(prefix))) } ?? "")
            json.member("suffix", scalars.first.map { String(String.UnicodeScalarView($0.suffix(suffix))) } ?? "")
            json.key("lines")
            json.array(lines) { json, line in json.string(line) }
            json.key("pages")
            json.array(pageLines) { json, ids in json.array(ids) { json, id in json.int(id) } }
            json.key("bodies")
            json.array(bodies) { json, body in json.string(body) }
            json.key("texts")
            json.array(texts) { json, text in
                json.beginArray()
                json.string(text.name)
                json.string(text.body)
                json.endArray()
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
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "<"), index < bytes.count else {
                out.append(byte)
                continue
            }
            if bytes[index] == UInt8(ascii: "/") {
                out += Array("<\\".utf8)
            } else if bytes[index] == UInt8(ascii: "!") {
                out += Array("\\u003c".utf8)
            } else {
                out.append(byte)
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

    /// How many scalars every one of `values` starts with alike.
    private static func commonLength(_ values: [ArraySlice<Unicode.Scalar>]) -> Int {
        guard let first = values.first else { return 0 }
        var length = first.count
        for value in values.dropFirst() {
            var matched = 0
            for (scalar, other) in zip(value, first.prefix(length)) {
                guard scalar == other else { break }
                matched += 1
            }
            length = min(length, matched)
        }
        return length
    }

    /// Percent-encoded for a `data:` URL: everything but unreserved ASCII.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
