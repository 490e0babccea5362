/// The kinds of line the grammar knows (the reference's token types).
enum TokenType: String, Sendable {
    case eof = "EOF"
    case empty = "Empty"
    case comment = "Comment"
    case tagLine = "TagLine"
    case featureLine = "FeatureLine"
    case ruleLine = "RuleLine"
    case backgroundLine = "BackgroundLine"
    case scenarioLine = "ScenarioLine"
    case examplesLine = "ExamplesLine"
    case stepLine = "StepLine"
    case docStringSeparator = "DocStringSeparator"
    case tableRow = "TableRow"
    case language = "Language"
    case other = "Other"

    /// How error messages name it (`#EOF`, `#TableRow`, …).
    var expectedName: String { "#" + rawValue }
}

/// One line (or the end of the file) and what the matcher recognised in it.
struct Token {
    /// The line, or nil for the end of the file.
    var line: GherkinLine?
    var lineNumber: Int
    /// Set once the token has matched something (1-based, Unicode scalars).
    var column: Int?
    var type: TokenType?
    var keyword: String?
    var keywordType: StepKeywordType?
    var text: String?
    /// For `#Other` lines: where the text is in the file's bytes, when `text` was not built
    /// (doc string and description lines are copied straight into their node's buffer).
    var textRange: Range<Int>?
    var items: [LineItem] = []
    /// The language in force when the token matched.
    var language: String = "en"

    var isEOF: Bool { line == nil }

    var location: Location { Location(line: lineNumber, column: column) }

    /// The matched text, reading it from the file's bytes when only its range was kept.
    func text(in bytes: [UInt8]) -> String? {
        if let textRange { return UTF8Text.string(bytes, from: textRange.lowerBound, to: textRange.upperBound) }
        return text
    }
}
