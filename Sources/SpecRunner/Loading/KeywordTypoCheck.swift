import Foundation
import Gherkin

/// Finds description lines that look like a misspelt keyword.
///
/// Gherkin reads any line it does not recognise after a `Feature:`, `Rule:`, `Scenario:`,
/// `Background:` or `Examples:` line as free description text. So `Scenarioo: refunds`
/// is no scenario at all, and a first step written `Givn the catalog:` is no step: the
/// file parses, the scenario (or step) silently disappears, and the run stays green. The
/// check finds such lines; it changes nothing in how Gherkin reads the file. The planner
/// warns of those outside scenarios, and plans those inside one as undefined steps
/// (`RunPlanner.lostSteps`), so that the scenario does not pass without them.
///
/// A line is suspect when it starts with a word at most two edits from a block keyword of
/// the file's language and a colon follows (`Scenarioo:`, `Exampels:`, `シナリ:`), or —
/// in a scenario's or background's description, where prose is rare — with a word one
/// edit from a step keyword of at least four letters (`Givn`, `Wehn`).
enum KeywordTypoCheck {
    /// One suspect line.
    struct Finding: Sendable, Equatable {
        var line: Int
        var column: Int
        /// The line as written, without its indentation.
        var text: String
        /// What is wrong and what to write instead (`'Givn' looks like the keyword 'Given' misspelt`).
        var hint: Diagnostic.Hint
        /// How Gherkin reads the line, as its warning ends.
        var reading: Diagnostic.Reading
        /// The library's step the rest of the line is, when the line is a step whose
        /// keyword was typed wrong (the expression's source).
        var meant: String?
        /// In a Feature's or Rule's description, with a step of the library below it: the
        /// line was meant to begin a scenario, which Gherkin reads as description instead.
        var losesScenario = false
        /// In a Feature's description: a `Rule:` line typed wrong (`ルール 会員`, `ルール：会員`),
        /// so the Background and scenarios below it belong to the Feature instead.
        var losesRule = false
        /// A warning wherever it stands, never a lost step: a tag typed `＠重要` is lost,
        /// but it is no step.
        var warnsOnly = false

        /// The warning of the line as read.
        var diagnostic: Diagnostic { Diagnostic(line: line, column: column, message: .description(hint, reading)) }
    }

    /// A file's suspect lines: those in a Feature's, Rule's or Examples' description (a
    /// lost keyword line, a step that stands before any scenario), and, by the line of
    /// each scenario they belong to, those in a scenario's or Background's description:
    /// a step or scenario that was meant and is not run (its Background's come first).
    struct Findings: Sendable {
        var fileLevel: [Finding] = []
        var byScenarioLine: [Int: [Finding]] = [:]
        /// Steps of the library between the `Feature:` (or `Rule:`) line and the first
        /// `Background:` or `Scenario:`, which Gherkin reads as description text.
        var straySteps: [Diagnostic] = []
    }

    /// The file's suspect lines. `step` gives the source of the library's step a text is,
    /// or nil.
    static func findings(in feature: Feature, source: SourceLines, step: (String) -> String?) -> Findings {
        withoutActuallyEscaping(step) { Reader(feature: feature, source: source, step: $0).findings() }
    }

    /// Reads one file's descriptions for suspect lines.
    struct Reader {
        let feature: Feature
        let dialect: GherkinDialect
        let source: SourceLines
        let step: (String) -> String?
        /// The step keywords of the file's language, English and Japanese, longest first.
        let stepKeywords: [String]

        init(feature: Feature, source: SourceLines, step: @escaping (String) -> String?) {
            self.feature = feature
            self.source = source
            self.step = step
            dialect = GherkinDialect.named(feature.language) ?? .english
            stepKeywords = Set(
                ([dialect] + KeywordLanguage.productDialects).flatMap(\.stepKeywords)
                    .map { $0.trimming(" ") }.filter { $0 != "*" }
            ).map(String.init).sorted { $0.count > $1.count }
        }

        /// Whether the file's language is settled: named (`# language: ja`), or English by its
        /// `Feature:` line when no `# language:` line was written wrong. A file whose header
        /// was (`# langauge: ja`) is advised to mend it, when a Japanese keyword is read as
        /// its description.
        var isDeclared: Bool {
            feature.language != "en" || source.declaredLanguage != nil || source.headerProblem == nil
        }

        func findings() -> Findings {
            var result = Findings()
            result.fileLevel += check(feature.description, after: feature.location.line, in: .feature)
            result.straySteps = straySteps(feature.description, after: feature.location.line, inRule: false)
            var backgrounds: [Finding] = []
            var featureBackground: [Finding] = []
            var ruleBackground: [Finding] = []
            feature.walk { rule in
                result.fileLevel += check(rule.description, after: rule.location.line, in: .rule)
                result.straySteps += straySteps(rule.description, after: rule.location.line, inRule: true)
                ruleBackground = []
            } background: { background, rule in
                let checked = check(background.description, after: background.location.line, in: .background)
                result.fileLevel += checked.filter(\.warnsOnly)
                let found = checked.filter { !$0.warnsOnly }
                if rule == nil { featureBackground = found } else { ruleBackground = found }
                backgrounds += found
            } scenario: { scenario, rule in
                let described = check(scenario.description, after: scenario.location.line, in: .scenario)
                result.fileLevel += described.filter(\.warnsOnly)
                for examples in scenario.examples {
                    result.fileLevel += check(examples.description, after: examples.location.line, in: .examples)
                }
                let backgrounds = rule == nil ? featureBackground : featureBackground + ruleBackground
                let own = (backgrounds + described.filter { !$0.warnsOnly }).sorted { $0.line < $1.line }
                if !own.isEmpty { result.byScenarioLine[scenario.location.line] = own }
            }
            // A Background with no scenario after it gives its lines to none: they are warned of.
            let owned = Set(result.byScenarioLine.values.joined().map(\.line))
            result.fileLevel += backgrounds.filter { !owned.contains($0.line) }
            result.fileLevel.sort { $0.line < $1.line }
            return result
        }

        /// The suspect lines of one description: a scenario's or Background's may lose a
        /// step, a Feature's or Rule's (a header) a scenario.
        func check(_ description: String, after line: Int, in place: Place) -> [Finding] {
            let described = source.descriptionLines(description, after: line)
            let (steps, header) = (place == .scenario || place == .background, place == .feature || place == .rule)
            var found = described.compactMap { text in
                finding(for: text.1, line: text.0, steps: steps, header: header).flatMap { meantHere($0, in: place) }
            }
            // A keyword in lower case (`then the display …`) goes on with a sentence the prose
            // lines above it began (`The cashier adds a latte and`), however many lines it runs.
            let lowerCase = Set(
                found.compactMap { finding -> Int? in
                    guard case .misspelt(let word, let keyword) = finding.hint, word.first?.isLowercase == true,
                        word.lowercased() == keyword.lowercased()
                    else { return nil }
                    return finding.line
                })
            let flagged = Set(found.map(\.line))
            var continued: Set<Int> = []
            var open: Int?  // the line a sentence goes on from
            for (number, text) in described {
                if open == number - 1, lowerCase.contains(number) { continued.insert(number) }
                let end = text.trimming(" \t\r").last
                let prose = !flagged.contains(number) || continued.contains(number)
                open = prose && end.map({ !".。!！?？:：".contains($0) }) == true ? number : nil
            }
            found.removeAll { continued.contains($0.line) }
            // A table of full-width bars is told once, at its first row.
            if let first = found.first(where: { $0.hint == .fullWidthTableBar })?.line {
                found.removeAll { $0.hint == .fullWidthTableBar && $0.line != first }
            }
            guard header, !found.isEmpty else { return found }
            // A keyword line with a step of the library below it began a scenario. Prose
            // that starts like a keyword without its colon (`Scenario planning …`) is left
            // alone unless it does.
            let lastStepLine = described.filter { isStepLine($0.1) }.map(\.0).max()
            for index in found.indices where !found[index].warnsOnly {
                found[index].losesScenario = lastStepLine.map { $0 > found[index].line } ?? false
                found[index].losesRule = losesRule(found[index])
            }
            // A keyword written with its colon missing, or with a word run onto it, heads
            // nothing unless steps follow it, and neither does a word of prose with a full-width
            // colon (`背景：混雑時`, `シナリオ一覧：`, `ルール：`). A misspelt keyword, and
            // `シナリオ：` itself, are rarely prose, and are warned of.
            let scenarioWords = Set(dialect.scenario + dialect.scenarioOutline)
            return found.filter { finding in
                switch finding.hint {
                case .fullWidthColon(let keyword) where scenarioWords.contains(keyword): true
                case .colonMissingWrite, .fullWidthColon, .lengthenedScenario, .lengthenedExamples:
                    finding.losesScenario || finding.losesRule
                default: true
                }
            }
        }

        /// What one description line was meant to be, if it looks meant as something else.
        func finding(for text: Substring, line: Int, steps: Bool, header: Bool) -> Finding? {
            func make(
                _ hint: Diagnostic.Hint, _ reading: Diagnostic.Reading, meant: String? = nil, warnsOnly: Bool = false
            ) -> Finding {
                Finding(
                    line: line, column: text.indentColumn, text: String(text.trimming(" \t\r")), hint: hint,
                    reading: reading, meant: meant, warnsOnly: warnsOnly)
            }
            // A sentence (`They pay with a 1000 yen note.`, `例：ラテを2個買う場合も同じ。`) is
            // prose, unless what follows its first word is a step of the library.
            let trimmed = text.trimming(" \t\r")
            if let last = trimmed.last, ".。!！?？".contains(last), step(restOfLine(text)) == nil,
                step(String(trimmed)) == nil
            {
                return nil
            }
            if let placed = misplacedLine(text, line: line, steps: steps, header: header) { return placed }
            // `＃ メモ` is read as description, which is what a comment is for.
            if let sign = FullWidthSign.reading(of: text), sign.halfWidth != "#" {
                if sign.halfWidth == "@" { return make(.fullWidthSign(sign), .noTags, warnsOnly: true) }
                guard let meant = step(restOfLine(text)) else { return nil }
                return make(.fullWidthSign(sign), .notStep, meant: steps ? meant : nil)
            }
            if steps, let spacing = KeywordSpacing.reading(of: text, dialect: dialect), let meant = step(spacing.rest) {
                return make(.keywordSpacing(spacing), .notStep, meant: meant)
            }
            if let keyword = KeywordColon.fullWidth(in: text) {
                return make(.fullWidthColon(keyword: keyword), .notKeywordLine)
            }
            if let hint = KeywordLanguage.hint(
                for: text, dialect: dialect, declared: isDeclared,
                written: feature.language != "en" || source.declaredLanguage != nil,
                productLanguagesOnly: true,
                header: isDeclared ? nil : source.headerProblem)
            {
                return make(hint, .description, meant: steps ? step(restOfLine(text)) : nil)
            }
            if let hint = lengthenedScenarioHint(for: text, dialect: dialect) { return make(hint, .description) }
            if let typo = suspect(text, dialect: dialect, steps: steps)
                ?? (steps && step(restOfLine(text)) != nil
                    ? suspect(text, dialect: dialect, steps: true, shortWords: true) : nil)
            {
                return make(
                    .misspelt(word: typo.word, keyword: typo.keyword), steps ? .notStep : .notKeywordLine,
                    meant: steps ? step(typo.rest) : nil)
            }
            if steps, let typo = japaneseStepTypo(text, dialect: dialect), let meant = step(typo.rest) {
                return make(.misspelt(word: typo.word, keyword: typo.keyword), .notStep, meant: meant)
            }
            if steps || header, let written = KeywordColon.missing(in: text) {
                let keyword = KeywordLanguage.own(written, in: dialect)
                let name = text.withoutIndent.dropFirst(written.count).trimming(" \t\r:：")
                let write = "\(keyword):\(name.isEmpty ? "" : " " + name)"
                return make(.colonMissingWrite(keyword: keyword, write: write), steps ? .scenarioAbove : .description)
            }
            // A step of the library written without its keyword (`お客さまは1000ポイントを持つ会員である`).
            if steps, let meant = step(String(text.trimming(" \t\r"))) {
                let write = KeywordTypoCheck.stepLine(text, dialect.given, english: "Given ", dialect: dialect)
                return make(.stepWithoutKeyword(write: write, orComment: false), .notStep, meant: meant)
            }
            // One with a word for its keyword (`模試 お会計に進む`, `ぜんてい …`, `Assuming the catalog:`).
            let rest = restOfLine(text)
            if steps, !rest.isEmpty, let meant = step(rest) {
                let word = String(text.withoutIndent.prefix { $0 != " " })
                let write = KeywordTypoCheck.stepLine(
                    Substring(rest), dialect.given, english: "Given ", dialect: dialect)
                return make(.notKeyword(word: word, write: write), .notStep, meant: meant)
            }
            return nil
        }

        /// A step keyword of the file's language, English or Japanese, and a step of the library.
        func isStepLine(_ text: Substring) -> Bool {
            let trimmed = text.trimming(" \t\r")
            for keyword in stepKeywords where trimmed.hasPrefix(keyword) {
                let rest = String(trimmed.dropFirst(keyword.count).trimming(" \t"))
                if !rest.isEmpty, step(rest) != nil { return true }
            }
            return false
        }
    }
}

extension StringProtocol {
    /// Without the characters of `set` at either end (`" \t\r"`), as a slice.
    func trimming(_ set: String) -> Substring {
        let isTrimmed = { (character: Character) in set.contains(character) }
        guard let first = firstIndex(where: { !isTrimmed($0) }) else { return Substring() }
        let last = lastIndex { !isTrimmed($0) } ?? first
        return Substring(self[first...last])
    }

    /// Without the spaces and tabs it starts with.
    var withoutIndent: SubSequence { drop { $0 == " " || $0 == "\t" } }

    /// The words after the tags it starts with, one space apart: `Scenario: x` of
    /// `@smoke @wip Scenario: x`.
    var afterLeadingTags: String { split(separator: " ").drop { $0.hasPrefix("@") }.joined(separator: " ") }

    /// The 1-based column of its first character after the spaces and tabs it starts with.
    var indentColumn: Int { prefix { $0 == " " || $0 == "\t" }.count + 1 }

    /// Whether it holds a character of Japanese script (or of any script from U+3000 up):
    /// words of such languages are told apart without spaces.
    var hasWideScript: Bool { unicodeScalars.contains { $0.value >= 0x3000 } }
}

extension Character {
    /// The character `offset` code points away, when this one is a single scalar in one of
    /// `ranges` (`も` gives `モ`, `２` gives `2`); nil otherwise.
    func shifted(by offset: Int, in ranges: [ClosedRange<UInt32>]) -> Character? {
        guard unicodeScalars.count == 1, let scalar = unicodeScalars.first,
            ranges.contains(where: { $0.contains(scalar.value) }),
            let value = UInt32(exactly: Int(scalar.value) + offset), let shifted = Unicode.Scalar(value)
        else { return nil }
        return Character(shifted)
    }
}
