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

    /// A one-bit mask, so sets of token types are plain integers.
    var bit: UInt32 { 1 << UInt32(code) }

    /// A small number for each type (0 to 13), so lists of types pack into an integer.
    var code: UInt64 {
        switch self {
        case .eof: 0
        case .empty: 1
        case .comment: 2
        case .tagLine: 3
        case .featureLine: 4
        case .ruleLine: 5
        case .backgroundLine: 6
        case .scenarioLine: 7
        case .examplesLine: 8
        case .stepLine: 9
        case .docStringSeparator: 10
        case .tableRow: 11
        case .language: 12
        case .other: 13
        }
    }

    /// The type whose `code` is `code` (codes past 13 read as `.other`).
    init(code: UInt64) {
        switch code {
        case 0: self = .eof
        case 1: self = .empty
        case 2: self = .comment
        case 3: self = .tagLine
        case 4: self = .featureLine
        case 5: self = .ruleLine
        case 6: self = .backgroundLine
        case 7: self = .scenarioLine
        case 8: self = .examplesLine
        case 9: self = .stepLine
        case 10: self = .docStringSeparator
        case 11: self = .tableRow
        case 12: self = .language
        default: self = .other
        }
    }
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
    /// The tags of a `#TagLine`, built as the AST keeps them (ids are drawn later).
    var items: [Tag] = []
    /// The cells of a `#TableRow`, built as the AST keeps them.
    var cells: [TableCell] = []

    var isEOF: Bool { line == nil }

    /// Makes this a fresh, unmatched token of `line`. Its strings and arrays are normally
    /// empty already (the AST took them): they are only written when they are not.
    @inline(__always)
    mutating func reset(line: GherkinLine?, lineNumber: Int) {
        self.line = line
        self.lineNumber = lineNumber
        column = nil
        type = nil
        keywordType = nil
        textRange = nil
        if keyword.hasValue { keyword = nil }
        if text.hasValue { text = nil }
        if !items.isEmpty { items = [] }
        if !cells.isEmpty { cells = [] }
    }

    var location: Location { Location(line: lineNumber, column: column) }

    /// The matched text, reading it from the file's bytes when only its range was kept.
    func text(in bytes: [UInt8]) -> String? {
        if let textRange { return UTF8Text.string(bytes, from: textRange.lowerBound, to: textRange.upperBound) }
        return text
    }
}
