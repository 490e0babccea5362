import StepInterface
import Wire

/// Yen amounts as QA writes them: `¥1,200`, `¥1200`, `1,200円`, `1200 yen`, `-¥100`, `-100円`.
enum YenAmount {
    /// The `{yen}` parameter's regular expression: a currency mark is required, so a bare
    /// number stays `{int}` and the two types never compete for the same text.
    /// Digits, comma and minus may be full-width (`１，２００円`: `FullWidthText`).
    static let pattern: String = {
        let (d, comma, minus) = (FullWidthText.digit, FullWidthText.comma, FullWidthText.minus)
        let number = "(?:\(d){1,3}(?:\(comma)\(d){3})+|\(d)+)"
        return "\(minus)?[¥￥]\(number)|\(minus)?\(number)(?:円| yen)"
    }()

    /// Why a text is not a yen amount.
    struct Failure: ConversionFailure, Sendable {
        var text: String
        /// Written as an amount, with more digits than a whole number holds.
        var tooLarge = false
        var description: String {
            tooLarge
                ? "\"\(text)\" is too large for a yen amount: the largest is \(YenText.format(Int.max))"
                : "\"\(text)\" is not a yen amount (write ¥1,200, ¥1200, 1,200円 or 1200 yen)"
        }
        var japanese: String {
            tooLarge
                ? "「\(text)」は金額として大きすぎます（最大は\(YenText.format(Int.max))）"
                : "「\(text)」は金額ではありません（¥1,200、¥1200、1,200円、1200 yen のように書きます）"
        }
    }

    /// The amount written in `text`; with `allowBare`, also a plain `1200` (table cells).
    ///
    /// Every mark it looks for is a fixed UTF-8 sequence, so it reads bytes: a `{yen}`
    /// argument is converted for every step that has one.
    static func parse(_ text: String, allowBare: Bool = false) throws(Failure) -> Int {
        var tooLarge = false
        let value = FullWidthText.narrowed(text).withUTF8Bytes { bytes -> Int? in
            var number = HTMLBytes.trimmed(bytes, 0..<bytes.count)
            let negative = number.first.map { bytes[$0] == UInt8(ascii: "-") } ?? false
            if negative { number = number.dropFirst() }
            let marked = dropMark(bytes, &number)
            guard marked || allowBare, let value = groupedValue(bytes, number, overflow: &tooLarge) else { return nil }
            return negative ? -value : value
        }
        guard let value else { throw Failure(text: text, tooLarge: tooLarge) }
        return value
    }

    /// The yen marks written before an amount's number, and after it.
    private static let signs: [StaticString] = ["¥", "￥"]
    private static let words: [StaticString] = ["円", " yen"]

    /// Takes the yen mark off `number`, a sign before it or a word after it; false when it
    /// has none.
    private static func dropMark(_ bytes: UnsafeBufferPointer<UInt8>, _ number: inout Range<Int>) -> Bool {
        let range = number
        let fits = { (mark: StaticString) in range.count >= mark.utf8CodeUnitCount }
        if let sign = signs.first(where: { fits($0) && HTMLBytes.has(bytes, $0, at: range.lowerBound) }) {
            number = number.dropFirst(sign.utf8CodeUnitCount)
        } else if let word = words.first(where: {
            fits($0) && HTMLBytes.has(bytes, $0, at: range.upperBound - $0.utf8CodeUnitCount)
        }) {
            number = number.dropLast(word.utf8CodeUnitCount)
        } else {
            return false
        }
        return true
    }

    /// The value of `1234` or `1,234` (commas only every three digits, a first group of
    /// one to three digits); nil for anything else or a value too large for `Int`, which
    /// sets `overflow` when the text is otherwise well formed.
    private static func groupedValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, overflow: inout Bool
    ) -> Int? {
        var overflowed = false
        var value = 0
        var groups = 1
        var firstGroupLength = 0
        var groupLength = 0
        for index in range {
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                if groups == 1 {
                    firstGroupLength = groupLength
                } else if groupLength != 3 {
                    return nil
                }
                groups += 1
                groupLength = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if overflowTimes || overflowSum { overflowed = true }
            value = sum
            groupLength += 1
        }
        if groups == 1 {
            firstGroupLength = groupLength
        } else if groupLength != 3 {
            return nil
        }
        guard firstGroupLength > 0, groups == 1 || firstGroupLength <= 3 else { return nil }
        guard !overflowed else {
            overflow = true
            return nil
        }
        return value
    }
}
