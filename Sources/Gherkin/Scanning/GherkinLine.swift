/// One line of a feature file (without its `\n`), with its leading whitespace measured.
///
/// It holds only positions in the file's bytes, so tokens copy it for free; the bytes are
/// passed in by whoever reads the line.
struct GherkinLine {
    /// Where the line starts and ends (before its `\n`) in the file's bytes.
    let start: Int
    let end: Int
    /// 1-based line number.
    let number: Int
    /// Where the text starts once leading whitespace is skipped.
    let trimmedStart: Int
    /// The leading whitespace, in Unicode scalars.
    let indent: Int

    /// A line whose leading ASCII spaces end at `spacesEnd` (the scanner counts them while
    /// it holds the bytes).
    @inline(__always)
    init(_ bytes: [UInt8], start: Int, end: Int, number: Int, spacesEnd: Int) {
        self.start = start
        self.end = end
        self.number = number
        // Indents are nearly always ASCII spaces; the general (Unicode whitespace) scan
        // takes over from the first other byte only when that is whitespace too.
        let index = spacesEnd
        if index < end, UTF8Text.whitespaceLength(bytes, at: index) > 0 {
            trimmedStart = UTF8Text.skipWhitespace(bytes, from: index, to: end)
            indent = (index - start) + UTF8Text.scalarCount(bytes, from: index, to: trimmedStart)
        } else {
            trimmedStart = index
            indent = index - start
        }
    }

    /// Whether the line holds only whitespace.
    var isEmpty: Bool { trimmedStart == end }

    /// Whether the text (after the indent) starts with `prefix`.
    @inline(__always)
    func starts(with prefix: [UInt8], in bytes: [UInt8]) -> Bool {
        end - trimmedStart >= prefix.count && UTF8Text.hasPrefix(bytes, at: trimmedStart, prefix)
    }

    /// Whether `byte` occurs in the line.
    func contains(_ byte: UInt8, in bytes: [UInt8]) -> Bool {
        var index = start
        while index < end {
            if bytes[index] == byte { return true }
            index += 1
        }
        return false
    }

    /// The first byte of the text, if any.
    @inline(__always)
    func firstByte(in bytes: [UInt8]) -> UInt8? { isEmpty ? nil : bytes[trimmedStart] }

    /// The text after the first `byteCount` bytes of the trimmed text, trimmed at both ends.
    func restTrimmed(afterBytes byteCount: Int, in bytes: [UInt8]) -> String {
        let restStart = UTF8Text.skipWhitespace(bytes, from: trimmedStart + byteCount, to: end)
        let restEnd = UTF8Text.trimEnd(bytes, from: restStart, to: end)
        return UTF8Text.string(bytes, from: restStart, to: restEnd)
    }

    /// The text trimmed at both ends (the reference's `token_value().strip()`).
    func trimmedText(in bytes: [UInt8]) -> String {
        UTF8Text.string(bytes, from: trimmedStart, to: UTF8Text.trimEnd(bytes, from: trimmedStart, to: end))
    }

    /// The line with `indentToRemove` leading scalars removed (or all leading whitespace when
    /// the line is indented less), without trailing `\r`.
    func text(removingIndent indentToRemove: Int, in bytes: [UInt8]) -> String {
        let range = textRange(removingIndent: indentToRemove, in: bytes)
        return UTF8Text.string(bytes, from: range.lowerBound, to: range.upperBound)
    }

    /// Where `text(removingIndent:in:)` is in the file's bytes.
    func textRange(removingIndent indentToRemove: Int, in bytes: [UInt8]) -> Range<Int> {
        let textStart =
            indentToRemove > indent
            ? trimmedStart
            : UTF8Text.index(bytes, from: start, advancedByScalars: indentToRemove, limit: end)
        var textEnd = end
        while textEnd > textStart, bytes[textEnd - 1] == UInt8(ascii: "\r") { textEnd -= 1 }
        return textStart..<textEnd
    }
}
