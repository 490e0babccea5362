/// A part of the document that has a title line: `Feature:`, `Rule:`, `Background:`,
/// `Scenario:` (outlines included) or `Examples:`.
enum Section: Hashable, Sendable {
    case feature
    case rule
    case background
    case scenario
    case examples

    /// The token that opens the section.
    var titleToken: TokenType {
        switch self {
        case .feature: .featureLine
        case .rule: .ruleLine
        case .background: .backgroundLine
        case .scenario: .scenarioLine
        case .examples: .examplesLine
        }
    }

    /// Whether `Examples:` may follow (the section belongs to a scenario).
    var isInsideScenario: Bool { self == .scenario || self == .examples }
}

/// Whose steps are being read.
enum StepOwner: Hashable, Sendable {
    case background
    case scenario
}

/// Where the parser is in the grammar of `gherkin.berp`:
///
///     GherkinDocument := Feature?
///     Feature   := FeatureHeader Background? ScenarioDefinition* Rule*
///     FeatureHeader := #Language? Tags? #FeatureLine DescriptionHelper
///     Rule      := RuleHeader Background? ScenarioDefinition*
///     RuleHeader := Tags? #RuleLine DescriptionHelper
///     Background := #BackgroundLine DescriptionHelper Step*
///     ScenarioDefinition := Tags? Scenario
///     Scenario  := #ScenarioLine DescriptionHelper Step* ExamplesDefinition*
///     ExamplesDefinition := Tags? Examples
///     Examples  := #ExamplesLine DescriptionHelper ExamplesTable?
///     ExamplesTable := #TableRow #TableRow*
///     Step      := #StepLine (DataTable DocString? | DocString DataTable?)?
///     DataTable := #TableRow+
///     DocString := #DocStringSeparator #Other* #DocStringSeparator
///     Tags      := #TagLine+
///     DescriptionHelper := #Empty* Description?
///     Description := (#Other | #Comment)+
///
/// `#Empty` and `#Comment` may appear between any two lines outside doc strings.
enum ParserState: Hashable, Sendable {
    case start
    case afterLanguage
    /// Tag lines in front of a section's title.
    case tags(Section)
    /// Just after a title line; only empty lines so far.
    case title(Section)
    /// Inside the free text under a title.
    case description(Section)
    case step(StepOwner)
    case dataTable(StepOwner, afterDocString: Bool)
    case docString(StepOwner, afterDataTable: Bool)
    case afterDocString(StepOwner, afterDataTable: Bool)
    case examplesTable
    case finished

    /// The tokens accepted here, in the order they are tried (and listed in errors).
    var expectedTokens: [TokenType] {
        Self.expectedByIndex[index]
    }

    /// `expectedTokens` without an array to retain on every line.
    var packedExpectedTokens: PackedTokenTypes {
        Self.packedByIndex[index]
    }

    /// `packedExpectedTokens` read from `table` (`ParserState.packedTable`, which the parser
    /// keeps: reading the global on every line goes through `swift_once`).
    @inline(__always)
    func packedExpectedTokens(in table: [PackedTokenTypes]) -> PackedTokenTypes {
        table[index]
    }

    /// Every state's packed expected tokens, by state.
    static var packedTable: [PackedTokenTypes] { packedByIndex }

    /// A dense number for each state, so the expected tokens are an array lookup.
    private var index: Int {
        func ownerOffset(_ owner: StepOwner) -> Int { owner == .background ? 0 : 1 }
        func sectionOffset(_ section: Section) -> Int {
            switch section {
            case .feature: 0
            case .rule: 1
            case .background: 2
            case .scenario: 3
            case .examples: 4
            }
        }
        switch self {
        case .start: return 0
        case .afterLanguage: return 1
        case .examplesTable: return 2
        case .finished: return 3
        case .tags(let section): return 4 + sectionOffset(section)
        case .title(let section): return 9 + sectionOffset(section)
        case .description(let section): return 14 + sectionOffset(section)
        case .step(let owner): return 19 + ownerOffset(owner)
        case .dataTable(let owner, let afterDocString): return 21 + ownerOffset(owner) * 2 + (afterDocString ? 1 : 0)
        case .docString(let owner, let afterDataTable): return 25 + ownerOffset(owner) * 2 + (afterDataTable ? 1 : 0)
        case .afterDocString(let owner, let afterDataTable):
            return 29 + ownerOffset(owner) * 2 + (afterDataTable ? 1 : 0)
        }
    }

    private static let allStates: [ParserState] = {
        let sections: [Section] = [.feature, .rule, .background, .scenario, .examples]
        var states: [ParserState] = [.start, .afterLanguage, .examplesTable, .finished]
        for section in sections {
            states += [.tags(section), .title(section), .description(section)]
        }
        for owner in [StepOwner.background, .scenario] {
            for flag in [false, true] {
                states += [
                    .dataTable(owner, afterDocString: flag), .docString(owner, afterDataTable: flag),
                    .afterDocString(owner, afterDataTable: flag),
                ]
            }
            states.append(.step(owner))
        }
        return states
    }()

    private static let packedByIndex: [PackedTokenTypes] = expectedByIndex.map(PackedTokenTypes.init)

    private static let expectedByIndex: [[TokenType]] = {
        var table = [[TokenType]](repeating: [], count: 33)
        for state in allStates { table[state.index] = state.computeExpectedTokens() }
        return table
    }()

    /// The tokens that end the current part and start a following one.
    private static func following(insideScenario: Bool) -> [TokenType] {
        [.tagLine] + (insideScenario ? [.examplesLine] : []) + [.scenarioLine, .ruleLine]
    }

    private func computeExpectedTokens() -> [TokenType] {
        switch self {
        case .start:
            return [.eof, .language, .tagLine, .featureLine, .comment, .empty]
        case .afterLanguage:
            return [.tagLine, .featureLine, .comment, .empty]
        case .tags(let section):
            return [.tagLine, section.titleToken, .comment, .empty]
        case .title(let section):
            return [.eof, .empty, .comment] + Self.content(of: section)
                + Self.following(insideScenario: section.isInsideScenario) + [.other]
        case .description(let section):
            return [.eof, .comment] + Self.content(of: section)
                + Self.following(insideScenario: section.isInsideScenario) + [.other]
        case .step(let owner), .dataTable(let owner, afterDocString: false):
            return [.eof, .tableRow, .docStringSeparator, .stepLine]
                + Self.following(insideScenario: owner == .scenario) + [.comment, .empty]
        case .dataTable(let owner, afterDocString: true), .afterDocString(let owner, afterDataTable: false):
            return [.eof, .tableRow, .stepLine] + Self.following(insideScenario: owner == .scenario)
                + [.comment, .empty]
        case .afterDocString(let owner, afterDataTable: true):
            return [.eof, .stepLine] + Self.following(insideScenario: owner == .scenario) + [.comment, .empty]
        case .docString:
            return [.docStringSeparator, .other]
        case .examplesTable:
            return [.eof, .tableRow] + Self.following(insideScenario: true) + [.comment, .empty]
        case .finished:
            return []
        }
    }

    /// What may follow a section's title and description.
    private static func content(of section: Section) -> [TokenType] {
        switch section {
        case .feature, .rule: [.backgroundLine]
        case .background, .scenario: [.stepLine]
        case .examples: [.tableRow]
        }
    }

    /// Whose steps these are, when inside steps.
    var stepOwner: StepOwner? {
        switch self {
        case .step(let owner), .dataTable(let owner, _), .docString(let owner, _), .afterDocString(let owner, _):
            owner
        case .title(.background), .description(.background): .background
        case .title(.scenario), .description(.scenario): .scenario
        default: nil
        }
    }

    /// Whether a tag line here could start an `Examples:` (so it is worth looking ahead for one).
    var isInsideScenario: Bool {
        switch self {
        case .title(let section), .description(let section): section.isInsideScenario
        case .examplesTable: true
        default: stepOwner == .scenario
        }
    }
}
