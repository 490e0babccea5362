import CucumberExpressions
import Testing

@Suite("Parameter values in a text")
struct ParameterValueFinderTests {
    private let finder = ParameterValueFinder(types: [
        ParameterType(name: "screen", regexps: ["cart|refund|カート|ようこそ"]) { $0 },
        ParameterType(name: "field", regexps: ["total|refund"]) { $0 },
        ParameterType(name: "yen", regexps: [#"¥\d+"#]) { _ in 0 },
    ])

    private func found(_ text: String) -> [String] {
        finder.values(in: text).map { "\(text[$0.range])=\($0.typeNames.joined(separator: ","))" }
    }

    @Test("whole words only, left to right, every type a value could be")
    func wholeWords() {
        #expect(found("the cart shows total ¥500") == ["cart=screen", "total=field", "¥500=yen"])
        #expect(found("the cartridge totals") == [])
        #expect(found("the refund screen") == ["refund=screen,field"])
    }

    @Test("in Japanese, the change of script is the word's edge")
    func japanese() {
        #expect(found("カスタマーディスプレイにようこそ画面が表示される") == ["ようこそ=screen"])
        #expect(found("カートに「ラテ」を追加する") == ["カート=screen"])
        // A Japanese word ends where its script does, with digits or Latin letters after it
        // (`カート5点`); a Latin word does not end at a digit (`cart2`).
        #expect(found("カート5点") == ["カート=screen"])
        #expect(found("5カート") == ["カート=screen"])
        #expect(found("cart2 ¥500") == ["¥500=yen"])
    }

    @Test("no types, no values")
    func none() {
        #expect(ParameterValueFinder(types: []).values(in: "the cart").isEmpty)
    }
}
