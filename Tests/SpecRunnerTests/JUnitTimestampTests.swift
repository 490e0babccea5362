import Foundation
import Testing

@testable import SpecRunner

@Suite("JUnit timestamp")
struct JUnitTimestampTests {
    /// What Foundation's Gregorian calendar in UTC says: the reference the report's own
    /// arithmetic must agree with.
    private func calendarTimestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    @Test("a known instant, with the fraction of its second dropped")
    func knownInstant() {
        // 2026-11-21T17:30:05.75Z
        #expect(JUnitReportBuilder.timestamp(Date(timeIntervalSince1970: 1_795_282_205.75)) == "2026-11-21T17:30:05")
        #expect(JUnitReportBuilder.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00")
    }

    @Test("leap days, century years and the day boundaries agree with the Gregorian calendar")
    func agreesWithCalendar() {
        let instants: [TimeInterval] = [
            951_782_399, 951_782_400, 951_868_799,  // 2000-02-28 23:59:59, 02-29 00:00, 02-29 23:59:59
            4_107_542_399, 4_107_542_400,  // 2100-02-28 23:59:59, 2100-03-01 (no leap day)
            1_709_164_800, 1_709_251_200,  // 2024-02-29, 2024-03-01
            -1, -86_400, -2_208_988_800,  // 1969-12-31 23:59:59, 1969-12-31, 1900-01-01
            1_798_761_599, 1_798_761_600,  // 2026-12-31 23:59:59, 2027-01-01
        ]
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(JUnitReportBuilder.timestamp(date) == calendarTimestamp(date), "\(instant)")
        }
        // Every day of four years, at a second that moves through the day.
        for day in stride(from: 19_000, to: 19_000 + 4 * 366, by: 1) {
            let date = Date(timeIntervalSince1970: TimeInterval(day * 86_400 + (day * 7_919) % 86_400))
            #expect(JUnitReportBuilder.timestamp(date) == calendarTimestamp(date), "day \(day)")
        }
    }

    @Test("rounded to the millisecond, it is what ISO8601DateFormatter writes (the HTML report's)")
    func agreesWithISO8601() {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        var instants: [TimeInterval] = [-0.0004, -0.0005, -0.0006, -1.5, 0, 951_868_799.9995, 1_798_761_599.9996]
        // Fractions at and around the half millisecond that rounds up to the next second.
        let edges = [0.9994, 0.99949, 0.9995, 0.99951, 0.9999999, 0.0004, 0.0005]
        for _ in 0..<20_000 {
            let second = TimeInterval(Int.random(in: -2_208_988_800...4_107_542_400, using: &generator))
            instants.append(second + (edges.randomElement(using: &generator) ?? 0))
            instants.append(second + Double.random(in: 0..<1, using: &generator))
        }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(
                JUnitReportBuilder.timestamp(date, roundingToMilliseconds: true) + "Z" == formatter.string(from: date),
                "\(instant)")
        }
    }
}
