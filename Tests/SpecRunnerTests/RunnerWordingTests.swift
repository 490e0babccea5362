import CucumberExpressions
import Gherkin
import Testing

@testable import SpecRunner

/// The runner's words for a value that is not its type's, and an editor's headlines, in
/// each language's table (`RunnerWording`): each wording is pinned here, so moving one
/// between the tables, or changing it, shows.
@Suite struct RunnerWordingTests {
    private static func type(_ name: String, hint: String? = nil, ja: String? = nil) -> ParameterType {
        ParameterType(
            name: name, regexps: [".*"], valueHint: hint, localizedValueHints: ja.map { ["ja": $0] } ?? [:],
            transform: { $0.first ?? nil })
    }

    static let misfits: [(language: String, misfit: ExpressionMisfit, expected: String)] = [
        (
            "en", ExpressionMisfit(type: type("int"), value: "1,000"),
            "\"1,000\" is not a {int}: write it without the comma, 1000 (a {yen} amount may have one)"
        ),
        (
            "ja", ExpressionMisfit(type: type("int"), value: "1,000"),
            "「1,000」は{int}として読めません。カンマを取って 1000 と書きます（カンマを使えるのは金額の{yen}です）"
        ),
        (
            "en", ExpressionMisfit(type: type("yen"), value: "¥-100"),
            "\"¥-100\" is not a {yen}: the minus goes before the ¥, -¥100"
        ),
        ("ja", ExpressionMisfit(type: type("yen"), value: "¥-100"), "「¥-100」は{yen}として読めません。マイナスは¥の前に付けます: -¥100"),
        (
            "en", ExpressionMisfit(type: type("yen"), value: "ー¥100"),
            "\"ー¥100\" is not a {yen}: 'ー' is no minus sign; write the half-width '-', -¥100"
        ),
        (
            "ja", ExpressionMisfit(type: type("yen"), value: "ー¥100"),
            "「ー¥100」は{yen}として読めません。先頭の「ー」はマイナス記号ではありません。半角の「-」で -¥100 と書きます"
        ),
        (
            "en", ExpressionMisfit(type: type("string"), value: "「ラテ"),
            "the '「' before ラテ is never closed: write 「ラテ」"
        ),
        ("ja", ExpressionMisfit(type: type("string"), value: "「ラテ"), "「が閉じていません。「ラテ」と書きます"),
        (
            "en", ExpressionMisfit(type: type("string"), value: "2 \"Big\""),
            "\"2 \"Big\"\" is more than a {string}: '2' has no place in this step"
        ),
        (
            "ja", ExpressionMisfit(type: type("string"), value: "2 「大」"),
            "「2 「大」」には{string}のほかに「2」があり、このステップにはその置き場所がありません"
        ),
        (
            "en", ExpressionMisfit(type: type("screen", hint: "one of cart, payment"), value: "basket"),
            "\"basket\" is not a {screen} (one of cart, payment)"
        ),
        (
            "ja",
            ExpressionMisfit(type: type("screen", hint: "one of cart, payment", ja: "cart か payment"), value: "basket"),
            "「basket」は{screen}として読めません（cart か payment）"
        ),
        (
            "en", ExpressionMisfit(type: type("yen"), value: " ¥1,200", fitsWithoutSpaces: true),
            "\" ¥1,200\" has a space the step does not: without it, it is a {yen}"
        ),
        (
            "ja", ExpressionMisfit(type: type("yen"), value: " ¥1,200", fitsWithoutSpaces: true),
            "「 ¥1,200」には余分な空白があります（空白を取れば{yen}として読めます）"
        ),
    ]

    @Test(arguments: misfits.indices)
    func misfit(_ index: Int) {
        let (language, misfit, expected) = Self.misfits[index]
        #expect(RunnerWording.of(language: language).describe(misfit, language: language) == expected)
    }

    @Test func ambiguousHeadline() {
        let step = AmbiguousStep(text: "I add a latte", locations: [], candidates: ["I add a {word}", "I add a latte"])
        #expect(
            DocumentCheck.ambiguousText(step, language: "en")
                == "Ambiguous step: I add a latte\nmatches:\n  I add a {word}\n  I add a latte")
        #expect(
            DocumentCheck.ambiguousText(step, language: "ja")
                == "曖昧なステップ: I add a latte\n一致する定義:\n  I add a {word}\n  I add a latte")
    }

    @Test("a JUnit failure's message for undefined and ambiguous steps, in the scenario's language")
    func reportHeadlines() {
        let english = RunnerWording.of(language: "en")
        let japanese = RunnerWording.of(language: "ja")
        #expect(english.reportUndefined("I pay", 0, false) == "undefined step: I pay")
        #expect(english.reportUndefined("I pay", 2, false) == "undefined step: I pay (and 2 more)")
        #expect(english.reportUndefined("Givn I pay", 0, true) == "not read as a step: Givn I pay")
        #expect(english.reportAmbiguous("I pay") == "ambiguous step: I pay")
        #expect(japanese.reportUndefined("カートに「ラテ」を追加", 2, false) == "未定義のステップ: カートに「ラテ」を追加（ほか2件）")
        #expect(japanese.reportUndefined("前堤 商品カタログ:", 0, true) == "ステップとして読まれない行: 前堤 商品カタログ:")
        #expect(japanese.reportAmbiguous("支払う") == "曖昧なステップ: 支払う")
    }

    @Test func undefinedHeadline() {
        for (language, expected) in [("en", "Undefined step: I pay"), ("ja", "未定義のステップ: I pay")] {
            let step = UndefinedStep(text: "I pay", locations: [], snippet: "", suggestions: [], language: language)
            #expect(DocumentCheck.undefinedText(step) == expected)
        }
    }

    @Test(
        "advice names the keyword QA of the file's language write; a language without a table, its dialect's first",
        arguments: [
            (["Example", "Scenario"], "en", "Scenario"), (["Feature", "Business Need", "Ability"], "en", "Feature"),
            (["フィーチャ", "機能"], "ja", "機能"), (["例", "サンプル"], "ja", "例"),
            (["Exemple", "Scénario"], "fr", "Exemple"), (["Esempio", "Scenario"], "it", "Esempio"),
        ])
    func usualKeyword(words: [String], language: String, expected: String) {
        let dialect = GherkinDialect.named(language) ?? .english
        #expect(dialect.usualKeyword(words, english: "") == expected)
    }
}
