import CucumberExpressions
import Testing

/// `CucumberExpression.match` rejects most texts on their literal parts before running
/// the regex; the answer must always be the regex's own.
@Suite("Literal pre-filter")
struct PreFilterTests {
    static let sources = [
        "I add {int} {string} to the cart", "the display shows {field} {yen}", "the row of {string} has {int} lane(s)",
        "{string}の数量を{int}に変更する", "カートに{yen}の{string}を追加する", "it succeeds", "成功する", "a/b c(d) e",
        "x {int} y {int} z", "{word}", "{}", "", "ab{int}ab", "short {int} end", "three (brown )mice/rats",
        "e\u{301} {word}",
    ]

    static let texts = [
        "I add 3 \"apple\" to the cart", "I add 3 \"apple\" to the car", "I ad 3 \"apple\" to the cart",
        "the display shows total ¥1,200", "the display shows total", "the row of 'A' has 2 lanes",
        "the row of 'A' has 2 lane",
        "the row of 'A' has 1 lane", "「りんご」の数量を3に変更する", "「りんご」の数量を3に変更", "カートに1,200円の「りんご」を追加する",
        "カートに¥100の'x'を追加する", "it succeeds", "it succeeds ", "成功する", "成功", "a c e", "b cd e", "a/b c e", "x 1 y 2 z",
        "x 1 y 2 z z", "x 1 z 2 y", "word", "two words", "", " ", "ab1ab", "ab1a", "ab1", "abab", "short 1 end",
        "short end",
        "three brown mice", "three rats", "three mice", "e\u{301} x", "é x", "e x",
    ]

    static func registry() throws -> ParameterTypeRegistry {
        try Fixtures.registry(
            Fixtures.yen,
            ParameterType(name: "field", regexps: ["total|subtotal"]) { $0.first ?? nil })
    }

    @Test("never changes whether a text matches, nor the arguments", arguments: sources)
    func agreesWithRegex(source: String) throws {
        let registry = try Self.registry()
        let expression = try CucumberExpression(source, registry: registry)
        let plain = try RegularExpression(expression.regexSource, registry: registry)
        for text in Self.texts {
            let filtered = expression.match(text)?.map(\.text)
            let unfiltered = plain.match(text)?.map(\.text)
            #expect(filtered == unfiltered, "\(source) on \(text)")
        }
    }

    @Test("the corpus exercises both outcomes")
    func corpusHasMatchesAndMisses() throws {
        let registry = try Self.registry()
        var matches = 0
        var misses = 0
        for source in Self.sources {
            let expression = try CucumberExpression(source, registry: registry)
            for text in Self.texts {
                if expression.match(text) != nil { matches += 1 } else { misses += 1 }
            }
        }
        #expect(matches >= Self.sources.count)
        #expect(misses > matches)
    }
}
