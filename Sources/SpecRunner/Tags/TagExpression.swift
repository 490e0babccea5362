/// A Cucumber tag expression (`@smoke and not (@wip or @slow)`), parsed once and then
/// evaluated against each scenario's tags.
indirect enum TagExpression: Sendable, Hashable, CustomStringConvertible {
    /// The empty expression: every scenario matches.
    case always
    case tag(String)
    case not(TagExpression)
    case and(TagExpression, TagExpression)
    case or(TagExpression, TagExpression)

    /// Parses `source` as the reference implementation does; throws `TagExpressionError`
    /// with its message (`Tag expression "…" could not be parsed because of syntax error: …`).
    init(parsing source: String) throws(TagExpressionError) {
        self = try TagExpressionParser(source: source).parse()
    }

    /// Whether a scenario with `tags` (names with their `@`) is selected.
    func evaluate(_ tags: Set<String>) -> Bool {
        switch self {
        case .always: true
        case .tag(let name): tags.contains(name)
        case .not(let inner): !inner.evaluate(tags)
        case .and(let left, let right): left.evaluate(tags) && right.evaluate(tags)
        case .or(let left, let right): left.evaluate(tags) || right.evaluate(tags)
        }
    }

    /// Every tag the expression names, in the order written.
    var names: [String] { names(negated: nil) }

    /// The tags a scenario must have to be selected by some part of the expression: those
    /// not under an odd number of `not`s (`@wip` in `not @wip` selects nothing by itself).
    var requiredNames: [String] { names(negated: false) }

    /// `negated` nil: all names; otherwise those under an even (false) number of `not`s.
    private func names(negated: Bool?) -> [String] {
        switch self {
        case .always: []
        case .tag(let name): negated == true ? [] : [name]
        case .not(let inner): inner.names(negated: negated.map { !$0 })
        case .and(let left, let right), .or(let left, let right):
            left.names(negated: negated) + right.names(negated: negated)
        }
    }

    /// The reference's canonical form, fully parenthesised (`( @a and @b )`), with
    /// backslashes, parentheses and whitespace in tag names escaped.
    var description: String {
        switch self {
        case .always: return "true"
        case .tag(let name):
            return name.reduce(into: "") { out, character in
                if Self.isEscaped(character) { out.append("\\") }
                out.append(character)
            }
        case .not(let inner):
            switch inner {
            case .and, .or: return "not \(inner)"
            default: return "not ( \(inner) )"
            }
        case .and(let left, let right): return "( \(left) and \(right) )"
        case .or(let left, let right): return "( \(left) or \(right) )"
        }
    }

    /// A character a tag name holds only escaped (`\(`, `\\`): a backslash, a parenthesis or whitespace.
    static func isEscaped(_ character: Character) -> Bool { "\\()".contains(character) || character.isWhitespace }
}

/// A tag expression that does not parse, with the reference implementation's message.
struct TagExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    let expression: String
    /// The part after `syntax error: ` (`Expected operand.`, `Unmatched (.`).
    let reason: String

    var description: String {
        "Tag expression \"\(expression)\" could not be parsed because of syntax error: \(reason)"
    }

    /// The reasons a hand-written expression meets most, as the reference words them.
    enum Structure: String, Sendable {
        case expectedOperand = "Expected operand."
        case expectedOperator = "Expected operator."
        case unmatchedOpen = "Unmatched (."
        case unmatchedClose = "Unmatched )."

        /// What to write instead.
        var advice: String {
            switch self {
            case .expectedOperand: "'and' and 'or' join two tags, and 'not' goes before one: @smoke and not @wip"
            case .expectedOperator: "two tags need 'and' or 'or' between them: @smoke and @fast"
            case .unmatchedOpen: "each '(' needs its ')'"
            case .unmatchedClose: "this ')' has no '(' before it"
            }
        }
    }

    /// What to write instead, when the reason is one of `Structure`.
    var advice: String? { Structure(rawValue: reason)?.advice }
}
