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
        /// Too large below zero: too small.
        var negative = false
        var description: String {
            guard tooLarge else { return "\"\(text)\" is not a yen amount (write ¥1,200, ¥1200, 1,200円 or 1200 yen)" }
            return negative
                ? "\"\(text)\" is too small for a yen amount: the smallest is \(YenText.format(-Int.max))"
                : "\"\(text)\" is too large for a yen amount: the largest is \(YenText.format(Int.max))"
        }
        var japanese: String {
            guard tooLarge else { return "「\(text)」は金額ではありません（¥1,200、¥1200、1,200円、1200 yen のように書きます）" }
            return negative
                ? "「\(text)」は金額として小さすぎます（最小は\(YenText.format(-Int.max))）"
                : "「\(text)」は金額として大きすぎます（最大は\(YenText.format(Int.max))）"
        }
    }

    /// The amount written in `text`; with `allowBare`, also a plain `1200` (table cells).
    ///
    /// Every mark it looks for is a fixed UTF-8 sequence, so it reads bytes: a `{yen}`
    /// argument is converted for every step that has one.
    static func parse(_ text: String, allowBare: Bool = false) throws(Failure) -> Int {
        var (tooLarge, negative) = (false, false)
        let value = FullWidthText.narrowed(text).withUTF8Bytes { bytes -> Int? in
            var number = HTMLBytes.trimmed(bytes, 0..<bytes.count)
            negative = number.first.map { bytes[$0] == UInt8(ascii: "-") } ?? false
            if negative { number = number.dropFirst() }
            let marked = dropMark(bytes, &number)
            guard marked || allowBare, let value = groupedValue(bytes, number, overflow: &tooLarge) else { return nil }
            return negative ? -value : value
        }
        guard let value else { throw Failure(text: text, tooLarge: tooLarge, negative: negative) }
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

    /// The value of `1234` or `1,234` (with commas, one before every third digit from the
    /// right, and a digit first); nil for anything else or a value too large for `Int`,
    /// which sets `overflow` when the text is otherwise well formed.
    private static func groupedValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, overflow: inout Bool
    ) -> Int? {
        let comma = UInt8(ascii: ",")
        guard !range.isEmpty else { return nil }
        let grouped = bytes[range].contains(comma)
        for index in range {
            // Counted from the right, every fourth place of a grouped number is a comma.
            let valid =
                grouped && (range.upperBound - index) % 4 == 0
                ? bytes[index] == comma && index > range.lowerBound : bytes[index] &- UInt8(ascii: "0") < 10
            guard valid else { return nil }
        }
        guard let value = DecimalDigits.integer(bytes[range].filter { $0 != comma }) else {
            overflow = true
            return nil
        }
        return value
    }
}
