import Gherkin

/// The words of a line `KeywordTypoCheck` reads: a keyword typed wrong, a Japanese keyword
/// lengthened or converted wrong, and the rest of the line after its first word.
extension KeywordTypoCheck {
    /// The line after its first word and the spaces that follow it.
    static func restOfLine(_ line: Substring) -> String {
        let text = line.withoutIndent
        return String(text.drop { $0 != " " }.drop { $0 == " " }.trimming(" \t\r"))
    }

    /// A keyword typed wrong: the word as written, the keyword it looks like a misspelling
    /// of, and the rest of the line after the word.
    typealias Typo = (word: String, keyword: String, rest: String)

    /// The keyword `line` looks like a misspelling of, if any. `shortWords` also reads a
    /// three-letter word as a step keyword (`Whn`), and `colonless` a first word with no
    /// colon after it as a block keyword (`Scenaro second one`): for a line the parser
    /// refused, where it cannot be prose.
    static func suspect(
        _ line: Substring, dialect: GherkinDialect, steps: Bool, shortWords: Bool = false, colonless: Bool = false
    ) -> Typo? {
        let text = line.withoutIndent
        if let colon = text.firstIndex(of: ":") {
            // The word is all before the colon: `Scenario Outine`, not `Scenario`.
            let word = Array(text[..<colon])
            if let near = nearestBlockKeyword(to: word, in: dialect) {
                return near.distance == 0 ? nil : (String(word), near.keyword + ":", restOfLine(line))
            }
        } else if colonless, !text.contains("："),
            let near = nearestBlockKeyword(to: Array(text.prefix { $0 != " " }), in: dialect), near.distance > 0
        {
            return (String(text.prefix { $0 != " " }), near.keyword + ":", restOfLine(line))
        }
        guard steps else { return nil }
        // `When: at opening time` is the keyword with a colon, no misspelling of it.
        let word = Array(text.prefix { $0 != " " && $0 != ":" })
        let stepKeywords = dialect.stepKeywords.map { String($0.trimming(" ")) }
        // A keyword written right is no misspelling of another (`Then` where the parser
        // wanted no step at all is not `When`).
        if stepKeywords.contains(String(word)) { return nil }
        // Its letters' case wrong (`then`, `and`), or two swapped (`Adn`, on a refused line),
        // before one edit, which `then` is from `When` too.
        let lowered = String(word).lowercased()
        let keyword =
            stepKeywords.first { $0.lowercased() == lowered && word.count >= (shortWords ? 3 : 4) }
            ?? stepKeywords.first { keyword in
                (shortWords && keyword.count == 3 && word.count == 3
                    && lowered.sorted() == keyword.lowercased().sorted())
                    || (keyword.count >= 4 && word.count >= (shortWords ? 3 : 4)
                        && EditDistance.between(word, Array(keyword), limit: 1) == 1)
                    || (keyword.hasWideScript && katakana(word) == katakana(Array(keyword)))
            }
        return keyword.map { (String(word), $0, restOfLine(line)) }
    }

    /// The block keyword closest to `word` within reach, and how far (0: written exactly).
    /// Ties go to the keyword listed first (scenario words before examples words).
    private static func nearestBlockKeyword(
        to word: [Character], in dialect: GherkinDialect
    ) -> (distance: Int, keyword: String)? {
        // The word with its width set right: half-width kana (`ｼﾅﾘｵ`) as an old input
        // method typed them, full-width letters (`Ｓｃｅｎａｒｉｏ`); in katakana
        // (`しなりお` typed without converting it).
        let widened = katakana(Array(String(word).precomposedStringWithCompatibilityMapping))
        var best: (distance: Int, keyword: String)?
        for keyword in dialect.blockKeywords where keyword.count >= 3 {
            let candidate = Array(keyword)
            let sameKana = widened == katakana(candidate)
            // Short keywords only when the word is not longer: `Rules:` heads prose.
            let allowed = candidate.count >= 6 ? 2 : word.count <= candidate.count ? 1 : 0
            // Only its width or its kana wrong: one edit away, whatever the length.
            let distance = sameKana && word != candidate ? 1 : EditDistance.between(word, candidate, limit: allowed)
            if distance == 0 { return (0, keyword) }
            if distance <= allowed || sameKana, distance < best?.distance ?? Int.max {
                best = (distance, keyword)
            }
        }
        return best
    }

    /// A hint for a line that starts with a Japanese scenario keyword lengthened by a word
    /// (`シナリオ概要:`, as other tools translate "Scenario Outline"): no keyword, so
    /// Gherkin reads it as description text, or refuses it after a scenario's steps. Only
    /// where words run together without spaces; `Scenario 2:` in English is left alone
    /// (`Rules:` heads prose there). nil for anything else.
    static func lengthenedScenarioHint(for line: Substring, dialect: GherkinDialect) -> Diagnostic.Hint? {
        let text = line.withoutIndent
        guard let colon = text.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
        let word = text[..<colon]
        // The longest of `keywords` the word starts with, at most `extra` characters longer.
        func lengthened(_ keywords: [String], extra: Int) -> String? {
            guard !keywords.contains(String(word)) else { return nil }
            let prefix = keywords.filter { word.hasPrefix($0) && word.count - $0.count <= extra }.max {
                $0.count < $1.count
            }
            // A particle after it makes it prose: `シナリオの目的：`, `例は：`.
            guard let prefix, let next = word.dropFirst(prefix.count).first, !"のはがをにでともへや".contains(next)
            else { return nil }
            return prefix
        }
        let scenarios = (dialect.scenario + dialect.scenarioOutline).filter { $0.count >= 2 && $0.hasWideScript }
        if let prefix = lengthened(scenarios, extra: 4) {
            guard let scenario = dialect.scenario.first, let outline = dialect.scenarioOutline.first else { return nil }
            return .lengthenedScenario(word: String(word), prefix: prefix, scenario: scenario, outline: outline)
        }
        // `例え:`, `例文:` for `例:` (a one-character keyword no edit distance can tell).
        return lengthened(dialect.examples.filter(\.hasWideScript), extra: 2).map {
            .lengthenedExamples(word: String(word), prefix: $0)
        }
    }

    /// A line that starts with a step keyword of a language written without spaces, one
    /// character typed wrong (`前堤`, `ならぱ`, as an input method converts them), and the
    /// rest of the line after it (its blanks trimmed); nil for anything else. Two-letter
    /// keywords make this a loose test: callers also ask that the rest be a step, or that
    /// the parser refused the line where a step could stand.
    static func japaneseStepTypo(_ line: Substring, dialect: GherkinDialect) -> Typo? {
        let text = line.withoutIndent
        let keywords = dialect.stepKeywords.map { String($0.trimming(" ")) }.filter {
            $0.count >= 2 && $0.hasWideScript
        }
        guard !keywords.isEmpty, !keywords.contains(where: { text.hasPrefix($0) }) else { return nil }
        for keyword in keywords.sorted(by: { $0.count > $1.count }) {
            let word = text.prefix(keyword.count)
            guard word.count == keyword.count,
                zip(word, keyword).filter({ $0 != $1 }).count == 1 || katakana(Array(word)) == katakana(Array(keyword))
            else { continue }
            let rest = text.dropFirst(keyword.count).trimming(" \t\r　")
            guard !rest.isEmpty else { continue }
            return (String(word), keyword, String(rest))
        }
        return nil
    }

    /// `line` written as a step with the file's usual word of `words` (`Given`, `かつ`).
    static func stepLine(_ line: Substring, _ words: [String], english: String, dialect: GherkinDialect) -> String {
        let keyword = dialect.usualKeyword(words.filter { $0.trimming(" ") != "*" }, english: english)
        return (keyword.hasSuffix(" ") ? keyword : keyword + " ") + line.withoutIndent.trimming(" \t\r")
    }

    /// `characters` with hiragana written as katakana: `もし` and `モシ` read alike.
    static func katakana(_ characters: [Character]) -> [Character] {
        characters.map { $0.shifted(by: 0x60, in: [0x3041...0x3096]) ?? $0 }
    }

    /// A refused line that starts with a two-character block keyword of a Japanese-like
    /// script with one character typed wrong, then its colon (`機脳:`, `背影：`): too
    /// short for `suspect`'s edit distance, which description text also goes through.
    static func shortBlockTypo(_ line: Substring, dialect: GherkinDialect) -> Typo? {
        let text = line.withoutIndent
        guard let colon = text.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
        let word = text[..<colon]
        let keyword = dialect.blockKeywords.first {
            $0.count == 2 && $0.hasWideScript && word.count == 2 && zip(word, $0).filter { $0 != $1 }.count == 1
        }
        return keyword.map { (String(word), $0 + ":", restOfLine(line)) }
    }
}
