/// Times of day as minutes since 0:00, read from `"H:MM"` / `"HH:MM"` and written `"HH:MM"`
/// (the protocol's form) or `"H:MM"` (as QA writes them, in the step library's messages).
public enum ClockTime {
    /// Minutes in a day: 24:00.
    public static let endOfDay = 24 * 60

    /// The minutes of `"H:MM"` or `"HH:MM"` (minute 00–59, two digits), or nil when the text
    /// is not shaped like a time. Hours above 24 are returned as they are, so the domain can
    /// reject them as outside the day (`invalidTime`) rather than as malformed.
    public static func minutes(from text: String) -> Int? {
        if case .minutes(let minutes) = reading(text) { return minutes }
        return nil
    }

    /// What a text says as a time: its minutes since 0:00, a time whose minutes are 60 or
    /// more (`10:60`: shaped like a time, but not one, as `25:00` is past the day), or
    /// nothing shaped like a time.
    public enum Reading: Hashable, Sendable {
        case minutes(Int)
        case minutesOutOfRange
        case malformed
    }

    /// Reads `"H:MM"` or `"HH:MM"` (ASCII digits, two of them after the colon).
    public static func reading(_ text: String) -> Reading {
        // Any byte but an ASCII digit or the one colon (including every byte of a non-ASCII
        // character) makes the text malformed.
        let parts = text.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } })
        else { return .malformed }
        let (hours, minutes) = (DecimalDigits.integer(parts[0]) ?? 0, DecimalDigits.integer(parts[1]) ?? 0)
        return minutes < 60 ? .minutes(hours * 60 + minutes) : .minutesOutOfRange
    }

    /// `"HH:MM"` for minutes since 0:00 (`"24:00"` for the end of the day); `"H:MM"`
    /// without `paddingHours`.
    public static func text(_ minutes: Int, paddingHours: Bool = true) -> String {
        var text = UTF8Buffer(capacity: 16)
        append(minutes, to: &text, paddingHours: paddingHours)
        return text.text
    }

    /// Writes `text(minutes, paddingHours:)` into `bytes`.
    public static func append(_ minutes: Int, to bytes: inout UTF8Buffer, paddingHours: Bool = true) {
        let hours = minutes / 60
        let rest = minutes % 60
        if paddingHours && hours < 10 { bytes.append(UInt8(ascii: "0")) }
        DecimalDigits.append(hours, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if rest < 10 { bytes.append(UInt8(ascii: "0")) }
        DecimalDigits.append(rest, to: &bytes)
    }
}
