import CucumberExpressions
import Gherkin

/// The runner's own words around a problem in a step or a scenario, in the language of
/// the feature it is in: a Japanese QA engineer reads "did you mean", the snippet's
/// heading and why a value did not fit in Japanese (docs/runner.md). Run-level headings
/// (`Undefined steps:`, the summary) stay English, as one run can mix languages. The
/// words themselves are in each language's file beside the advice (`English.swift`).
package struct RunnerWording: Sendable {
    /// The language's advice about feature files.
    let advice: any AdviceWording
    /// Heads the closest existing steps.
    let didYouMean: String
    /// Introduces an undefined step's snippet: code for whoever adds the step to the
    /// library, shown after what the author can fix in the feature file.
    let snippetHeading: String
    /// Says, once under the undefined steps, that `--snippets` prints their code.
    let snippetsOption: String
    /// Heads the scenarios one undefined step is in (`in 7 scenarios:`).
    let inScenarios: @Sendable (_ count: Int) -> String
    /// Names a failure found when the scenario ended (an unchecked try outcome).
    let endOfScenario: String
    /// Why a value is not its type's, in this language; nil: Cucumber Expressions' own
    /// English (`"basket" is not a {screen} (one of …)`, `ExpressionMisfit.description`).
    let misfit: (@Sendable (_ value: String, _ type: String, _ hint: String?) -> String)?
    /// Each says that the step is a known one but for a slip of typing: its final full
    /// stop, a comment at the end of its line, full-width digits (`２台目`), a word between
    /// the keyword and the step (`もしも …`: `もし`, then `も`), an invisible character
    /// (`U+200B`), a space of another kind where a plain one goes (`a non-breaking space
    /// (U+00A0)`), typographic quotes (`“Latte”`, as a word processor types them); a colon
    /// at its end that the step has not (`…を追加する:`), or the one it has and the text lacks.
    let finalStop: @Sendable (_ stop: String) -> String
    let finalColon: @Sendable (_ colon: String) -> String
    let colonAtEnd: String
    let trailingComment: @Sendable (_ comment: String) -> String
    let fullWidthDigits: @Sendable (_ written: String, _ meant: String) -> String
    let fullWidthLetters: @Sendable (_ written: String, _ meant: String) -> String
    /// Says that a space stands between two Japanese words (`を 追加`).
    let spaceBetween: @Sendable (_ written: String) -> String
    let wordBefore: @Sendable (_ word: String) -> String
    /// Says that the library writes a word of the step otherwise (`お客様` is `お客さま`).
    let libraryWord: @Sendable (_ written: String, _ library: String) -> String
    let invisible: @Sendable (_ code: String) -> String
    let oddSpace: @Sendable (_ name: String, _ code: String) -> String
    let curlyQuotes: String
    /// Says that a step line holds its keyword alone.
    let keywordAlone: String
    /// Says that an outline's row left a placeholder of the step empty (`<total>`).
    let emptyPlaceholder: @Sendable (_ names: String) -> String
    /// Says that a line of prose starting with a keyword with no space of its own
    /// (`かつての仕様では…` starts with `かつ`) is a step to Gherkin, and how to keep it prose.
    let keywordStartsProse: @Sendable (_ keyword: String) -> String
    /// Says that a {int} is written with thousands commas (`1,000`), and how without (`1000`).
    let intWithComma: @Sendable (_ value: String, _ plain: String) -> String
    /// Says that a {yen}'s minus follows the ¥ (`¥-100`), and where it goes (`-¥100`).
    let minusAfterYen: @Sendable (_ value: String, _ fixed: String) -> String
    /// Says that a {yen} starts with a sign that is no minus (`ー`), and the amount with one.
    let notAMinus: @Sendable (_ value: String, _ sign: String, _ fixed: String) -> String
    /// Says that a quote the value opens is never closed, and the value closed.
    let unclosedQuote: @Sendable (_ value: String, _ open: Character, _ fixed: String) -> String
    /// Says that a {string}'s value holds more than its quoted text (`2` in `2 "Big"`).
    let leftOver: @Sendable (_ value: String, _ rest: String) -> String
    /// Says that the value is its type's but for a space too many; nil: Cucumber
    /// Expressions' own English (`ExpressionMisfit.description`).
    let extraSpace: (@Sendable (_ value: String, _ type: String) -> String)?
    /// An editor's headline of an undefined step and of an ambiguous one, and the heading
    /// of the definitions an ambiguous step matches.
    let undefinedStep: @Sendable (_ text: String) -> String
    let ambiguousStep: @Sendable (_ text: String) -> String
    let matchingDefinitions: String
    /// A JUnit failure's message for a scenario's undefined steps (the first, and how many
    /// more), or for a description line meant as a step (`lost`); and for an ambiguous one.
    let reportUndefined: @Sendable (_ text: String, _ more: Int, _ lost: Bool) -> String
    let reportAmbiguous: @Sendable (_ text: String) -> String
    /// An editor's quick fixes: the language line added, a line's full-width signs
    /// written in ASCII, the suggested step taken.
    package let addLanguageLine: String
    package let asciiSigns: @Sendable (_ line: Int) -> String
    package let takeSuggested: @Sendable (_ step: String) -> String
    /// The statuses as the HTML report and the console name them on a scenario and its steps.
    let statusNames: [String: String]
    /// Heads the customer display a step attached, in the HTML report.
    let displayCaption: String
    /// Heads a step's example line in the editor's hover.
    package let example: String
    /// The keywords QA of this language write where Gherkin has several words for one
    /// (`Scenario`, not `Example`; `機能`, not `フィーチャ`), for the advice that names one.
    let usualKeywords: Set<String>

    /// `failed` in this language (the status's own name when the table has none).
    func statusName(_ status: String) -> String { statusNames[status] ?? status }

    /// What a {string}'s value holds besides its quoted text (`2` in `2 "Big"`, where the
    /// step has a place for a name but none for a quantity), or nil.
    private static func leftOver(_ value: String) -> String? {
        for (open, close) in [("\"", "\""), ("'", "'"), ("「", "」")] {
            guard let start = value.range(of: open),
                let end = value.range(of: close, range: start.upperBound..<value.endIndex)
            else { continue }
            let rest = (value[..<start.lowerBound] + " " + value[end.upperBound...]).trimming(" ")
            if !rest.isEmpty { return String(rest) }
        }
        return nil
    }

    /// The wording for a feature written in `language` (a Gherkin language code): its own
    /// table, English for a language without one.
    package static func of(language: String) -> RunnerWording { tables[language] ?? english }

    /// The languages with a table of their own.
    static let tables = ["en": english, "ja": japanese]

    /// Why `misfit`'s value is not its type's, with the type's hint in this language.
    func describe(_ misfit: ExpressionMisfit, language: String) -> String {
        let value = misfit.value
        let text = value.trimming(" ")
        switch misfit.type.name {
        case "int":
            // `1,000`: digits grouped by commas, as amounts are written.
            let groups = text.split(separator: ",", omittingEmptySubsequences: false)
            if groups.count > 1, let first = groups.first, (1...3).contains(first.count),
                groups.dropFirst().allSatisfy({ $0.count == 3 }),
                groups.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
            {
                return intWithComma(value, groups.joined())
            }
        case "yen":
            // A minus typed wrong: a long-vowel mark or a full-width minus for `-` (`ー¥100`,
            // as a Japanese input method types it), or the minus after the `¥` (`¥-100`).
            if let first = text.first, "ー−－‐—".contains(first),
                text.dropFirst().first.map({ $0 == "¥" || $0 == "￥" || $0.isNumber }) == true
            {
                return notAMinus(value, String(first), "-" + text.dropFirst())
            }
            if let yen = text.first, yen == "¥" || yen == "￥", text.dropFirst().first == "-" {
                return minusAfterYen(value, "-¥" + text.dropFirst(2))
            }
        case "string":
            // A quote the value opens and never closes (`「ラテ`, `"Latte`).
            let pairs: [Character: Character] = ["「": "」", "\"": "\"", "'": "'", "『": "』"]
            if let open = value.first, let close = pairs[open], value.count > 1, !value.dropFirst().contains(close) {
                return unclosedQuote(value, open, value + String(close))
            }
            if let rest = Self.leftOver(value) { return leftOver(value, rest) }
        default: break
        }
        guard let wording = self.misfit else { return misfit.description }
        if misfit.fitsWithoutSpaces, let extraSpace { return extraSpace(misfit.value, misfit.type.name) }
        return wording(misfit.value, misfit.type.name, misfit.type.valueHint(language: language))
    }
}

extension GherkinDialect {
    /// The word QA of this language write for a keyword whose words in the dialect are
    /// `words`: the usual one of the language's own table, else the first; else `english`.
    func usualKeyword(_ words: [String], english: String) -> String {
        let usual = RunnerWording.tables[language]?.usualKeywords ?? []
        return words.first(where: usual.contains) ?? words.first ?? english
    }
}
