/// Yen amounts as QA writes them: `¥1,200`, `¥1200`, `1,200円`, `1200 yen`, `-¥100`, `-100円`.
public enum YenAmount {
    /// The `{yen}` parameter's regular expression: a currency mark is required, so a bare
    /// number stays `{int}` and the two types never compete for the same text.
    static let pattern =
        "-?[¥￥](?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)|-?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:円| yen)"

    /// Why a text is not a yen amount.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var text: String
        public var description: String {
            "\"\(text)\" is not a yen amount (write ¥1,200, ¥1200, 1,200円 or 1200 yen)"
        }
    }

    /// The amount written in `text`; with `allowBare`, also a plain `1200` (table cells).
    ///
    /// Every mark it looks for is a fixed UTF-8 sequence, so it reads bytes: a `{yen}`
    /// argument is converted for every step that has one.
    public static func parse(_ text: String, allowBare: Bool = false) throws(Failure) -> Int {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, HTMLScanner.isSpace(bytes[start]) { start += 1 }
        while end > start, HTMLScanner.isSpace(bytes[end - 1]) { end -= 1 }
        var negative = false
        if start < end, bytes[start] == UInt8(ascii: "-") {
            negative = true
            start += 1
        }
        var marked = true
        if has(bytes, start..<end, prefix: yenSign) {
            start += yenSign.count
        } else if has(bytes, start..<end, prefix: fullWidthYenSign) {
            start += fullWidthYenSign.count
        } else if has(bytes, start..<end, suffix: yenKanji) {
            end -= yenKanji.count
        } else if has(bytes, start..<end, suffix: yenWord) {
            end -= yenWord.count
        } else {
            marked = false
        }
        guard marked || allowBare, let value = groupedValue(bytes[start..<end]) else { throw Failure(text: text) }
        return negative ? -value : value
    }

    private static let yenSign = Array("¥".utf8)
    private static let fullWidthYenSign = Array("￥".utf8)
    private static let yenKanji = Array("円".utf8)
    private static let yenWord = Array(" yen".utf8)

    private static func has(_ bytes: [UInt8], _ range: Range<Int>, prefix: [UInt8]) -> Bool {
        range.count >= prefix.count && bytes[range.lowerBound..<range.lowerBound + prefix.count].elementsEqual(prefix)
    }

    private static func has(_ bytes: [UInt8], _ range: Range<Int>, suffix: [UInt8]) -> Bool {
        range.count >= suffix.count && bytes[range.upperBound - suffix.count..<range.upperBound].elementsEqual(suffix)
    }

    /// The value of `1234` or `1,234` (commas only every three digits, a first group of
    /// one to three digits); nil for anything else or a value too large for `Int`.
    private static func groupedValue(_ text: ArraySlice<UInt8>) -> Int? {
        let groups = text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard let first = groups.first, !first.isEmpty else { return nil }
        if groups.count > 1 {
            guard first.count <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        var value = 0
        for group in groups {
            for byte in group {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (times10, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflowTimes, !overflowSum else { return nil }
                value = sum
            }
        }
        return value
    }

    /// `¥1,200`, `-¥100`: how the catalogue and failure messages show money.
    public static func format(_ amount: Int) -> String {
        let digits = String(amount.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (amount < 0 ? "-¥" : "¥") + grouped
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
