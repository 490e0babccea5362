import Foundation
import Testing
import Wire

@testable import SpecRunner
@testable import StepLibrary

/// Whether `pattern` matches the whole of `text` (as an anchored step expression would).
func wholeMatch(_ pattern: String, _ text: String) throws -> Bool {
    let regex = try NSRegularExpression(pattern: "^(?:\(pattern))$")
    return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
}

@Suite("Parameter types")
struct ParameterTypeTests {
    @Test(
        "{yen} reads every written form",
        arguments: [
            ("¥1,200", 1200), ("¥1200", 1200), ("1,200円", 1200), ("1200 yen", 1200), ("-¥100", -100), ("-100円", -100),
            ("¥0", 0), ("¥1,234,567", 1_234_567), ("￥500", 500), ("-1,000 yen", -1000),
            // Typed full-width by a Japanese input method.
            ("１，２００円", 1200), ("￥１２００", 1200), ("－￥１００", -100), ("−100円", -100), ("1，200円", 1200),
        ])
    func yenForms(text: String, value: Int) throws {
        #expect(try wholeMatch(YenAmount.pattern, text))
        #expect(try YenAmount.parse(text) == value)
        #expect(try QAParameterTypes.yen.transform([text]) as? Int == value)
    }

    @Test(
        "{yen} rejects bare numbers and misplaced commas",
        arguments: ["1200", "¥1,20", "¥12,00", "1,2000円", "¥", "yen", "¥-5", "12"])
    func yenRejects(text: String) throws {
        #expect(try !wholeMatch(YenAmount.pattern, text))
        #expect(throws: YenAmount.Failure.self) { try YenAmount.parse(text) }
    }

    @Test(
        "{yen} parsing trims ASCII space and refuses overflow, empty groups and stray text",
        arguments: ["¥99,999,999,999,999,999,999", "¥1,,234", "¥,123", "¥1,234,", "¥12a", "--¥5", "¥5円", "¥ 5", ""])
    func yenParseRejects(text: String) {
        #expect(throws: YenAmount.Failure.self) { try YenAmount.parse(text, allowBare: true) }
    }

    @Test(
        "an amount written right with more digits than a whole number holds is too large (or small), not misspelt",
        arguments: [
            (
                "¥99,999,999,999,999,999,999",
                #""¥99,999,999,999,999,999,999" is too large for a yen amount: the largest is ¥9,223,372,036,854,775,807"#,
                "「¥99,999,999,999,999,999,999」は金額として大きすぎます（最大は¥9,223,372,036,854,775,807）"
            ),
            (
                "-¥9223372036854775808",
                #""-¥9223372036854775808" is too small for a yen amount: the smallest is -¥9,223,372,036,854,775,807"#,
                "「-¥9223372036854775808」は金額として小さすぎます（最小は-¥9,223,372,036,854,775,807）"
            ),
        ])
    func yenOutOfRange(text: String, english: String, japanese: String) {
        #expect {
            try YenAmount.parse(text)
        } throws: { error in
            guard let failure = error as? YenAmount.Failure else { return false }
            return failure.description == english && failure.japanese == japanese
        }
    }

    @Test("an amount with a misplaced separator is misspelt, not too large")
    func yenMisspelt() {
        #expect {
            try YenAmount.parse("¥1,,234")
        } throws: { error in
            guard let failure = error as? YenAmount.Failure else { return false }
            return !failure.tooLarge && failure.description.contains("is not a yen amount")
        }
    }

    @Test("{yen} parsing keeps leading zeros and surrounding whitespace out of the value")
    func yenParseEdges() throws {
        #expect(try YenAmount.parse("  ¥007\t") == 7)
        #expect(try YenAmount.parse("\n-1,000円 ") == -1000)
        #expect(try YenAmount.parse("-0", allowBare: true) == 0)
        #expect(try YenAmount.parse("¥9223372036854775807") == Int.max)
    }

    @Test("full-width text is narrowed only where it has full-width digits or signs")
    func narrowing() {
        #expect(FullWidthText.narrowed("ラテ １，２００．５") == "ラテ 1,200.5")
        #expect(FullWidthText.narrowed("９：３０－") == "9:30-")
        #expect(FullWidthText.narrowed("¥1,200 ラテ") == "¥1,200 ラテ")
        #expect(FullWidthText.narrowed("Ａ／") == "Ａ／")
    }

    @Test("table cells may be bare yen")
    func bareYen() throws {
        #expect(try YenAmount.parse("520", allowBare: true) == 520)
        #expect(try YenAmount.parse("¥1,380", allowBare: true) == 1380)
        #expect(throws: YenAmount.Failure.self) { try YenAmount.parse("abc", allowBare: true) }
    }

    @Test(
        "yen is shown with thousands separators",
        arguments: [(0, "¥0"), (999, "¥999"), (1200, "¥1,200"), (-100, "-¥100"), (1_234_567, "¥1,234,567")])
    func yenFormat(value: Int, text: String) {
        #expect(YenText.format(value) == text)
    }

    @Test(
        "{time} gives minutes since 0:00",
        arguments: [
            ("9:05", 545), ("09:05", 545), ("0:00", 0), ("24:00", 1440), ("23:59", 1439), ("９：０５", 545),
            ("１０:３０", 630),
        ])
    func times(text: String, minutes: Int) throws {
        #expect(try wholeMatch(ClockTime.pattern, text))
        #expect(try ClockTime.parse(text) == minutes)
        #expect(try (QAParameterTypes.time.transform([text]) as? WrittenTime)?.minutesOfDay() == minutes)
    }

    @Test("{time} rejects what is not H:MM", arguments: ["9:5", "9:60", "123:00", ":05", "9.05", "９：６０"])
    func badTimes(text: String) {
        #expect(throws: ClockTime.Failure.self) { try ClockTime.parse(text) }
    }

    @Test("minutes of 60 or more match {time}, so they are told as a wrong time, in either language")
    func minutesOutOfRange() throws {
        #expect(try wholeMatch(ClockTime.pattern, "10:60"))
        #expect(try wholeMatch(ClockTime.pattern, "１０：６０"))
        let failure = try #require(throws: ClockTime.Failure.self) { try ClockTime.parse("10:60") }
        #expect(failure.description == "\"10:60\" is not a time of day (minutes go from 00 to 59)")
        #expect(failure.japanese == "「10:60」は時刻ではありません（分は00から59までです）")
        // A failure that names its value is told as it is, without the runner's framing.
        let japanese = StepFailure.conversion(position: 2, text: "10:60", error: failure, language: "ja")
        #expect(japanese.message == "「10:60」は時刻ではありません（分は00から59までです）")
        let english = StepFailure.conversion(position: 2, text: "10:60", error: failure, language: "en")
        #expect(english.message == "\"10:60\" is not a time of day (minutes go from 00 to 59)")
    }

    @Test("a time is kept as written for a booking; scrolling and the header need a time of day")
    func lateTimes() throws {
        let late = try ClockTime.read("２５：００")
        #expect(late.text == "25:00")
        #expect(try ClockTime.read("10:60").text == "10:60")
        let failure = try #require(throws: ClockTime.Failure.self) { try late.minutesOfDay() }
        #expect(failure.description == "\"２５：００\" is not a time of day (the day goes from 0:00 to 24:00)")
        #expect(failure.japanese == "「２５：００」は時刻ではありません（一日は0:00から24:00までです）")
        #expect(throws: ClockTime.Failure.self) { try ClockTime.parse("24:30") }
        #expect(try ClockTime.parse("24:00") == 1440)
        #expect(throws: ClockTime.Failure.self) { try ClockTime.read("9:5") }
    }

    @Test(
        "times are told in messages as H:MM", arguments: [(545, "9:05"), (0, "0:00"), (1440, "24:00"), (600, "10:00")])
    func timeFormat(minutes: Int, text: String) {
        #expect(ClockTime.text(minutes, paddingHours: false) == text)
    }

    @Test(
        "{method} in English and Japanese",
        arguments: [
            ("cash", PaymentMethod.cash), ("card", .card), ("QR", .qr), ("現金", .cash), ("カード", .card), ("QR決済", .qr),
            ("ＱＲ決済", .qr), ("ＱＲ", .qr),
        ])
    func methods(text: String, method: PaymentMethod) throws {
        #expect(try wholeMatch(PaymentMethod.pattern, text))
        #expect(try QAParameterTypes.method.transform([text]) as? PaymentMethod == method)
    }

    @Test("the wire values of payment methods")
    func methodWireValues() {
        #expect(PaymentMethod.allCases.map(\.rawValue) == ["cash", "card", "qr"])
    }

    @Test(
        "{field} in English and Japanese names data-field",
        arguments: [
            ("subtotal", "subtotal"), ("小計", "subtotal"), ("割引", "discount"), ("ポイント", "points"), ("合計", "total"),
            ("お預かり", "paid"), ("残り", "remaining"), ("お釣り", "change"), ("返金", "refund"), ("change", "change"),
        ])
    func fields(text: String, dataField: String) throws {
        #expect(try wholeMatch(DisplayField.pattern, text))
        let field = try #require(try QAParameterTypes.field.transform([text]) as? DisplayField)
        #expect(field.rawValue == dataField)
    }

    @Test(
        "{screen} in English and Japanese names data-screen",
        arguments: [
            ("welcome", "welcome"), ("ようこそ", "welcome"), ("カート", "cart"), ("お支払い", "payment"),
            ("一部支払い", "partial"), ("完了", "complete"), ("返金", "refund"), ("partial", "partial"),
        ])
    func screens(text: String, dataScreen: String) throws {
        #expect(try wholeMatch(DisplayScreen.pattern, text))
        let screen = try #require(try QAParameterTypes.screen.transform([text]) as? DisplayScreen)
        #expect(screen.rawValue == dataScreen)
    }

    @Test("every English and Japanese name of steps.md is covered")
    func allNames() {
        #expect(DisplayField.allCases.count == 8)
        #expect(DisplayScreen.allCases.count == 6)
        #expect(DisplayField(written: "greeting") == nil)
        #expect(DisplayScreen(written: "thanks") == nil)
    }
}
