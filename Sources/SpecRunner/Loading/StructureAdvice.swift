import Gherkin

/// Hints for a line Gherkin refused because of where it stands, not how it is spelt: a
/// second `Feature:` in a file, a scenario with no `Feature:` above it, tags above a step,
/// and a tag with a space in it. The file's lines give what the parser's error does not:
/// the line above the refused one.
enum StructureAdvice {
    /// A hint for `refused`, the text of line `line` (1-based), or nil. `expected`: the
    /// token names the parser wanted there.
    static func hint(for refused: Substring, line: Int, expected: [String], source: SourceLines) -> Diagnostic.Hint? {
        let text = refused.withoutIndent
        let dialect = source.dialect
        let featureWord = dialect.usualKeyword(dialect.feature, english: "Feature")
        if dialect.feature.contains(where: { text.hasPrefix($0 + ":") }), line > 1 {
            return .secondFeature(feature: featureWord)
        }
        let blocks = dialect.scenario + dialect.scenarioOutline + dialect.background + dialect.rule
        if expected.contains("#FeatureLine"), !expected.contains("#ScenarioLine"),
            blocks.contains(where: { text.hasPrefix($0 + ":") })
        {
            return .featureFirst(feature: featureWord)
        }
        let steps = dialect.stepKeywords.filter { $0.trimming(" ") != "*" }
        if steps.contains(where: { text.hasPrefix($0) }), let above = source.lineAbove(line), above.text.hasPrefix("@")
        {
            return .tagsAboveStep(
                line: above.number, feature: featureWord,
                scenario: dialect.usualKeyword(dialect.scenario, english: "Scenario"),
                examples: dialect.usualKeyword(dialect.examples, english: "Examples"))
        }
        return nil
    }

    /// For `A tag may not contain whitespace`: the tag as written and the two ways to
    /// write what was meant (`write '@smoke_test' for one tag, or '@smoke @test' for two`).
    static func tagHint(line: Int, source: SourceLines) -> Diagnostic.Hint? {
        guard let text = source.line(line)?.trimming(" \t\r") else { return nil }
        // The words from the first tag up to the next tag or a comment.
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let start = words.firstIndex(where: { $0.hasPrefix("@") && !$0.dropFirst().isEmpty }) else { return nil }
        let run = [words[start]] + words[(start + 1)...].prefix { !$0.hasPrefix("@") && !$0.hasPrefix("#") }
        guard run.count > 1 else { return nil }
        let many = run.enumerated().map { $0.offset == 0 ? String($0.element) : "@" + $0.element }
        return .tagWithSpace(
            written: run.joined(separator: " "), one: run.joined(separator: "_"), many: many.joined(separator: " "))
    }
}
