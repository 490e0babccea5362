/// Formats yen the way the register shows them: `¥1,200`, `-¥100`.
public enum YenText {
    /// `¥` and the amount with thousands separators; negative amounts as `-¥100`.
    public static func format(_ yen: Int) -> String {
        let sign = yen < 0 ? "-" : ""
        return "\(sign)¥\(grouped(yen.magnitude))"
    }

    /// The digits of `value` in groups of three separated by commas.
    public static func grouped(_ value: UInt) -> String {
        let digits = Array(String(value))
        var result = ""
        result.reserveCapacity(digits.count + digits.count / 3)
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
