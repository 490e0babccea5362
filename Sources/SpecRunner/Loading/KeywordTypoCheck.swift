import Gherkin

/// Finds description lines that look like a misspelt keyword.
///
/// Gherkin reads any line it does not recognise after a `Feature:`, `Rule:`, `Scenario:`,
/// `Background:` or `Examples:` line as free description text. So `Scenarioo: refunds`
/// is no scenario at all, and a first step written `Givn the catalog:` is no step: the
/// file parses, the scenario (or step) silently disappears, and the run stays green. The
/// check warns about such lines; it changes nothing in how the file is read.
///
/// A line is suspect when it starts with a word at most two edits from a block keyword of
/// the file's language and a colon follows (`Scenarioo:`, `Exampels:`, `シナリ:`), or —
/// in a scenario's or background's description, where prose is rare — with a word one
/// edit from a step keyword of at least four letters (`Givn`, `Wehn`).
enum KeywordTypoCheck {
    /// Warnings as `path:line:column: …`, in file order.
    /// `source` is asked for only when some description is not empty (most files have
    /// none, and the text is built on demand).
    /// `isStep` tells a step of the library: a word of three letters (`Thn`) is taken for a
    /// misspelt step keyword only when the rest of the line is one.
    static func warnings(
        in document: GherkinDocument?, source: () -> String?, path: String, isStep: (String) -> Bool = { _ in false }
    ) -> [String] {
        guard let feature = document?.feature else { return [] }
        let dialect = GherkinDialect.named(feature.language) ?? .english
        var lines: [Substring]?
        var warnings: [String] = []
        // Whether the file names its language (`# language: ja`): an English file that does
        // not is advised to, when a Japanese keyword is read as its description. Worked out
        // once a file, when a description line first asks.
        var declared: Bool?
        func isDeclared() -> Bool {
            if let declared { return declared }
            let found = feature.language != "en" || ParseErrorText.declaredLanguage(of: source()) != nil
            declared = found
            return found
        }
        func check(_ description: String, after line: Int, steps: Bool) {
            guard !description.isEmpty else { return }
            if lines == nil { lines = (source() ?? "").split(separator: "\n", omittingEmptySubsequences: false) }
            for (number, text) in descriptionLines(description, after: line, in: lines ?? []) {
                let column = text.prefix { $0 == " " || $0 == "\t" }.count + 1
                if let advice = KeywordColon.advice(for: text) {
                    warnings.append(
                        "\(path):\(number):\(column): \(advice): this line is read as description text,"
                            + " not as a keyword line")
                } else if let advice = KeywordLanguage.advice(
                    for: text, dialect: dialect, declared: isDeclared(), productLanguagesOnly: true)
                {
                    warnings.append("\(path):\(number):\(column): \(advice): this line is read as description text")
                } else if let advice = lengthenedScenarioAdvice(for: text, dialect: dialect) {
                    warnings.append("\(path):\(number):\(column): \(advice): this line is read as description text")
                } else if let keyword = suspect(text, dialect: dialect, steps: steps)
                    ?? (steps && isStep(restOfLine(text))
                        ? suspect(text, dialect: dialect, steps: true, shortWords: true) : nil)
                {
                    let word = text.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != ":" }
                    warnings.append(
                        "\(path):\(number):\(column): '\(word)' looks like the keyword '\(keyword)' misspelt:"
                            + " this line is read as description text, not as \(steps ? "a step" : "a keyword line")")
                }
            }
        }
        func checkBlock(background: Background?, scenario: Scenario?) {
            if let background { check(background.description, after: background.location.line, steps: true) }
            guard let scenario else { return }
            check(scenario.description, after: scenario.location.line, steps: true)
            for examples in scenario.examples {
                check(examples.description, after: examples.location.line, steps: false)
            }
        }
        check(feature.description, after: feature.location.line, steps: false)
        for child in feature.children {
            switch child {
            case .background(let background): checkBlock(background: background, scenario: nil)
            case .scenario(let scenario): checkBlock(background: nil, scenario: scenario)
            case .rule(let rule):
                check(rule.description, after: rule.location.line, steps: false)
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background): checkBlock(background: background, scenario: nil)
                    case .scenario(let scenario): checkBlock(background: nil, scenario: scenario)
                    }
                }
            }
        }
        return warnings
    }

    /// The description's lines with their line numbers: they follow the keyword line in
    /// order (blank lines may come between).
    static func descriptionLines(
        _ description: String, after keywordLine: Int, in lines: [Substring]
    ) -> [(Int, Substring)] {
        guard !description.isEmpty else { return [] }
        var found: [(Int, Substring)] = []
        var next = keywordLine  // 0-based index of the line after the keyword line
        for wanted in description.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = wanted.trimmingCharacters(in: " \t\r")
            guard !trimmed.isEmpty else { continue }
            while next < lines.count, lines[next].trimmingCharacters(in: " \t\r") != trimmed { next += 1 }
            guard next < lines.count else { break }
            found.append((next + 1, lines[next]))
            next += 1
        }
        return found
    }

    /// The line after its first word and the spaces that follow it.
    private static func restOfLine(_ line: Substring) -> String {
        let text = line.drop { $0 == " " || $0 == "\t" }
        return String(text.drop { $0 != " " }.drop { $0 == " " }.trimmingCharacters(in: " \t\r"))
    }

    /// The keyword `line` looks like a misspelling of, if any. `shortWords` also reads a
    /// three-letter word as a step keyword (`Whn`): for a line the parser refused, where
    /// it cannot be prose.
    static func suspect(_ line: Substring, dialect: GherkinDialect, steps: Bool, shortWords: Bool = false) -> String? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        let blockKeywords =
            dialect.feature + dialect.rule + dialect.background + dialect.scenario
            + dialect.scenarioOutline + dialect.examples
        if let colon = text.firstIndex(of: ":") {
            let word = Array(text[..<colon])
            // The closest keyword within reach; none when one is written exactly.
            // Ties go to the keyword listed first (scenario words before examples words).
            var best: (distance: Int, keyword: String)?
            for keyword in blockKeywords where keyword.count >= 3 {
                let candidate = Array(keyword)
                // Short keywords only when the word is not longer: `Rules:` heads prose.
                let allowed = candidate.count >= 6 ? 2 : word.count <= candidate.count ? 1 : 0
                let distance = EditDistance.between(word, candidate, limit: allowed)
                if distance == 0 { return nil }
                if distance <= allowed, distance < best?.distance ?? Int.max { best = (distance, keyword) }
            }
            if let best { return best.keyword + ":" }
        }
        guard steps else { return nil }
        let word = Array(text.prefix { $0 != " " })
        let stepKeywords = dialect.stepKeywords.map { String($0.trimmingCharacters(in: " ")) }
        // A keyword written right is no misspelling of another (`Then` where the parser
        // wanted no step at all is not `When`).
        if stepKeywords.contains(String(word)) { return nil }
        for keyword in stepKeywords where keyword.count >= 4 && word.count >= (shortWords ? 3 : 4) {
            if EditDistance.between(word, Array(keyword), limit: 1) == 1 { return keyword }
        }
        return nil
    }
}

extension KeywordTypoCheck {
    /// Advice for a line that starts with a Japanese scenario keyword lengthened by a word
    /// (`シナリオ概要:`, as other tools translate "Scenario Outline"): no keyword, so
    /// Gherkin reads it as description text, or refuses it after a scenario's steps. Only
    /// where words run together without spaces; `Scenario 2:` in English is left alone
    /// (`Rules:` heads prose there). nil for anything else.
    static func lengthenedScenarioAdvice(for line: Substring, dialect: GherkinDialect) -> String? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard let colon = text.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
        let word = text[..<colon]
        let keywords = (dialect.scenario + dialect.scenarioOutline).filter { keyword in
            keyword.count >= 2 && keyword.unicodeScalars.contains { $0.value >= 0x3000 }
        }
        guard !keywords.contains(String(word)),
            let prefix = keywords.filter({ word.hasPrefix($0) && word.count - $0.count <= 4 })
                .max(by: { $0.count < $1.count })
        else { return nil }
        guard let scenario = dialect.scenario.first, let outline = dialect.scenarioOutline.first else { return nil }
        return "'\(word)' is no keyword (it starts with '\(prefix)'): write '\(scenario):' for a scenario,"
            + " '\(outline):' for one with Examples"
    }
}

extension StringProtocol {
    /// Without the characters of `set` at either end.
    func trimmingCharacters(in set: String) -> Substring {
        let isTrimmed = { (character: Character) in set.contains(character) }
        guard let first = firstIndex(where: { !isTrimmed($0) }) else { return Substring() }
        let last = lastIndex { !isTrimmed($0) } ?? first
        return Substring(self[first...last])
    }
}
