import Wire

/// Byte-level helpers for reading the display snapshot: ASCII case folding, entities,
/// whole numbers and whitespace, all on UTF-8 without intermediate strings.
///
/// Every byte they look for is ASCII, and no byte of a multi-byte UTF-8 sequence is
/// ASCII, so working on bytes never splits a character.
enum HTMLBytes {
    static var ampersand: UInt8 { UInt8(ascii: "&") }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// Whether `range` of `bytes` spells `lowercased` (which is lowercase ASCII), ignoring
    /// ASCII case.
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowercased: StaticString) -> Bool {
        range.count == lowercased.utf8CodeUnitCount && bytes[range].lazy.map(lowercase).elementsEqual(utf8(lowercased))
    }

    /// Whether two ranges of `bytes` spell the same name, ignoring ASCII case.
    static func sameName(_ bytes: UnsafeBufferPointer<UInt8>, _ left: Range<Int>, _ right: Range<Int>) -> Bool {
        left.count == right.count && bytes[left].lazy.map(lowercase).elementsEqual(bytes[right].lazy.map(lowercase))
    }

    /// Whether `bytes` hold `literal` at `index`, byte for byte.
    static func has(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString, at index: Int) -> Bool {
        index + literal.utf8CodeUnitCount <= bytes.count
            && bytes[index..<(index + literal.utf8CodeUnitCount)].elementsEqual(utf8(literal))
    }

    private static func utf8(_ literal: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// `range` without the ASCII whitespace at either end.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var (lower, upper) = (range.lowerBound, range.upperBound)
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// The bytes of `range` as a string, entities decoded.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        guard bytes[range].contains(ampersand) else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var out: [UInt8] = []
        appendDecoded(bytes, range, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the bytes of `range` to `out` with `&amp;` → `&`, `&#39;` → `'`, `&#x27;`
    /// → `'`; an unknown entity stays as written.
    static func appendDecoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8]) {
        guard bytes[range].contains(ampersand) else {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            return
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == ampersand,
                let end = (index..<min(index + 12, range.upperBound)).first(where: { bytes[$0] == UInt8(ascii: ";") }),
                let decoded = decodeEntity(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self))
            {
                out.append(contentsOf: decoded.utf8)
                index = end + 1
            } else {
                out.append(byte)
                index += 1
            }
        }
    }

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "yen": "¥",
        "times": "×", "minus": "−",
    ]

    private static func decodeEntity(_ name: String) -> String? {
        guard name.hasPrefix("#") else { return namedEntities[name] }
        let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
        return UInt32(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10).flatMap(Unicode.Scalar.init).map {
            String(Character($0))
        }
    }

    /// The whole number `range` spells (entities decoded, ASCII whitespace around it
    /// ignored), as `Int(_:)` reads it; nil when it is none.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !bytes[range].contains(ampersand) else { return Int(string(bytes, range).trimmingWhitespace) }
        let number = bytes[trimmed(bytes, range)]
        guard number.first != UInt8(ascii: "+") else { return Int(String(decoding: number, as: UTF8.self)) }
        return DecimalDigits.integer(number)
    }

    /// Runs of whitespace (ASCII, no-break space U+00A0, ideographic space U+3000) become
    /// one space; trimmed at both ends.
    static func collapsingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Collapsed in a scratch buffer (on the stack when small), then made a string once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { out in
            var count = 0
            var pendingSpace = false
            // The three kinds of space are whole UTF-8 sequences (`20`…, `C2 A0`, `E3 80 80`),
            // and no other character's encoding contains them.
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var spaceLength = isSpace(byte) ? 1 : 0
                if byte >= 0x80 {
                    spaceLength = has(bytes, "\u{00A0}", at: index) ? 2 : has(bytes, "\u{3000}", at: index) ? 3 : 0
                }
                if spaceLength > 0 {
                    pendingSpace = count > 0
                    index += spaceLength
                    continue
                }
                if pendingSpace {
                    out[count] = 0x20
                    count += 1
                    pendingSpace = false
                }
                out[count] = byte
                count += 1
                index += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: out[..<count]), as: UTF8.self)
        }
    }
}

extension String {
    /// The string as `HTMLBytes.collapsingWhitespace` collapses it.
    var collapsingWhitespace: String { withUTF8Bytes(HTMLBytes.collapsingWhitespace) }

    /// Without ASCII whitespace at either end.
    var trimmingWhitespace: String {
        withUTF8Bytes { bytes in
            let kept = HTMLBytes.trimmed(bytes, 0..<bytes.count)
            // Table cells and attribute values are nearly always trimmed already: no copy then.
            return kept.count == bytes.count
                ? self : String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
        }
    }

    /// Calls `body` with the string's UTF-8 bytes, contiguous.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
