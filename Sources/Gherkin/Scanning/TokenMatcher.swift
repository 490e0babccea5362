/// Decides whether a line is a token of a given type and records what it holds.
///
/// Stateful like the reference's: `# language:` switches the keywords, and an open doc
/// string remembers its delimiter and the indent to strip from its content.
struct TokenMatcher {
    /// Raised by a matcher when the line is of its type but malformed.
    enum Failure: Error {
        case tagWithWhitespace(line: Int, column: Int)
        case unknownLanguage(String, line: Int, column: Int)
    }

    private(set) var keywords: DialectKeywords
    /// The whole file; lines are positions in it.
    private let bytes: [UInt8]
    private var activeDocStringSeparator: [UInt8]?
    private var indentToRemove = 0

    init(bytes: [UInt8], keywords: DialectKeywords = .english) {
        self.bytes = bytes
        self.keywords = keywords
    }

    private static let tripleQuote: [UInt8] = Array("\"\"\"".utf8)
    private static let tripleBacktick: [UInt8] = Array("```".utf8)
    private static let languageWord: [UInt8] = Array("language".utf8)

    /// Whether `token` is of `type`; on success the token's fields describe the match.
    mutating func match(_ type: TokenType, _ token: inout Token) throws(Failure) -> Bool {
        if type == .eof { return matchEOF(&token) }
        guard let line = token.line else { return false }
        if line.isEmpty {
            // Only these match a blank line; the tests below would all fail on it.
            guard type == .empty || type == .other else { return false }
        }
        switch type {
        case .eof: return false
        case .empty:
            guard line.isEmpty else { return false }
            set(&token, .empty, indent: 0)
        case .comment:
            guard line.firstByte(in: bytes) == UInt8(ascii: "#") else { return false }
            set(&token, .comment, text: line.text(removingIndent: 0, in: bytes), indent: 0)
        case .tagLine:
            guard line.firstByte(in: bytes) == UInt8(ascii: "@") else { return false }
            do {
                let tags = try line.tags(in: bytes, collecting: true)
                set(&token, .tagLine, items: tags)
            } catch {
                throw .tagWithWhitespace(line: error.line, column: error.column)
            }
        case .featureLine, .ruleLine, .backgroundLine, .scenarioLine, .examplesLine:
            guard let keyword = titleKeyword(type, line, wantText: true) else { return false }
            set(&token, type, text: line.restTrimmed(afterBytes: keyword.length, in: bytes), keyword: keyword.text)
        case .stepLine: return matchStep(&token, line)
        case .docStringSeparator: return matchDocStringSeparator(&token, line)
        case .tableRow:
            guard line.firstByte(in: bytes) == UInt8(ascii: "|") else { return false }
            set(&token, .tableRow)
            token.cells = line.tableCells(in: bytes)
        case .language: return try matchLanguage(&token, line)
        case .other:
            if activeDocStringSeparator.hasValue && line.contains(UInt8(ascii: "\\"), in: bytes) {
                let text = line.text(removingIndent: indentToRemove, in: bytes)
                set(&token, .other, text: unescapeDocString(text), indent: 0)
            } else {
                // Most lines are copied as they are: keep the range, build no string.
                set(&token, .other, indent: 0)
                token.textRange = line.textRange(removingIndent: indentToRemove, in: bytes)
            }
        }
        return true
    }

    /// The types a token of `line` might match (a superset, from its first byte alone), so
    /// the parser skips the matchers that would fail anyway; nil is the end of the file.
    func candidates(for line: GherkinLine?) -> UInt32 {
        guard let line else { return TokenType.eof.bit }
        guard let first = line.firstByte(in: bytes) else { return TokenType.empty.bit | TokenType.other.bit }
        var types = TokenType.other.bit
        switch first {
        case UInt8(ascii: "#"): types |= TokenType.comment.bit | TokenType.language.bit
        case UInt8(ascii: "@"): types |= TokenType.tagLine.bit
        case UInt8(ascii: "|"): types |= TokenType.tableRow.bit
        default: break
        }
        if let active = activeDocStringSeparator {
            if active.first == first { types |= TokenType.docStringSeparator.bit }
        } else if first == UInt8(ascii: "\"") || first == UInt8(ascii: "`") {
            types |= TokenType.docStringSeparator.bit
        }
        return types | keywords.keywordTypesByFirstByte[Int(first)]
    }

    private func matchEOF(_ token: inout Token) -> Bool {
        guard token.isEOF else { return false }
        token.type = .eof
        token.textRange = nil
        token.keyword = nil
        token.keywordType = nil
        token.text = nil
        token.items = []
        token.cells = []
        token.column = 1
        return true
    }

    /// Whether `line` is of `type` (one of the types a lookahead looks for: empty, comment,
    /// tag line or a title), and at which column the token would be; builds nothing.
    func probe(_ type: TokenType, _ line: GherkinLine) throws(Failure) -> Int? {
        switch type {
        case .empty: return line.isEmpty ? 1 : nil
        case .comment: return line.firstByte(in: bytes) == UInt8(ascii: "#") ? 1 : nil
        case .tagLine:
            guard line.firstByte(in: bytes) == UInt8(ascii: "@") else { return nil }
            do {
                _ = try line.tags(in: bytes, collecting: false)
            } catch {
                throw .tagWithWhitespace(line: error.line, column: error.column)
            }
            return line.indent + 1
        case .featureLine, .ruleLine, .backgroundLine, .scenarioLine, .examplesLine:
            return titleKeyword(type, line, wantText: false) == nil ? nil : line.indent + 1
        default:
            return nil
        }
    }

    /// The first title keyword of `type` that `line` starts with: its length in bytes
    /// (with the `:`) and, when `wantText`, its text.
    private func titleKeyword(_ type: TokenType, _ line: GherkinLine, wantText: Bool) -> (length: Int, text: String)? {
        guard let first = line.firstByte(in: bytes) else { return nil }
        switch type {
        case .featureLine:
            guard keywords.featureStarts.contains(first) else { return nil }
            return firstKeyword(in: keywords.feature, line, wantText: wantText)
        case .ruleLine:
            guard keywords.ruleStarts.contains(first) else { return nil }
            return firstKeyword(in: keywords.rule, line, wantText: wantText)
        case .backgroundLine:
            guard keywords.backgroundStarts.contains(first) else { return nil }
            return firstKeyword(in: keywords.background, line, wantText: wantText)
        case .scenarioLine:
            guard keywords.scenarioStarts.contains(first) else { return nil }
            return firstKeyword(in: keywords.scenario, line, wantText: wantText)
        case .examplesLine:
            guard keywords.examplesStarts.contains(first) else { return nil }
            return firstKeyword(in: keywords.examples, line, wantText: wantText)
        default:
            return nil
        }
    }

    /// Keywords are read in place: copying one out (or the list) retains and releases it.
    @inline(__always)
    private func firstKeyword(
        in candidates: [DialectKeywords.TitleKeyword], _ line: GherkinLine, wantText: Bool
    ) -> (length: Int, text: String)? {
        candidates.withUnsafeBufferPointer { candidates in
            for index in candidates.indices where line.starts(with: candidates[index].bytes, in: bytes) {
                return (candidates[index].bytes.count, wantText ? candidates[index].text : "")
            }
            return nil
        }
    }

    private func matchStep(_ token: inout Token, _ line: GherkinLine) -> Bool {
        guard let first = line.firstByte(in: bytes) else { return false }
        let group = keywords.stepGroups[Int(first)]
        guard !group.isEmpty else { return false }
        // Read in place, as the title keywords are.
        return keywords.groupedSteps.withUnsafeBufferPointer { candidates in
            for index in group where line.starts(with: candidates[index].bytes, in: bytes) {
                set(
                    &token, .stepLine, text: line.restTrimmed(afterBytes: candidates[index].bytes.count, in: bytes),
                    keyword: candidates[index].text, keywordType: candidates[index].type
                )
                return true
            }
            return false
        }
    }

    private mutating func matchDocStringSeparator(_ token: inout Token, _ line: GherkinLine) -> Bool {
        if let active = activeDocStringSeparator {
            guard line.starts(with: active, in: bytes) else { return false }
            activeDocStringSeparator = nil
            indentToRemove = 0
            set(&token, .docStringSeparator, keyword: String(decoding: active, as: UTF8.self))
            return true
        }
        let separator: [UInt8]
        switch line.firstByte(in: bytes) {
        case UInt8(ascii: "\""): separator = Self.tripleQuote
        case UInt8(ascii: "`"): separator = Self.tripleBacktick
        default: return false
        }
        if line.starts(with: separator, in: bytes) {
            activeDocStringSeparator = separator
            indentToRemove = line.indent
            set(
                &token, .docStringSeparator, text: line.restTrimmed(afterBytes: separator.count, in: bytes),
                keyword: String(decoding: separator, as: UTF8.self)
            )
            return true
        }
        return false
    }

    private mutating func matchLanguage(_ token: inout Token, _ line: GherkinLine) throws(Failure) -> Bool {
        guard let language = languageName(in: line) else { return false }
        set(&token, .language, text: language)
        guard let dialect = DialectKeywords.named(language) else {
            throw .unknownLanguage(language, line: line.number, column: line.indent + 1)
        }
        keywords = dialect
        return true
    }

    /// The name in a `# language: xx` line (`^\s*#\s*language\s*:\s*([a-zA-Z\-_]+)\s*$`).
    private func languageName(in line: GherkinLine) -> String? {
        let end = line.end
        var index = line.trimmedStart
        guard index < end, bytes[index] == UInt8(ascii: "#") else { return nil }
        index = UTF8Text.skipWhitespace(bytes, from: index + 1, to: end)
        guard UTF8Text.hasPrefix(bytes, at: index, Self.languageWord) else { return nil }
        index = UTF8Text.skipWhitespace(bytes, from: index + 8, to: end)
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
        index = UTF8Text.skipWhitespace(bytes, from: index + 1, to: end)
        let nameStart = index
        while index < end {
            let byte = bytes[index]
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            guard isLetter || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") else { break }
            index += 1
        }
        guard index > nameStart, UTF8Text.skipWhitespace(bytes, from: index, to: end) == end else { return nil }
        return UTF8Text.string(bytes, from: nameStart, to: index)
    }

    private func unescapeDocString(_ text: String) -> String {
        guard let active = activeDocStringSeparator else { return text }
        if active == Self.tripleQuote {
            return text.replacing("\\\"\\\"\\\"", with: "\"\"\"")
        }
        return text.replacing("\\`\\`\\`", with: "```")
    }

    /// Records a match. A token is matched once, so its fields are still empty: only the
    /// ones given are written (writing `nil` over `nil` still calls into the runtime, per line).
    private func set(
        _ token: inout Token, _ type: TokenType, text: String? = nil, keyword: String? = nil,
        keywordType: StepKeywordType? = nil, indent: Int? = nil, items: [Tag]? = nil
    ) {
        token.type = type
        if text.hasValue || token.text.hasValue { token.text = text }
        if token.textRange.hasValue { token.textRange = nil }
        if keyword.hasValue || token.keyword.hasValue { token.keyword = keyword }
        token.keywordType = keywordType
        if let items {
            token.items = items
        } else if !token.items.isEmpty {
            token.items = []
        }
        if !token.cells.isEmpty { token.cells = [] }
        token.column = (indent ?? token.line?.indent ?? 0) + 1
    }
}
