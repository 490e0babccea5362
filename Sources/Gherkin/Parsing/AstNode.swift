/// The grammar rules the AST builder gets told about (those marked `!` in `gherkin.berp`).
enum RuleType: UInt8, Sendable {
    case gherkinDocument
    case feature
    case featureHeader
    case rule
    case ruleHeader
    case background
    case scenarioDefinition
    case scenario
    case examplesDefinition
    case examples
    case examplesTable
    case step
    case dataTable
    case docString
    case tags
    case description

    /// A one-bit mask, so sets of rules are plain integers.
    var bit: UInt32 { 1 << UInt32(rawValue) }
}

/// A rule being built: what its tokens and finished children contributed so far.
///
/// The slots are typed (a rule only ever receives a few kinds of children), and "single"
/// slots keep the first value, like the reference builder's `get_single`.
final class AstNode {
    let rule: RuleType
    /// The line that opened it: a title, a step, or a doc string's opening fence.
    var titleToken: Token?
    /// `#Other` lines (description text or doc string content), joined with `\n`.
    var otherText: [UInt8] = []
    var otherLineCount = 0
    /// The length of `otherText` up to its last non-empty line (descriptions drop the rest).
    var otherTextEndOfLastNonEmptyLine = 0
    var tagLines: [Token] = []
    /// Rows of a DataTable or ExamplesTable, built as they arrive (their ids come in row
    /// order either way: nothing else draws an id while a table is open).
    var rows: [TableRow] = []

    var tags: AstNode?
    /// The header of a Feature or Rule, the Scenario of a ScenarioDefinition, the Examples
    /// of an ExamplesDefinition.
    var inner: AstNode?
    var description: String?
    var steps: [Step] = []
    var docString: DocString?
    var dataTable: DataTable?
    var background: Background?
    var scenarios: [Scenario] = []
    var examples: [Examples] = []
    var tableRows: [TableRow]?
    var rules: [Rule] = []
    var feature: Feature?

    init(rule: RuleType) { self.rule = rule }

    /// Records a token the parser accepted inside this rule; `bytes` is the whole file.
    func add(_ token: Token, in bytes: [UInt8]) {
        switch token.type {
        case .tagLine?: tagLines.append(token)
        case .other?: addOtherLine(token, in: bytes)
        case .featureLine?, .ruleLine?, .backgroundLine?, .scenarioLine?, .examplesLine?, .stepLine?,
            .docStringSeparator?:
            if titleToken == nil { titleToken = token }
        default: break
        }
    }

    private func addOtherLine(_ token: Token, in bytes: [UInt8]) {
        if otherLineCount > 0 { otherText.append(UInt8(ascii: "\n")) }
        otherLineCount += 1
        let before = otherText.count
        if let range = token.textRange {
            otherText += bytes[range]
        } else if let text = token.text {
            otherText += text.utf8
        }
        if otherText.count > before { otherTextEndOfLastNonEmptyLine = otherText.count }
    }
}
