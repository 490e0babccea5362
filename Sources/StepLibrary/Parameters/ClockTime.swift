/// Times of day as QA writes them (`9:05`, `09:05`, `24:00`), as minutes since 0:00.
public enum ClockTime {
    /// The `{time}` parameter's regular expression; the range is checked by `parse`.
    /// Digits and colon may be full-width (`９：３０`: `FullWidthText`).
    static let pattern = "\(FullWidthText.digit){1,2}[:：][0-5０-５]\(FullWidthText.digit)"

    /// Why a text is not a time of day.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var text: String
        public var description: String { "\"\(text)\" is not a time of day (write 9:05 or 09:05)" }
    }

    /// Minutes since 0:00 for `H:MM` or `HH:MM` (minutes 00–59).
    ///
    /// The hour is not limited to 0–24 here: whether `24:30` is a valid end is the
    /// simulator's rule (`invalidTime`), which a try step must be able to check.
    public static func parse(_ text: String) throws(Failure) -> Int {
        let parts = FullWidthText.narrowed(text).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60
        else { throw Failure(text: text) }
        return hour * 60 + minute
    }

    /// `H:MM`, as the protocol accepts it.
    public static func format(_ minutes: Int) -> String {
        let minute = minutes % 60
        return "\(minutes / 60):\(minute < 10 ? "0" : "")\(minute)"
    }
}
