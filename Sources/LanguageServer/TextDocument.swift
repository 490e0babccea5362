import Wire

/// An open document's text, changed as the editor says: whole (full sync) or a range at
/// a time (incremental sync). Positions are LSP's: a 0-based line and a column in UTF-16
/// code units (`あ` is one, `😀` two).
struct TextDocument {
    var version: Int
    var text: String

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
        for _ in 0..<max(0, position.line) {
            guard let newline = utf16[lineStart...].firstIndex(of: 10) else { return text.endIndex }
            lineStart = utf16.index(after: newline)
        }
        let lineEnd = utf16[lineStart...].firstIndex(where: { $0 == 10 || $0 == 13 }) ?? utf16.endIndex
        return utf16.index(lineStart, column: position.character, lineEnd: lineEnd)
    }

    /// The text's lines, without their line ends.
    var lines: [Substring] {
        text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { line in
            let line = Substring(line)
            return line.utf8.last == 13 ? Substring(line.utf8.dropLast()) : line
        }
    }
}

extension BidirectionalCollection<UInt16> {
    /// The index `column` UTF-16 units (LSP's columns) after `lineStart`, clamped to
    /// `lineStart...lineEnd`; inside a surrogate pair, the pair's start.
    func index(_ lineStart: Index, column: Int, lineEnd: Index) -> Index {
        // Clamped before moving: an offset near `Int.max` would overflow inside the view.
        let room = distance(from: lineStart, to: lineEnd)
        var index = self.index(lineStart, offsetBy: Swift.min(Swift.max(0, column), room))
        if index > lineStart, UTF16.isLeadSurrogate(self[self.index(before: index)]) {
            index = self.index(before: index)
        }
        return index
    }
}
