import Gherkin

/// One piece of advice about a feature file, as a value: where it is, and what is wrong
/// with the values its words need. `AdviceWording` renders it in the file's language.
struct Diagnostic: Sendable, Equatable {
    /// Nil for the file as a whole (it has no Feature).
    var line: Int?
    var column: Int
    var message: Message

    enum Message: Sendable, Equatable {
        /// A line the parser refused (or the file's end), with what would fix it.
        case parseError(ParseProblem, hints: [Hint], unclosedDocString: Int?, sameCause: Int)
        /// A line Gherkin read as description text, and how it reads it.
        case description(Hint, Reading)
        /// A scenario (or Rule) line read as the Feature's description, with its steps.
        /// `losesBackground`: the line was the Background's, whose steps no scenario gets.
        case lostScenario(Hint, losesRule: Bool, losesBackground: Bool)
        case warning(Warning)
    }

    /// What the parser refused, from its structured error (`ParseError.Kind`).
    enum ParseProblem: Sendable, Equatable {
        case unexpectedLine(expected: [ExpectedWord], text: String)
        case unexpectedEndOfFile(expected: [ExpectedWord])
        case tagWithWhitespace
        case raggedTable
        /// Text an editor decoded with replacement characters (U+FFFD): a file not saved as UTF-8.
        case replacementCharacters
        /// `# language: jp`: a code Gherkin does not know.
        case unknownLanguage(String)
        /// Lines ended by a carriage return alone (classic Mac OS): Gherkin reads one line.
        case loneCarriageReturns
        /// A message the wording tables leave as the parser wrote it.
        case asWritten(String)
    }

    /// One thing the parser could have read where it refused a line.
    enum ExpectedWord: Sendable, Equatable {
        case endOfFile, tag, step, docString, tableRow
        /// A block keyword: the file's words for it (`機能`, `フィーチャ`), or none for the
        /// usual English word (`english`).
        case keyword(words: [String], english: String)
    }

    /// What a line was most likely meant to be, and how to write it.
    enum Hint: Sendable, Equatable {
        case misspelt(word: String, keyword: String)
        case fullWidthSign(FullWidthSign.Reading)
        case keywordSpacing(KeywordSpacing.Reading)
        case fullWidthColon(keyword: String)
        /// A refused keyword line without its colon.
        case colonMissing(keyword: String)
        /// A description line that is a keyword without its colon; `write` is the line meant.
        case colonMissingWrite(keyword: String, write: String)
        /// Another language's keyword in a file with no `# language:` line.
        case languageUndeclared(shown: String, code: String, others: Int, header: LanguageHeader.Problem?)
        /// Another language's keyword (`code`, nil when unknown) in a file of `fileLanguage`.
        case foreignKeyword(shown: String, code: String, fileLanguage: String, declared: Bool, write: [String])
        case lengthenedScenario(word: String, prefix: String, scenario: String, outline: String)
        case lengthenedExamples(word: String, prefix: String)
        case fullWidthTableBar
        case rowWithoutFirstBar(text: String)
        case misplacedBackground
        case secondFeature(feature: String)
        case featureFirst(feature: String)
        case tagsAboveStep(line: Int, feature: String, scenario: String, examples: String)
        /// A step line that ends with a doc string's delimiter, which opens one only on a line of its own.
        case docStringOnStepLine(line: Int, delimiter: String)
        /// A step line with no keyword; `write` is it as a step. `orComment`: a line Gherkin
        /// refused, which may have been meant as a comment.
        case stepWithoutKeyword(write: String, orComment: Bool)
        /// A step keyword alone on its line, without the space Gherkin needs after it (`Then`).
        case keywordAlone
        /// A step whose first word is no keyword (`模試 お会計に進む`, a conversion gone wrong);
        /// `write` is it with a keyword instead.
        case notKeyword(word: String, write: String)
        case tagWithSpace(written: String, one: String, many: String)
        /// A line of tags without their `@` above a scenario; `write` is it as tags.
        case tagWithoutAt(write: String)
        /// A line of prose that starts with `@` (`@yamada さんに確認済み。`), read as tags.
        case proseStartsWithTag(write: String)
        /// A keyword line written after its tags on one line (`@smoke Scenario: x`).
        case keywordAfterTags(tags: String, line: String)
        case languageMeant(code: String, name: String)
        case languageCodes
        /// A row with more or fewer cells than the table's first: both rows' values.
        case raggedRow(cells: [String], firstRow: [String])
        case rowUnended(after: String)
        case firstRowUnended(line: Int, after: String)

        /// The keyword a misspelt or miswritten keyword line meant (`Background`), if any.
        var keyword: String? {
            switch self {
            case .misspelt(_, let keyword): String(keyword.trimming(":"))
            case .colonMissingWrite(let keyword, _), .fullWidthColon(let keyword), .colonMissing(let keyword): keyword
            default: nil
            }
        }
    }

    /// How Gherkin reads a description line that looks meant as something else.
    enum Reading: Sendable, Equatable {
        case noTags, notStep, notKeywordLine, description, scenarioAbove
    }

    /// What a file that parses holds that will not run as its author thinks.
    enum Warning: Sendable, Equatable {
        case strayStep(text: String, inRule: Bool, background: String, scenario: String)
        /// `closest`: the column a letter or two away, the one most likely meant.
        case unknownPlaceholder(name: String, examples: String, examplesLine: Int, columns: [String], closest: String?)
        /// `＜個数＞` for the column `個数`: full-width brackets, so no column fills it.
        case fullWidthPlaceholder(written: String, name: String)
        case emptyExamples(keyword: String, hasHeader: Bool, neverRuns: Int?)
        /// Two columns of an Examples table with one name: the placeholder takes the first.
        case duplicateColumn(name: String, examples: String, first: Int, second: Int)
        case outlineWithoutExamples(keyword: String, placeholder: String, examples: String)
        case noFeature
        case noScenario(keyword: String)
        case stepless(keyword: String, name: String)
        /// A tag holding a comma (`@smoke,`), `meant` the tag before it, `write` the line as tags.
        case tagWithComma(written: String, meant: String, write: String)
        /// `Example:` (a scenario's keyword) written under an outline for its `Examples:` table.
        case examplesAsScenario(written: String, examples: String)
        case rowUnended(after: String)
    }

    /// The language a file without a `# language:` line is written in, by its keywords.
    var undeclaredLanguage: String? {
        guard case .parseError(_, let hints, _, _) = message else { return nil }
        for case .languageUndeclared(_, let code, _, _) in hints { return code }
        return nil
    }

    /// The advice in `wording`'s language, at its place in the file at `path`.
    func worded(path: String, wording: any AdviceWording) -> FileAdvice {
        FileAdvice(path: path, line: line, column: column, text: wording.text(of: message))
    }
}
