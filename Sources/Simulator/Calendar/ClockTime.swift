/// Times of day as minutes since 0:00, read from `"H:MM"` / `"HH:MM"` and written `"HH:MM"`.
public enum ClockTime {
    /// Minutes in a day: 24:00.
    public static let endOfDay = 24 * 60

    /// The minutes of `"H:MM"` or `"HH:MM"` (minute 00–59, two digits), or nil when the text
    /// is not shaped like a time. Hours above 24 are returned as they are, so the domain can
    /// reject them as outside the day (`invalidTime`) rather than as malformed.
    public static func minutes(from text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), minutes < 60
        else { return nil }
        return hours * 60 + minutes
    }

    /// `"HH:MM"` for minutes since 0:00 (`"24:00"` for the end of the day).
    public static func text(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }
}
