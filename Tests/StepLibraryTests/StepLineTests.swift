import Testing
import Wire

@testable import StepLibrary

/// A step of the library as a scenario's line (`StepLine`), as the explorer and the
/// register page's recorder write them.
@Suite("Steps written as lines")
struct StepLineTests {
    @Test("a step is written in the language asked, plain or in its try form, its values in that language's order")
    func writesEachForm() {
        let pay = "the customer pays {yen} by {method}"
        let values: [StepLine.Value] = [.yen(1000), .method(.qr)]
        #expect(StepLine.text(pay, in: .en, values) == "the customer pays ¥1,000 by QR")
        #expect(StepLine.text(pay, trying: true, in: .en, values) == "the customer tries to pay ¥1,000 by QR")
        #expect(StepLine.text(pay, in: .ja, values) == "お客さまがQR決済で¥1,000を支払う")
        #expect(StepLine.text(pay, trying: true, in: .ja, values) == "お客さまがQR決済で¥1,000を支払おうとする")
        let add = "I add {int} {string} to the cart"
        #expect(StepLine.text(add, in: .ja, [.int(2), .string("ラテ")]) == "カートに「ラテ」を2個追加する")
        #expect(StepLine.text(add, in: .en, [.int(2), .string(#"12" Pizza"#)]) == #"I add 2 '12" Pizza' to the cart"#)
        #expect(StepLine.text(add, in: .ja, [.int(2), .string("括弧」")]) == #"カートに"括弧」"を2個追加する"#)
    }

    @Test("an optional part is written unless its count is 1")
    func writesOptionalParts() {
        let updates = "the display received {int} update(s)"
        #expect(StepLine.text(updates, in: .en, [.int(1)]) == "the display received 1 update")
        #expect(StepLine.text(updates, in: .en, [.int(3)]) == "the display received 3 updates")
        #expect(StepLine.text(updates, in: .ja, [.int(3)]) == "カスタマーディスプレイは3回更新された")
    }

    @Test("every step of the catalogue, written with values, is matched by that step's definition alone")
    func everyStepIsItsOwnLine() {
        let entries = QAStepLibrary.definitions.entries
        let sample: [String: StepLine.Value] = [
            "string": .string("X"), "int": .int(2), "yen": .yen(100), "method": .method(.card),
            "screen": .screen("cart"),
            "field": .field("total"), "time": .time(600), "float": .float(60),
        ]
        var written = 0
        for entry in entries where entry.language == .en && entry.kind != .try {
            let names = entry.expression.split(separator: "{").dropFirst().map { String($0.prefix { $0 != "}" }) }
            let values = names.compactMap { sample[$0] }
            #expect(values.count == names.count, "\(entry.expression): a parameter type without a sample")
            let hasTry = entries.contains { $0.step == entry.step + 1 && $0.kind == .try }
            for language in StepLanguage.allCases {
                for trying in hasTry ? [false, true] : [false] {
                    let line = StepLine.text(entry.expression, trying: trying, in: language, values)
                    let meant = entries.first { $0.step == entry.step + (trying ? 1 : 0) && $0.language == language }
                    let found = StepDefinitionTests.matches(line).map(\.expression.source)
                    #expect(found == [meant?.expression ?? ""], "`\(line)` matches \(found)")
                    written += 1
                }
            }
        }
        #expect(written > 150)
    }
}
