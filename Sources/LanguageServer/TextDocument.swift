import Wire

/// An open document's text, changed as the editor says: whole (full sync) or a range at
/// a time (incremental sync). Positions are LSP's: a 0-based line and a column in UTF-16
/// code units (`あ` is one, `😀` two).
struct TextDocument {
    var version: Int
    var text: String

    /// A position in the text, as LSP gives one.
    struct Position {
        var line: Int
        var character: Int

        /// `{"line": L, "character": C}`; nil for anything else.
        init?(_ value: JSONValue?) {
            guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue else { return nil }
            self.line = line
            self.character = character
        }
    }

    /// Applies one content change: the whole text, or a range and its new text. A position
    /// past a line's end means its end, and one past the last line the text's end (as the
    /// specification says).
    mutating func apply(_ change: JSONValue) {
        guard let replacement = change["text"]?.stringValue else { return }
        guard let start = Position(change["range"]?["start"]), let end = Position(change["range"]?["end"]) else {
            text = replacement
            return
        }
        let lower = index(of: start)
        text.replaceSubrange(lower..<max(lower, index(of: end)), with: replacement)
    }

    /// The text's index at `position`, clamped to its line and to the text.
    func index(of position: Position) -> String.Index {
        let utf16 = text.utf16
        var lineStart = utf16.startIndex
        var line = 0
        while line < position.line {
            guard let newline = utf16[lineStart...].firstIndex(of: 10) else { return text.endIndex }
            lineStart = utf16.index(after: newline)
            line += 1
        }
        let lineEnd = utf16[lineStart...].firstIndex(where: { $0 == 10 || $0 == 13 }) ?? utf16.endIndex
        let available = utf16.distance(from: lineStart, to: lineEnd)
        let offset = utf16.index(lineStart, offsetBy: min(max(0, position.character), available))
        // Inside a surrogate pair: its start.
        return offset.samePosition(in: text.unicodeScalars) ?? text.unicodeScalars.index(before: offset)
    }

    /// The text's lines, without their line ends.
    var lines: [Substring] {
        text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { line in
            let line = Substring(line)
            return line.utf8.last == 13 ? Substring(line.utf8.dropLast()) : line
        }
    }
}

extension Substring {
    /// The line up to UTF-16 column `column`, clamped to the line; inside a surrogate pair,
    /// up to the pair's start.
    func prefix(utf16Column column: Int) -> Substring {
        var end = utf16.index(startIndex, offsetBy: Swift.min(Swift.max(0, column), utf16.count))
        if end > startIndex, UTF16.isLeadSurrogate(utf16[utf16.index(before: end)]) { end = utf16.index(before: end) }
        return self[..<end]
    }
}
