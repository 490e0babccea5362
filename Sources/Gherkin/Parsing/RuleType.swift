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
