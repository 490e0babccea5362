import SpecRunner

/// Times of day as QA writes them (`9:05`, `09:05`, `24:00`), as minutes since 0:00.
public enum ClockTime {
    /// The `{time}` parameter's regular expression; the range is checked by `parse`.
    /// Digits and colon may be full-width (`９：３０`: `FullWidthText`).
    /// Minutes of 60 or more match too (`10:60`), so that they are told as a wrong time,
    /// not as an undefined step.
    static let pattern = "\(FullWidthText.digit){1,2}[:：]\(FullWidthText.digit){2}"

    /// Why a text is not a time of day.
    public struct Failure: ConversionFailure, Sendable {
        public var text: String
        /// The minutes are 60 or more (`10:60`).
        public var minutesOutOfRange = false
        public var description: String {
            minutesOutOfRange
                ? "\"\(text)\" is not a time of day (minutes go from 00 to 59)"
                : "\"\(text)\" is not a time of day (write 9:05 or 09:05)"
        }
        /// The same in Japanese.
        public var japanese: String {
            minutesOutOfRange
                ? "「\(text)」は時刻ではありません（分は00から59までです）"
                : "「\(text)」は時刻ではありません（9:05 や 09:05 のように書きます）"
        }
    }

    /// Minutes since 0:00 for `H:MM` or `HH:MM` (minutes 00–59).
    ///
    /// The hour is not limited to 0–24 here: whether `24:30` is a valid end is the
    /// simulator's rule (`invalidTime`), which a try step must be able to check.
    public static func parse(_ text: String) throws(Failure) -> Int {
        let parts = FullWidthText.narrowed(text).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { throw Failure(text: text) }
        guard minute < 60 else { throw Failure(text: text, minutesOutOfRange: true) }
        return hour * 60 + minute
    }

    /// `H:MM`, as the protocol accepts it.
    public static func format(_ minutes: Int) -> String {
        let minute = minutes % 60
        return "\(minutes / 60):\(minute < 10 ? "0" : "")\(minute)"
    }
}
