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
    public static func parse(_ text: String, allowBare: Bool = false) throws(Failure) -> Int {
        var body = Substring(text.trimmingWhitespace)
        var negative = false
        if body.hasPrefix("-") {
            negative = true
            body = body.dropFirst()
        }
        var marked = false
        if body.hasPrefix("¥") || body.hasPrefix("￥") {
            body = body.dropFirst()
            marked = true
        } else if body.hasSuffix("円") {
            body = body.dropLast()
            marked = true
        } else if body.hasSuffix(" yen") {
            body = body.dropLast(4)
            marked = true
        }
        guard marked || allowBare, isGroupedDigits(body),
            let value = Int(body.filter { $0 != "," })
        else { throw Failure(text: text) }
        return negative ? -value : value
    }

    /// `1234` or `1,234` (commas only every three digits).
    private static func isGroupedDigits(_ text: Substring) -> Bool {
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard let first = groups.first, !first.isEmpty, first.allSatisfy(\.isASCIIDigit) else { return false }
        if groups.count == 1 { return true }
        return first.count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 && $0.allSatisfy(\.isASCIIDigit) }
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
