/// Formats yen the way the register shows them: `¥1,200`, `-¥100`.
public enum YenText {
    /// `¥` and the amount with thousands separators; negative amounts as `-¥100`.
    public static func format(_ yen: Int) -> String {
        (yen < 0 ? "-¥" : "¥") + grouped(yen.magnitude)
    }

    /// The digits of `value` in groups of three separated by commas.
    public static func grouped(_ value: UInt) -> String {
        // Digits and commas are ASCII: building bytes avoids a `Character` per digit.
        let digits = Array(String(value).utf8)
        var result: [UInt8] = []
        result.reserveCapacity(digits.count + digits.count / 3)
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(UInt8(ascii: ",")) }
            result.append(digit)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
