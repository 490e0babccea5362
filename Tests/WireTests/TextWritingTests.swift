import Testing

@testable import Wire

@Suite("Text: the UTF-8 buffer, decimal digits, yen and times")
struct TextWritingTests {
    /// The formatting the byte writers replaced, kept here as the reference they must match.
    enum Reference {
        static func grouped(_ value: UInt) -> String {
            let digits = Array(String(value))
            var result = ""
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
                result.append(digit)
            }
            return result
        }

        static func yen(_ yen: Int) -> String { (yen < 0 ? "-¥" : "¥") + grouped(yen.magnitude) }

        static func minutes(from text: String) -> Int? {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
                parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
                parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
                let hours = Int(parts[0]), let minutes = Int(parts[1]), minutes < 60
            else { return nil }
            return hours * 60 + minutes
        }
    }

    static let numbers: [Int] = [
        0, 1, 9, 10, 11, 99, 100, 999, 1_000, 1_001, 9_999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 12_345_678,
        99_999_999, 1_000_000_000_000, Int.max, Int.min, -1, -9, -10, -999, -1_000, -1_234_567,
    ]

    @Test("the buffer grows past its capacity and keeps every byte in order")
    func bufferGrowth() {
        var buffer = UTF8Buffer(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<300 {
            buffer.append(UInt8(ascii: "a") + UInt8(round % 26))
            expected.append(UInt8(ascii: "a") + UInt8(round % 26))
            buffer.append("¥")
            expected.append(contentsOf: Array("¥".utf8))
            let piece = String(repeating: "x", count: round % 40)
            buffer.append(contentsOf: piece)
            expected.append(contentsOf: Array(piece.utf8))
        }
        buffer.append(contentsOf: [1, 2, 3])
        expected.append(contentsOf: [1, 2, 3])
        #expect(buffer.count == expected.count)
        #expect(buffer.bytes == expected)
        #expect(buffer.last == 3)
        let empty = UTF8Buffer(capacity: 0)
        #expect(empty.count == 0 && empty.last == nil && empty.text.isEmpty)
    }

    @Test("the buffer compares its bytes with a string's UTF-8")
    func bufferEquality() {
        var buffer = UTF8Buffer()
        buffer.append("合計 ¥1,400")
        // `#expect` cannot take a non-copyable value apart: compare first.
        let comparisons = ["合計 ¥1,400", "合計 ¥1,401", "合計 ¥1,40", ""].map { buffer.equals(Array($0.utf8)) }
        #expect(comparisons == [true, false, false, false])
        let empty = UTF8Buffer().equals([])
        #expect(empty)
        #expect(buffer.text == "合計 ¥1,400")
    }

    @Test("whole numbers are written as String(value) writes them", arguments: numbers)
    func decimal(value: Int) {
        var buffer = UTF8Buffer(capacity: 2)
        DecimalDigits.append(value, to: &buffer)
        #expect(buffer.text == String(value))
    }

    @Test("grouped digits and yen match the reference formatting", arguments: numbers)
    func yen(value: Int) {
        #expect(Self.grouped(value.magnitude) == Reference.grouped(value.magnitude))
        #expect(YenText.format(value) == Reference.yen(value))
        #expect(Self.grouped(UInt.max) == Reference.grouped(UInt.max))
    }

    static func grouped(_ value: UInt) -> String {
        var text = UTF8Buffer(capacity: 32)
        DecimalDigits.append(value, to: &text, separator: UInt8(ascii: ","))
        return text.text
    }

    @Test("times are read exactly as the character-based reader read them")
    func clockTimes() {
        let texts = [
            "9:05", "09:05", "24:00", "25:00", "99:59", "0:00", "00:00", "9:5", "9", "9:60", "123:00", "a:00", ":00",
            "9:", "9:00:00", "", "-1:00", "+1:00", "９:00", "٣:00", "1\u{301}:00", "1:0\u{301}0", ":\u{301}00",
            "12:3a", "1 :00", " 1:00", "1:00 ", "12:345", "::", "1::00", "0x:00",
        ]
        for text in texts {
            #expect(ClockTime.minutes(from: text) == Reference.minutes(from: text), "\(text)")
        }
        for minutes in [0, 5, 59, 60, 545, 599, 600, 1_439, 1_440] {
            #expect(ClockTime.minutes(from: ClockTime.text(minutes)) == minutes)
        }
        #expect(ClockTime.text(65) == "01:05")
    }
}
