import Gherkin

/// Keywords typed wrong in languages written without spaces, where no edit distance
/// tells them: a scenario keyword lengthened by a word (`シナリオ概要:`), a step keyword
/// with one character converted wrong (`前堤`).
extension KeywordTypoCheck {
    /// A hint for a line that starts with a Japanese scenario keyword lengthened by a word
    /// (`シナリオ概要:`, as other tools translate "Scenario Outline"): no keyword, so
    /// Gherkin reads it as description text, or refuses it after a scenario's steps. Only
    /// where words run together without spaces; `Scenario 2:` in English is left alone
    /// (`Rules:` heads prose there). nil for anything else.
    static func lengthenedScenarioHint(for line: Substring, dialect: GherkinDialect) -> Diagnostic.Hint? {
        let text = line.withoutIndent
        guard let colon = text.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
        let word = text[..<colon]
        let keywords = (dialect.scenario + dialect.scenarioOutline).filter { keyword in
            keyword.count >= 2 && keyword.hasWideScript
        }
        guard !keywords.contains(String(word)),
            let prefix = keywords.filter({ word.hasPrefix($0) && word.count - $0.count <= 4 })
                .max(by: { $0.count < $1.count })
        else {
            // `例え:`, `例文:` for `例:` (a one-character keyword no edit distance can tell).
            let examples = dialect.examples.filter { $0.hasWideScript }
            guard !examples.contains(String(word)),
                let prefix = examples.filter({ word.hasPrefix($0) && word.count - $0.count <= 2 })
                    .max(by: { $0.count < $1.count })
            else { return nil }
            return .lengthenedExamples(word: String(word), prefix: prefix)
        }
        guard let scenario = dialect.scenario.first, let outline = dialect.scenarioOutline.first else { return nil }
        return .lengthenedScenario(word: String(word), prefix: prefix, scenario: scenario, outline: outline)
    }
}

extension KeywordTypoCheck {
    /// A line that starts with a step keyword of a language written without spaces, one
    /// character typed wrong (`前堤`, `ならぱ`, as an input method converts them), and the
    /// rest of the line after it (its blanks trimmed); nil for anything else. Two-letter
    /// keywords make this a loose test: callers also ask that the rest be a step, or that
    /// the parser refused the line where a step could stand.
    static func japaneseStepTypo(
        _ line: Substring, dialect: GherkinDialect
    ) -> (word: String, keyword: String, rest: String)? {
        let text = line.withoutIndent
        let keywords = dialect.stepKeywords.map { String($0.trimming(" ")) }.filter { keyword in
            keyword.count >= 2 && keyword.hasWideScript
        }
        guard !keywords.isEmpty, !keywords.contains(where: { text.hasPrefix($0) }) else { return nil }
        for keyword in keywords.sorted(by: { $0.count > $1.count }) {
            let word = text.prefix(keyword.count)
            guard word.count == keyword.count,
                zip(word, keyword).filter({ $0 != $1 }).count == 1
            else { continue }
            let rest = text.dropFirst(keyword.count).trimming(" \t\r　")
            guard !rest.isEmpty else { continue }
            return (String(word), keyword, String(rest))
        }
        return nil
    }
}
