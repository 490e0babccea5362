/// One token of the display snapshot's HTML, as byte ranges into its UTF-8.
enum HTMLToken: Equatable {
    /// A start tag: its name, the text holding its attributes (read them with
    /// `HTMLAttributeScanner`), and whether it ends in `/>`.
    case start(name: Range<Int>, attributes: Range<Int>, selfClosing: Bool)
    case end(name: Range<Int>)
    /// Text between tags, entities not yet decoded.
    case text(Range<Int>)
}

/// A forgiving scanner for the display snapshot's HTML: start tags, end tags and text, in
/// order; comments, doctypes and processing instructions skipped. Enough for the snapshot
/// contract of protocol.md, not a general HTML parser.
///
/// A snapshot arrives for every change of the screen, so the scanner hands out ranges of
/// the snapshot's UTF-8 and builds no strings: the reader makes strings of the few values
/// it keeps.
struct HTMLScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Set where the rest of the text can give no more tokens (an unterminated comment
    /// or script).
    private var finished = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func next() -> HTMLToken? {
        while !finished, index < bytes.count {
            guard let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else {
                finished = true
                return .text(index..<bytes.count)
            }
            if open > index {
                defer { index = open }
                return .text(index..<open)
            }
            if HTMLBytes.has(bytes, "!--", at: open + 1) {
                guard let close = find("-->", from: open + 4) else { break }
                index = close + 3
                continue
            }
            guard let close = tagEnd(from: open + 1) else {
                finished = true
                return .text(open..<bytes.count)
            }
            index = close + 1
            guard let token = tag(open + 1..<close) else { continue }
            // Script and style bodies are raw text: a `<p>` inside a script is no tag.
            if case .start(let name, _, false) = token, isRawTextElement(name) {
                if let endTag = findEndTag(of: name, from: index) { index = endTag } else { finished = true }
            }
            return token
        }
        finished = true
        return nil
    }

    /// Whether the element named by `name` (a range of the bytes) is `script` or `style`.
    func isRawTextElement(_ name: Range<Int>) -> Bool {
        HTMLBytes.matches(bytes, name, "script") || HTMLBytes.matches(bytes, name, "style")
    }

    private func find(_ needle: StaticString, from start: Int) -> Int? {
        (start..<max(start, bytes.count)).first { HTMLBytes.has(bytes, needle, at: $0) }
    }

    /// Where `</name` next starts, ignoring ASCII case.
    private func findEndTag(of name: Range<Int>, from start: Int) -> Int? {
        (start..<max(start, bytes.count - 1 - name.count)).first { index in
            HTMLBytes.has(bytes, "</", at: index)
                && HTMLBytes.sameName(bytes, name, (index + 2)..<(index + 2 + name.count))
        }
    }

    /// The `>` that ends a tag, skipping quoted attribute values.
    private func tagEnd(from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return index }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                while index < bytes.count, bytes[index] != byte { index += 1 }
            }
            index += 1
        }
        return nil
    }

    /// The tag whose text between `<` and `>` is `inside`; nil for `<!…>`, `<?…>` and `<>`.
    private func tag(_ inside: Range<Int>) -> HTMLToken? {
        guard let first = inside.first.map({ bytes[$0] }), first != UInt8(ascii: "!"), first != UInt8(ascii: "?")
        else { return nil }
        if first == UInt8(ascii: "/") {
            return .end(name: nameRange(from: inside.lowerBound + 1, to: inside.upperBound))
        }
        var end = inside.upperBound
        let selfClosing = bytes[end - 1] == UInt8(ascii: "/")
        if selfClosing { end -= 1 }
        let name = nameRange(from: inside.lowerBound, to: end)
        guard !name.isEmpty else { return nil }
        return .start(name: name, attributes: name.upperBound..<end, selfClosing: selfClosing)
    }

    private func nameRange(from start: Int, to end: Int) -> Range<Int> {
        start..<((start..<end).first { HTMLBytes.isSpace(bytes[$0]) || bytes[$0] == UInt8(ascii: "/") } ?? end)
    }
}

/// The attributes of one start tag, in document order, as byte ranges: `name="value"`,
/// `name='value'`, `name=value` or a bare `name` (whose value is empty).
///
/// Values are not decoded here: most attributes of a snapshot are never read.
struct HTMLAttributeScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let end: Int

    /// Reads the attribute text `range` of `bytes` (what follows a start tag's name).
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        index = range.lowerBound
        end = range.upperBound
    }

    /// The next attribute's name and raw value; nil at the end.
    mutating func next() -> (name: Range<Int>, value: Range<Int>)? {
        while index < end, HTMLBytes.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
            index += 1
        }
        let nameStart = index
        while index < end, !isNameEnd(bytes[index]) { index += 1 }
        guard index > nameStart else {
            index = end
            return nil
        }
        let name = nameStart..<index
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return (name, index..<index) }
        index += 1
        skipSpaces()
        guard index < end,
            bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
        else {
            let valueStart = index
            while index < end, !HTMLBytes.isSpace(bytes[index]) { index += 1 }
            return (name, valueStart..<index)
        }
        let quote = bytes[index]
        index += 1
        let valueStart = index
        while index < end, bytes[index] != quote { index += 1 }
        let value = valueStart..<index
        if index < end { index += 1 }
        return (name, value)
    }

    private func isNameEnd(_ byte: UInt8) -> Bool {
        HTMLBytes.isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/")
    }

    private mutating func skipSpaces() {
        while index < end, HTMLBytes.isSpace(bytes[index]) { index += 1 }
    }
}
