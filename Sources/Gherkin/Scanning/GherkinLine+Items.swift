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
        return bytes.withUnsafeBufferPointer { buffer -> [TableCell] in
            guard trimmedStart >= 0, end <= buffer.count else { return [] }
            // Room for every cell at once: one fewer than the pipes (escaped ones overcount).
            let pipes = Self.count(UInt8(ascii: "|"), in: buffer, from: trimmedStart, to: end)
            var cells: [TableCell] = []
            cells.reserveCapacity(max(pipes - 1, 1))
            var column = 0  // scalars consumed so far in the trimmed row
            var segmentStart = -1  // after the last unescaped '|', once one was seen
            var segmentColumn = 0
            var segmentHasEscape = false
            var index = trimmedStart
            while index < end {
                let byte = buffer[index]
                index += 1
                if byte & 0xC0 != 0x80 { column += 1 }
                if byte == UInt8(ascii: "|") {
                    if segmentStart >= 0 {
                        cells.append(
                            segmentHasEscape
                                ? cell(
                                    in: bytes, from: segmentStart, to: index - 1, startColumn: segmentColumn,
                                    escaped: true)
                                : plainCell(
                                    buffer, bytes, from: segmentStart, to: index - 1, startColumn: segmentColumn))
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
    }

    private static let lowSeven: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The bytes of `word` equal to `byte`, as their high bits (exact: no carry between bytes).
    @inline(__always)
    private static func matches(_ byte: UInt8, _ word: UInt64) -> UInt64 {
        let diff = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((diff & lowSeven) &+ lowSeven) | diff) & highBits
    }

    /// How many times `byte` occurs in `start..<end`.
    private static func count(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int
    {
        var total = 0
        var index = start
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= end {
                total += matches(byte, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)).nonzeroBitCount
                index += 8
            }
        }
        while index < end {
            if buffer[index] == byte { total += 1 }
            index += 1
        }
        return total
    }

    /// A cell without escapes; ASCII padding is trimmed here, anything else by `cell`.
    @inline(__always)
    private func plainCell(
        _ buffer: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8], from start: Int, to end: Int, startColumn: Int
    ) -> TableCell {
        var textStart = start
        while textStart < end, Self.isASCIIWhitespace(buffer[textStart]) { textStart += 1 }
        var textEnd = end
        while textEnd > textStart, Self.isASCIIWhitespace(buffer[textEnd - 1]) { textEnd -= 1 }
        // Non-ASCII at either end may be Unicode whitespace: then the general path trims.
        if textStart < textEnd,
            (buffer[textStart] >= 0x80 && UTF8Text.whitespaceLength(bytes, at: textStart) > 0)
                || (buffer[textEnd - 1] >= 0x80
                    && UTF8Text.whitespaceLength(bytes, endingAt: textEnd, from: textStart) > 0)
        {
            return cell(in: bytes, from: start, to: end, startColumn: startColumn, escaped: false)
        }
        return TableCell(
            location: Location(line: number, column: startColumn + indent + (textStart - start)),
            value: UTF8Text.string(bytes, from: textStart, to: textEnd)
        )
    }

    /// Python's `str.isspace()` for ASCII bytes, which the reference trims with.
    @inline(__always)
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        (byte >= 0x09 && byte <= 0x0D) || (byte >= 0x1C && byte <= 0x20)
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

    /// The `@tags` of a tag line (built as the AST keeps them, ids still empty); a `#`
    /// after whitespace starts a comment. Without `collecting`, the line is only checked
    /// and the result is empty.
    func tags(in bytes: [UInt8], collecting: Bool) throws(TagWhitespaceError) -> [Tag] {
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

        var tags: [Tag] = []
        if collecting {
            // Room for exactly the tags (a small block is cheaper to allocate than a spare one).
            var ats = 0
            for scan in trimmedStart..<end where bytes[scan] == UInt8(ascii: "@") { ats += 1 }
            tags.reserveCapacity(ats)
        }
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
                        tags.append(Tag(location: Location(line: number, column: column), name: text, id: ""))
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
