import Gherkin

/// A line of tags written without their `@` (`smoke wip` above `Scenario: c`): after a
/// scenario's steps Gherkin refuses it, and without the hint the scenario above would fail
/// for it while the one below ran untagged, missed by `--tags @smoke`.
enum TagWithoutAt {
    /// The line as tags (`@smoke @wip`) when line `number` (1-based) is words of letters,
    /// digits, `-` and `_`, one of which the file uses as a tag elsewhere (a word or prose
    /// that lost its step keyword is not read as tags), and the next line written
    /// (comments and blank lines aside) is tags or a block keyword's line: what a
    /// scenario's tags stand above.
    static func written(at number: Int, source: SourceLines) -> String? {
        guard let text = source.line(number)?.trimming(" \t\r"), !text.isEmpty else { return nil }
        let words = text.split(separator: " ")
        let isName = { (character: Character) in
            character.isLetter || character.isNumber || character == "-" || character == "_"
        }
        guard words.allSatisfy({ $0.allSatisfy(isName) }), words.contains(where: source.tagNames.contains),
            let below = source.lineBelow(number)
        else { return nil }
        let keywords = source.dialect.blockKeywords
        guard below.hasPrefix("@") || keywords.contains(where: { below.hasPrefix($0 + ":") }) else { return nil }
        return words.map { "@" + $0 }.joined(separator: " ")
    }
}
