/// A forgiving scanner for the display snapshot's HTML: start tags with their attributes,
/// end tags and text, entities decoded. Enough for the snapshot contract of protocol.md,
/// not a general HTML parser.
///
/// It works on UTF-8 bytes: every byte it looks for (`<`, `>`, quotes, `=`, `&`, `;`,
/// ASCII whitespace) is ASCII, and a snapshot arrives for every change of the screen.
enum HTMLToken: Equatable {
    case start(name: String, attributes: HTMLAttributes, selfClosing: Bool)
    case end(name: String)
    case text(String)
}

enum HTMLScanner {
    private static let lessThan = UInt8(ascii: "<")
    private static let greaterThan = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")
    private static let equals = UInt8(ascii: "=")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let ampersand = UInt8(ascii: "&")
    private static let semicolon = UInt8(ascii: ";")

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    /// The tokens of `html`, in order; comments, doctypes and processing instructions skipped.
    static func tokens(_ html: String) -> [HTMLToken] {
        let bytes = Array(html.utf8)
        var tokens: [HTMLToken] = []
        var index = 0
        while index < bytes.count {
            guard let open = firstIndex(of: lessThan, in: bytes, from: index) else {
                tokens.append(.text(decodeEntities(bytes[index...])))
                break
            }
            if open > index { tokens.append(.text(decodeEntities(bytes[index..<open]))) }
            if starts(bytes, at: open + 1, with: "!--") {
                guard let close = find(Array("-->".utf8), in: bytes, from: open + 4) else { break }
                index = close + 3
                continue
            }
            guard let close = tagEnd(bytes, from: open + 1) else {
                tokens.append(.text(decodeEntities(bytes[open...])))
                break
            }
            index = close + 1
            guard let token = tag(bytes[(open + 1)..<close]) else { continue }
            tokens.append(token)
            // Script and style bodies are raw text: a `<p>` inside a script is no tag.
            if case .start(let name, _, false) = token, name == "script" || name == "style" {
                guard let endTag = findCaseInsensitive(Array(("</" + name).utf8), in: bytes, from: index) else { break }
                index = endTag
            }
        }
        return tokens
    }

    private static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in
            index + prefix.count <= bytes.count && bytes[index..<index + prefix.count].elementsEqual(prefix)
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    private static func findCaseInsensitive(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if zip(bytes[index..<index + needle.count], needle).allSatisfy({ lowercase($0) == $1 }) { return index }
            index += 1
        }
        return nil
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The `>` that ends a tag, skipping quoted attribute values.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var quote: UInt8?
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == doubleQuote || byte == singleQuote {
                quote = byte
            } else if byte == greaterThan {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func tag(_ inside: ArraySlice<UInt8>) -> HTMLToken? {
        guard let first = inside.first, first != UInt8(ascii: "!"), first != UInt8(ascii: "?") else { return nil }
        if first == slash {
            let name = inside.dropFirst().prefix { !isSpace($0) && $0 != slash }
            return .end(name: lowercasedString(name))
        }
        var body = inside
        let selfClosing = body.last == slash
        if selfClosing { body = body.dropLast() }
        let name = body.prefix { !isSpace($0) && $0 != slash }
        guard !name.isEmpty else { return nil }
        return .start(
            name: lowercasedString(name), attributes: attributes(body.dropFirst(name.count)), selfClosing: selfClosing)
    }

    private static func lowercasedString(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes.map(lowercase), as: UTF8.self)
    }

    private static func attributes(_ text: ArraySlice<UInt8>) -> HTMLAttributes {
        var result = HTMLAttributes()
        var rest = text
        while true {
            rest = rest.drop { isSpace($0) || $0 == slash }
            guard !rest.isEmpty else { return result }
            let name = rest.prefix { !isSpace($0) && $0 != equals && $0 != slash }
            guard !name.isEmpty else { return result }
            rest = rest.dropFirst(name.count).drop(while: isSpace)
            var value = ""
            if rest.first == equals {
                rest = rest.dropFirst().drop(while: isSpace)
                if let quote = rest.first, quote == doubleQuote || quote == singleQuote {
                    let content = rest.dropFirst()
                    let raw = content.prefix { $0 != quote }
                    value = decodeEntities(raw)
                    rest = content.dropFirst(raw.count).dropFirst()
                } else {
                    let raw = rest.prefix { !isSpace($0) }
                    value = decodeEntities(raw)
                    rest = rest.dropFirst(raw.count)
                }
            }
            result.pairs.append((lowercasedString(name), value))
        }
    }

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "yen": "¥",
        "times": "×", "minus": "−",
    ]

    /// `&amp;` → `&`, `&#39;` → `'`, `&#x27;` → `'`; an unknown entity stays as written.
    static func decodeEntities(_ text: ArraySlice<UInt8>) -> String {
        guard text.contains(ampersand) else { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == ampersand,
                let end = text[index..<min(index + 12, text.endIndex)].firstIndex(of: semicolon),
                let decoded = decodeEntity(String(decoding: text[(index + 1)..<end], as: UTF8.self))
            {
                out.append(contentsOf: decoded.utf8)
                index = end + 1
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func decodeEntity(_ name: String) -> String? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        return namedEntities[name]
    }
}
