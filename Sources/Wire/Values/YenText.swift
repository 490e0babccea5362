/// Formats yen the way the register shows them: `¥1,200`, `-¥100`.
public enum YenText {
    /// `¥` and the amount with thousands separators; negative amounts as `-¥100`.
    public static func format(_ yen: Int) -> String {
        var text = UTF8Buffer(capacity: 32)
        append(yen, to: &text)
        return text.text
    }

    /// Writes `format(yen)` into `text`.
    public static func append(_ yen: Int, to text: inout UTF8Buffer) {
        if yen < 0 { text.append(UInt8(ascii: "-")) }
        text.append("¥")
        DecimalDigits.append(yen.magnitude, to: &text, separator: UInt8(ascii: ","))
    }
}
