/// A tag or table cell found on a line, with its 1-based column.
struct LineItem: Hashable, Sendable {
    var column: Int
    var text: String
}

/// Why a tag line was rejected.
struct TagWhitespaceError: Error {
    var line: Int
    var column: Int
}

extension GherkinLine {
    /// The cells of a `| … |` row: escapes resolved (`\|`, `\\`, `\n`), whitespace trimmed,
    /// text before the first and after the last `|` ignored.
    func tableCells(in bytes: [UInt8]) -> [TableCell] {
        let end = UTF8Text.trimEnd(bytes, from: trimmedStart, to: self.end)
        var cells: [TableCell] = []
        cells.reserveCapacity(8)
        var column = 0  // scalars consumed so far in the trimmed row
        var segmentStart = -1  // after the last unescaped '|', once one was seen
        var segmentColumn = 0
        var segmentHasEscape = false
        var index = trimmedStart
        while index < end {
            let byte = bytes[index]
            index += 1
            if byte & 0xC0 != 0x80 { column += 1 }
            if byte == UInt8(ascii: "|") {
                if segmentStart >= 0 {
                    cells.append(
                        cell(
                            in: bytes, from: segmentStart, to: index - 1, startColumn: segmentColumn,
                            escaped: segmentHasEscape)
                    )
                }
                segmentStart = index
                segmentColumn = column + 1
                segmentHasEscape = false
            } else if byte == UInt8(ascii: "\\") {
                segmentHasEscape = true
                if index < end {
                    index += 1  // the escaped byte; continuation bytes follow as ordinary bytes
                    column += 1
                }
            }
        }
        return cells
    }

    private func cell(in bytes: [UInt8], from start: Int, to end: Int, startColumn: Int, escaped: Bool) -> TableCell {
        guard escaped else {
            let textStart = UTF8Text.skipWhitespace(bytes, from: start, to: end)
            let textEnd = UTF8Text.trimEnd(bytes, from: textStart, to: end)
            return TableCell(
                location: Location(
                    line: number, column: startColumn + indent + UTF8Text.scalarCount(bytes, from: start, to: textStart)
                ),
                value: UTF8Text.string(bytes, from: textStart, to: textEnd)
            )
        }
        var raw: [UInt8] = []
        raw.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                raw.append(byte)
                continue
            }
            guard index < end else {
                raw.append(byte)
                break
            }
            let next = bytes[index]
            index += 1
            if next == UInt8(ascii: "n") {
                raw.append(UInt8(ascii: "\n"))
            } else {
                if next != UInt8(ascii: "|") && next != UInt8(ascii: "\\") { raw.append(byte) }
                raw.append(next)
            }
        }
        return makeCell(raw, startColumn: startColumn)
    }

    private func makeCell(_ raw: [UInt8], startColumn: Int) -> TableCell {
        let slice = raw
        var start = 0
        while start < raw.count, raw[start] != UInt8(ascii: "\n") {
            let length = UTF8Text.whitespaceLength(slice, at: start)
            if length == 0 { break }
            start += length
        }
        var end = raw.count
        while end > start, raw[end - 1] != UInt8(ascii: "\n") {
            let length = UTF8Text.whitespaceLength(slice, endingAt: end, from: start)
            if length == 0 { break }
            end -= length
        }
        let cellIndent = UTF8Text.scalarCount(slice, from: 0, to: start)
        return TableCell(
            location: Location(line: number, column: startColumn + indent + cellIndent),
            value: UTF8Text.string(slice, from: start, to: end)
        )
    }

    /// The `@tags` of a tag line; a `#` after whitespace starts a comment. Without
    /// `collecting`, the line is only checked and the result is empty.
    func tags(in bytes: [UInt8], collecting: Bool) throws(TagWhitespaceError) -> [LineItem] {
        var end = UTF8Text.trimEnd(bytes, from: trimmedStart, to: self.end)
        // Cut at the first whitespace that is followed by '#'.
        var index = trimmedStart
        while index < end {
            let length = UTF8Text.whitespaceLength(bytes, at: index)
            if length > 0, index + length < end, bytes[index + length] == UInt8(ascii: "#") {
                end = index
                break
            }
            index += max(length, 1)
        }
        end = UTF8Text.trimEnd(bytes, from: trimmedStart, to: end)

        var tags: [LineItem] = []
        if collecting { tags.reserveCapacity(4) }
        var column = indent + 1
        // Items are the pieces between '@'s; the piece before the first '@' is ignored.
        var itemStart = -1
        index = trimmedStart
        while index <= end {
            if index == end || bytes[index] == UInt8(ascii: "@") {
                if itemStart >= 0 {
                    let tagStart = UTF8Text.skipWhitespace(bytes, from: itemStart, to: index)
                    let tagEnd = UTF8Text.trimEnd(bytes, from: tagStart, to: index)
                    var scan = tagStart
                    while scan < tagEnd {
                        if UTF8Text.whitespaceLength(bytes, at: scan) > 0 {
                            throw TagWhitespaceError(line: number, column: column)
                        }
                        scan += 1
                    }
                    if collecting {
                        // Usually the '@' is right before the name, and the string is one slice.
                        let text =
                            tagStart == itemStart
                            ? UTF8Text.string(bytes, from: tagStart - 1, to: tagEnd)
                            : "@" + UTF8Text.string(bytes, from: tagStart, to: tagEnd)
                        tags.append(LineItem(column: column, text: text))
                    }
                    column += UTF8Text.scalarCount(bytes, from: itemStart, to: index) + 1
                }
                itemStart = index + 1
            }
            index += 1
        }
        return tags
    }
}
