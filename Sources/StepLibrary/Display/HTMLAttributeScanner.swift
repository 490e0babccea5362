/// The attributes of one start tag, in document order, as byte ranges: `name="value"`,
/// `name='value'`, `name=value` or a bare `name` (whose value is empty).
///
/// Values are not decoded here: most attributes of a snapshot are never read.
struct HTMLAttributeScanner {
    private static var equals: UInt8 { UInt8(ascii: "=") }
    private static var slash: UInt8 { UInt8(ascii: "/") }
    private static var doubleQuote: UInt8 { UInt8(ascii: "\"") }
    private static var singleQuote: UInt8 { UInt8(ascii: "'") }

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
        while index < end, HTMLBytes.isSpace(bytes[index]) || bytes[index] == HTMLAttributeScanner.slash {
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
        guard index < end, bytes[index] == HTMLAttributeScanner.equals else { return (name, index..<index) }
        index += 1
        skipSpaces()
        guard index < end,
            bytes[index] == HTMLAttributeScanner.doubleQuote || bytes[index] == HTMLAttributeScanner.singleQuote
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
        HTMLBytes.isSpace(byte) || byte == HTMLAttributeScanner.equals || byte == HTMLAttributeScanner.slash
    }

    private mutating func skipSpaces() {
        while index < end, HTMLBytes.isSpace(bytes[index]) { index += 1 }
    }
}
