import StepInterface
import Wire

/// Times of day as QA writes them (`9:05`, `09:05`, `24:00`, `10時30分`), read around the wire's
/// `ClockTime` (which reads the narrowed text and writes times back).
extension ClockTime {
    /// The `{time}` parameter's regular expression; the range is checked by `read` and
    /// `WrittenTime.minutesOfDay`. Digits and colon may be full-width (`９：３０`:
    /// `FullWidthText`). Minutes of 60 or more match too (`10:60`), so that they are told
    /// as a wrong time, not as an undefined step. Japanese hours and minutes are read
    /// too: `10時` is 10:00, `10時30分` and `10時半` are 10:30 (`japaneseClock`).
    static let pattern =
        "\(FullWidthText.digit){1,2}[:：]\(FullWidthText.digit){2}"
        + "|\(FullWidthText.digit){1,2}時(?:\(FullWidthText.digit){1,2}分|半)?"

    /// Why a text is not a time of day.
    struct Failure: ConversionFailure, Sendable {
        enum Problem: Sendable {
            /// Not `H:MM` or `HH:MM` (`9:5`).
            case shape
            /// The minutes are 60 or more (`10:60`).
            case minutes
            /// Past the day (`25:00`, `24:30`).
            case hours
        }

        var text: String
        var problem: Problem = .shape

        var description: String {
            switch problem {
            case .shape: "\"\(text)\" is not a time of day (write 9:05 or 09:05)"
            case .minutes: "\"\(text)\" is not a time of day (minutes go from 00 to 59)"
            case .hours: "\"\(text)\" is not a time of day (the day goes from 0:00 to 24:00)"
            }
        }
        /// The same in Japanese.
        var japanese: String {
            switch problem {
            case .shape: "「\(text)」は時刻ではありません（9:05、09:05 や 9時5分 のように書きます）"
            case .minutes: "「\(text)」は時刻ではありません（分は00から59までです）"
            case .hours: "「\(text)」は時刻ではありません（一日は0:00から24:00までです）"
            }
        }
    }

    /// A time as written, `H:MM` or `HH:MM` (digits and colon narrowed to ASCII), whatever
    /// its range: a booking sends it to the simulator as written, whose rule it is
    /// (`invalidTime` for `10:60` or `25:00`), so that a try step can check it.
    static func read(_ text: String) throws(Failure) -> WrittenTime {
        let narrowed = japaneseClock(FullWidthText.narrowed(text))
        let reading = reading(narrowed)
        guard reading != .malformed else { throw Failure(text: text) }
        return WrittenTime(written: text, text: narrowed, reading: reading)
    }

    /// `10時` as `10:00`, `10時30分` as `10:30`, `10時半` as `10:30`, `9時5分` as `9:05`
    /// (ASCII digits); any other text as it is. Minutes of 60 or more stay as written
    /// (`10時60分` is `10:60`), to be told as a wrong time.
    static func japaneseClock(_ text: String) -> String {
        guard let hourMark = text.firstIndex(of: "時") else { return text }
        let hours = text[..<hourMark]
        var minutes = text[text.index(after: hourMark)...]
        if minutes == "半" { return "\(hours):30" }
        // `10時5` without its `分` (a table cell) is no time: left as written.
        guard minutes.isEmpty || minutes.hasSuffix("分") else { return text }
        minutes = minutes.dropLast(minutes.isEmpty ? 0 : 1)
        let digits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard (1...2).contains(hours.count), digits(hours), minutes.count <= 2, digits(minutes) else { return text }
        return "\(hours):" + String(repeating: "0", count: 2 - minutes.count) + minutes
    }

    /// Minutes since 0:00 of a time of day (0:00–24:00).
    static func parse(_ text: String) throws(Failure) -> Int {
        try read(text).minutesOfDay()
    }
}

/// A `{time}` argument: the time as written and, where it is one, its time of day.
struct WrittenTime: Sendable, Hashable {
    /// As QA wrote it (`１０：３０`), for messages.
    var written: String
    /// Narrowed to ASCII (`10:30`): what a booking sends.
    var text: String
    /// What `text` says as a time (never `.malformed`).
    var reading: ClockTime.Reading

    /// Minutes since 0:00 when this is a time of day (0:00 to 24:00, minutes 00–59); the
    /// steps that place a time on the calendar's axis (scrolling, the time header) need one.
    func minutesOfDay() throws(ClockTime.Failure) -> Int {
        guard case .minutes(let minutes) = reading else {
            throw ClockTime.Failure(text: written, problem: reading == .minutesOutOfRange ? .minutes : .shape)
        }
        guard minutes <= ClockTime.endOfDay else { throw ClockTime.Failure(text: written, problem: .hours) }
        return minutes
    }

    /// The same, as a step's failure in the feature's language.
    func minutesOfDay(_ language: StepLanguage) throws -> Int {
        do { return try minutesOfDay() } catch {
            throw StepFailure(.error, language.pick(error.description, error.japanese))
        }
    }
}
