import Gherkin

/// Advice for a line Gherkin refused because of where it stands, not how it is spelt: a
/// second `Feature:` in a file, a scenario with no `Feature:` above it, tags above a step,
/// and a tag with a space in it. The file's `lines` give what the parser's message
/// does not: the line above the refused one.
enum StructureAdvice {
    /// Advice for `refused`, the text of line `line` (1-based), or nil.
    static func advice(
        for refused: Substring, line: Int, expected: Substring, lines: [Substring], dialect: GherkinDialect
    ) -> String? {
        let text = refused.drop { $0 == " " || $0 == "\t" }
        let japanese = dialect.language == "ja"
        let feature = usual(dialect.feature, english: "Feature", dialect: dialect)
        if dialect.feature.contains(where: { text.hasPrefix($0 + ":") }), line > 1 {
            return japanese
                ? "1つのファイルに書ける「\(feature):」は1つです。これは別のファイルに書きます"
                : "a file holds one '\(feature):': put this one in a file of its own"
        }
        let blocks = dialect.scenario + dialect.scenarioOutline + dialect.background + dialect.rule
        if expected.contains("#FeatureLine"), !expected.contains("#ScenarioLine"),
            blocks.contains(where: { text.hasPrefix($0 + ":") })
        {
            return japanese
                ? "フィーチャーファイルは「\(feature):」の行で始まり、シナリオはその下に書きます"
                : "a feature file starts with a '\(feature):' line, and its scenarios come under it"
        }
        let steps = dialect.stepKeywords.filter { $0.trimmingCharacters(in: " ") != "*" }
        if steps.contains(where: { text.hasPrefix($0) }), let above = lineAbove(line, in: lines),
            above.text.hasPrefix("@")
        {
            let block = usual(dialect.scenario, english: "Scenario", dialect: dialect)
            let examples = usual(dialect.examples, english: "Examples", dialect: dialect)
            if japanese {
                return "\(above.number)行目のタグがステップの上にあります。タグは「\(feature):」「\(block):」「\(examples):」の上の行に書きます"
            }
            return "the tags on line \(above.number) stand above a step: tags go on the line above '\(feature):',"
                + " '\(block):' or '\(examples):'"
        }
        return nil
    }

    /// For `A tag may not contain whitespace`: the tag as written and the two ways to
    /// write what was meant (`write '@smoke_test' for one tag, or '@smoke @test' for two`).
    static func tagAdvice(line: Int, lines: [Substring], japanese: Bool = false) -> String? {
        guard line >= 1, line <= lines.count else { return nil }
        let text = lines[line - 1].trimmingCharacters(in: " \t\r")
        // The words from the first tag up to the next tag or a comment.
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let start = words.firstIndex(where: { $0.hasPrefix("@") && !$0.dropFirst().isEmpty }) else { return nil }
        var run = [words[start]]
        for word in words[(start + 1)...] {
            if word.hasPrefix("@") || word.hasPrefix("#") { break }
            run.append(word)
        }
        guard run.count > 1 else { return nil }
        let one = run.joined(separator: "_")
        let many = run.enumerated().map { $0.offset == 0 ? String($0.element) : "@" + $0.element }.joined(
            separator: " ")
        if japanese {
            return "「\(run.joined(separator: " "))」に空白があります。1つのタグなら「\(one)」、複数なら「\(many)」と書きます"
        }
        return "'\(run.joined(separator: " "))' has a space: write '\(one)' for one tag, or '\(many)' for several"
    }

    /// The word a QA engineer of the file's language writes for a keyword: English lists
    /// `Example` before `Scenario`, Japanese `フィーチャ` before `機能`.
    private static func usual(_ words: [String], english: String, dialect: GherkinDialect) -> String {
        if dialect.language == "en" { return english }
        return words.first { ["機能", "シナリオ", "例"].contains($0) } ?? words.first ?? english
    }

    /// The nearest line above `line` that is neither blank nor a comment, with its number.
    private static func lineAbove(_ line: Int, in lines: [Substring]) -> (number: Int, text: Substring)? {
        var index = line - 2
        while index >= 0, index < lines.count {
            let text = lines[index].trimmingCharacters(in: " \t\r")
            if !text.isEmpty, !text.hasPrefix("#") { return (index + 1, text) }
            index -= 1
        }
        return nil
    }
}
