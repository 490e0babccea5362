/// What an open rule has gathered so far, one plain struct per kind of rule.
///
/// The grammar never nests a rule inside another of its kind, so the builder keeps one
/// frame per rule type in place of a stack of nodes: tokens are recorded straight into
/// the frame that owns them, nothing is allocated per rule, and finished rules move their
/// result into their parent's frame. "Single" slots keep the first value, like the
/// reference builder's `get_single`.
enum AstFrames {
    /// The line that opened a rule: a title, a step, or a doc string's opening fence.
    struct TitleLine {
        var location: Location
        var keyword: String
        var keywordType: StepKeywordType?
        var text: String
    }

    /// `#Other` lines (description text or doc string content), joined with `\n`.
    struct TextLines {
        var bytes: [UInt8] = []
        var lineCount = 0
        /// The length of `bytes` up to its last line with more than white space
        /// (descriptions drop the rest, as the reference does).
        var endOfLastNonEmptyLine = 0

        mutating func append(_ token: Token, in source: [UInt8]) {
            // Room for a typical doc string up front, rather than regrowing line by line.
            if lineCount == 0 { bytes.reserveCapacity(512) }
            if lineCount > 0 { bytes.append(UInt8(ascii: "\n")) }
            lineCount += 1
            let before = bytes.count
            if let range = token.textRange {
                // From the file's bytes in place (a slice would retain the array).
                source.withUnsafeBufferPointer { source in
                    guard range.lowerBound >= 0, range.upperBound <= source.count else { return }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
                }
            } else if let text = token.text {
                bytes.append(contentsOf: text.utf8)
            }
            if bytes[before...].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                endOfLastNonEmptyLine = bytes.count
            }
        }
    }

    /// FeatureHeader, RuleHeader: tags, the title line and the description.
    struct Header {
        /// Tags as read, without ids: those are drawn when the tagged rule ends.
        var tags: [Tag]?
        var title: TitleLine?
        var language = "en"
        var description: String?
    }

    /// Feature and Rule: the header (kept in its own frame) and the children in file order
    /// (`children` for a Feature, `ruleChildren` for a Rule).
    struct Container {
        var hasHeader = false
        var hasBackground = false
        var children: [FeatureChild] = []
        var ruleChildren: [RuleChild] = []
    }

    /// ScenarioDefinition, ExamplesDefinition: tags around the inner rule.
    struct Definition {
        var tags: [Tag]?
        var hasInner = false
    }

    /// Background, Scenario, Examples: title, description and what follows.
    struct Section {
        var title: TitleLine?
        var description: String?
        var steps: [Step] = []
        var examples: [Examples] = []
        var tableRows: [TableRow]?
    }

    /// A step with its arguments. The step line's fields are held directly (not in a
    /// `TitleLine`), so the finished step moves them out and leaves the frame clean.
    struct StepFrame {
        var hasTitle = false
        var location = Location(line: 0)
        var keyword = ""
        var keywordType: StepKeywordType?
        var text = ""
        var docString: DocString?
        var dataTable: DataTable?

        /// Back to a fresh frame; usually it is one already (the last step moved out).
        mutating func clear() {
            if hasTitle || docString.hasValue || dataTable.hasValue || !keyword.isEmpty || !text.isEmpty {
                self = StepFrame()
            }
        }
    }
}
