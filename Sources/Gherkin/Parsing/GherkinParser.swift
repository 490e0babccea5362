/// A problem found by the parser, before it is tied to a file.
struct ParserError: Hashable, Sendable {
    var message: String
    var location: Location
    /// The column the message names, when it differs from the location's.
    var messageColumn: Int?
    var kind: ParseError.Kind

    init(message: String, location: Location, messageColumn: Int? = nil, kind: ParseError.Kind) {
        self.message = message
        self.location = location
        self.messageColumn = messageColumn
        self.kind = kind
    }

    /// The reference's text: `(line:column): message`, column 0 when unknown.
    var fullMessage: String { "(\(location.line):\(messageColumn ?? location.column ?? 0)): \(message)" }
}

/// The state machine of Cucumber's Gherkin grammar (see `ParserState`), fed one token
/// per line, building the AST as it goes and collecting every error instead of stopping.
struct GherkinParser {
    /// The reference stops after this many errors.
    static let maximumErrors = 10

    private var scanner: TokenScanner
    private let bytes: [UInt8]
    private var matcher: TokenMatcher
    private var builder: AstBuilder
    private var queue: [Token] = []
    private var queueHead = 0
    private(set) var errors: [ParserError] = []
    private var errorMessages: Set<String> = []
    private var tooManyErrors = false
    private let recordsTokens: Bool
    /// `ParserState.packedTable`, read once per file.
    private let expectedTokens = ParserState.packedTable
    /// The tokens in the order the parser accepted them (only when asked for).
    private(set) var acceptedTokens: [Token] = []

    init(bytes: [UInt8], uri: String, ids: IdCursor, recordingTokens: Bool = false) {
        self.bytes = bytes
        scanner = TokenScanner(bytes: bytes)
        matcher = TokenMatcher(bytes: bytes)
        builder = AstBuilder(ids: ids, uri: uri, bytes: bytes)
        recordsTokens = recordingTokens
    }

    /// The ids not drawn yet (the pickle compiler continues from here).
    var idCursor: IdCursor { builder.ids }

    /// Reads the whole file; the document is nil when there were errors.
    mutating func parse() -> GherkinDocument? {
        var state = ParserState.start
        // One token, refilled line after line: a fresh one per line cost more to create and
        // destroy than to clear (its strings and cells have been moved into the AST).
        var token = Token(line: nil, lineNumber: 0)
        while !tooManyErrors {
            readToken(into: &token)
            state = step(state, &token)
            if token.isEOF { break }
        }
        return errors.isEmpty ? builder.document : nil
    }

    // MARK: - One token

    private mutating func step(_ state: ParserState, _ token: inout Token) -> ParserState {
        let candidates = matcher.candidates(for: token.line)
        for type in state.packedExpectedTokens(in: expectedTokens) where !tooManyErrors {
            guard candidates & type.bit != 0 else { continue }
            if type == .tagLine {
                if let next = matchTagLine(state, &token) { return next }
            } else if tryMatch(type, &token) {
                return accept(type, in: state, &token)
            }
        }
        guard !tooManyErrors else { return state }
        let names = state.expectedTokens.map(\.expectedName)
        let expected = names.joined(separator: ", ")
        if let line = token.line {
            let location = Location(line: token.lineNumber, column: token.column ?? (line.indent + 1))
            let text = line.trimmedText(in: bytes)
            addError(
                ParserError(
                    message: "expected: \(expected), got '\(text)'", location: location,
                    kind: .unexpectedLine(expected: names, text: text)))
        } else {
            let location = Location(line: token.lineNumber, column: token.column)
            addError(
                ParserError(
                    message: "unexpected end of file, expected: \(expected)", location: location,
                    kind: .unexpectedEndOfFile(expected: names)))
        }
        return state
    }

    /// A tag line starts tags of the feature, of the current section, of an `Examples:`
    /// (if one follows), of a scenario (if one follows) or else of a new rule.
    private mutating func matchTagLine(_ state: ParserState, _ token: inout Token) -> ParserState? {
        switch state {
        case .start, .afterLanguage, .tags:
            guard tryMatch(.tagLine, &token) else { return nil }
            return accept(.tagLine, in: state, &token)
        default:
            break
        }
        // Matched once: the lookaheads below only read the lines after it.
        guard tryMatch(.tagLine, &token) else { return nil }
        let next = lookAheadForTitle(examples: state.isInsideScenario)
        if next == .examplesLine {
            closeUntil(.scenario)
            open(.examplesDefinition, .tags)
            build(&token)
            return .tags(.examples)
        }
        if next == .scenarioLine {
            closeUntil(.feature, .rule)
            open(.scenarioDefinition, .tags)
            build(&token)
            return .tags(.scenario)
        }
        closeUntil(.feature)
        open(.rule, .ruleHeader, .tags)
        build(&token)
        return .tags(.rule)
    }

    /// Moves to the next state after `token` matched `type` in `state`; the token's strings
    /// and cells move into the AST (`inout`: passing it by value copied it per line).
    private mutating func accept(_ type: TokenType, in state: ParserState, _ token: inout Token) -> ParserState {
        var next = state
        switch type {
        case .eof:
            closeUntil(.gherkinDocument)
            next = .finished
        case .empty:
            break
        case .comment, .other:
            if case .title(let section) = state {
                open(.description)
                next = .description(section)
            }
        case .language:
            builder.language = matcher.keywords.language
            open(.feature, .featureHeader)
            next = .afterLanguage
        case .tagLine:
            switch state {
            case .start:
                open(.feature, .featureHeader, .tags)
                next = .tags(.feature)
            case .afterLanguage:
                open(.tags)
                next = .tags(.feature)
            default:
                break  // more tags of the section being tagged
            }
        case .featureLine:
            switch state {
            case .start: open(.feature, .featureHeader)
            case .tags: closeTags()
            default: break
            }
            next = .title(.feature)
        case .ruleLine:
            if case .tags = state {
                closeTags()
            } else {
                closeUntil(.feature)
                open(.rule, .ruleHeader)
            }
            next = .title(.rule)
        case .backgroundLine:
            closeUntil(.feature, .rule)
            open(.background)
            next = .title(.background)
        case .scenarioLine:
            if case .tags = state {
                closeTags()
                open(.scenario)
            } else {
                closeUntil(.feature, .rule)
                open(.scenarioDefinition, .scenario)
            }
            next = .title(.scenario)
        case .examplesLine:
            if case .tags = state {
                closeTags()
                open(.examples)
            } else {
                closeUntil(.scenario)
                open(.examplesDefinition, .examples)
            }
            next = .title(.examples)
        case .stepLine:
            closeUntil(.background, .scenario)
            open(.step)
            next = .step(state.stepOwner ?? .scenario)
        case .tableRow:
            next = acceptTableRow(in: state)
        case .docStringSeparator:
            next = acceptDocStringSeparator(in: state)
        }
        build(&token)
        return next
    }

    private mutating func acceptTableRow(in state: ParserState) -> ParserState {
        switch state {
        case .step(let owner):
            open(.dataTable)
            return .dataTable(owner, afterDocString: false)
        case .afterDocString(let owner, afterDataTable: false):
            closeRule()
            open(.dataTable)
            return .dataTable(owner, afterDocString: true)
        case .title(.examples), .description(.examples):
            closeUntil(.examples)
            open(.examplesTable)
            return .examplesTable
        default:
            return state
        }
    }

    private mutating func acceptDocStringSeparator(in state: ParserState) -> ParserState {
        switch state {
        case .step(let owner):
            open(.docString)
            return .docString(owner, afterDataTable: false)
        case .dataTable(let owner, afterDocString: false):
            closeRule()
            open(.docString)
            return .docString(owner, afterDataTable: true)
        case .docString(let owner, let afterDataTable):
            return .afterDocString(owner, afterDataTable: afterDataTable)
        default:
            return state
        }
    }

    // MARK: - Tokens

    private mutating func readToken(into token: inout Token) {
        if queueHead < queue.count {
            // Moved out of the queue (a copy would retain its strings and arrays).
            swap(&token, &queue[queueHead])
            queueHead += 1
            if queueHead == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
            }
            return
        }
        scanner.read(into: &token)
    }

    /// Which title comes next, past empty lines, comments and tag lines: an `Examples:`
    /// line (looked for only when `examples`), a scenario line, or neither (nil). One scan
    /// answers what the reference asks in two lookaheads (examples first, then scenario).
    /// The lines read stay queued; like the reference, a line matched here keeps the column
    /// it was matched at, and a malformed tag line reports its error now.
    private mutating func lookAheadForTitle(examples: Bool) -> TokenType? {
        var index = queueHead
        while true {
            if index == queue.count { queue.append(scanner.read()) }
            guard let line = queue[index].line else { return nil }
            if examples, let column = probe(.examplesLine, line) {
                queue[index].column = column
                return .examplesLine
            }
            if let column = probe(.scenarioLine, line) {
                queue[index].column = column
                return .scenarioLine
            }
            guard let column = probe(.empty, line) ?? probe(.comment, line) ?? probe(.tagLine, line) else {
                return nil
            }
            queue[index].column = column
            index += 1
        }
    }

    /// The column `line` would match `type` at, or nil (see `TokenMatcher.probe`).
    private mutating func probe(_ type: TokenType, _ line: GherkinLine) -> Int? {
        do {
            return try matcher.probe(type, line)
        } catch {
            report(error)
            return nil
        }
    }

    private mutating func tryMatch(_ type: TokenType, _ token: inout Token) -> Bool {
        if token.isEOF && type != .eof { return false }
        do {
            return try matcher.match(type, &token)
        } catch {
            report(error)
            return false
        }
    }

    private mutating func report(_ error: TokenMatcher.Failure) {
        switch error {
        case .tagWithWhitespace(let line, let column):
            addError(
                ParserError(
                    message: "A tag may not contain whitespace", location: Location(line: line, column: column),
                    kind: .tagWithWhitespace))
        case .unknownLanguage(let language, let line, let column):
            // The reference formats the message with the line's indent, and reports the
            // token's location, which the rest of the line's matching then moves to column
            // 1 (the line is read as a comment) — unless this very error is the one that
            // stops the parse (the eleventh), when the location keeps the indent too.
            let stopsParse = errors.count >= Self.maximumErrors
            addError(
                ParserError(
                    message: "Language not supported: \(language)",
                    location: Location(line: line, column: stopsParse ? column : 1), messageColumn: column,
                    kind: .unknownLanguage(language)
                )
            )
        }
    }

    // MARK: - Building

    private mutating func build(_ token: inout Token) {
        if recordsTokens { acceptedTokens.append(token) }
        if token.type == .comment {
            builder.addComment(&token)
        } else {
            builder.build(&token)
        }
    }

    private mutating func open(_ rule: RuleType) {
        builder.startRule(rule)
    }

    private mutating func open(_ outer: RuleType, _ inner: RuleType) {
        builder.startRule(outer)
        builder.startRule(inner)
    }

    private mutating func open(_ outer: RuleType, _ middle: RuleType, _ inner: RuleType) {
        builder.startRule(outer)
        builder.startRule(middle)
        builder.startRule(inner)
    }

    private mutating func closeRule() {
        do {
            try builder.endRule()
        } catch {
            addError(ParserError(message: error.message, location: error.location, kind: error.kind))
        }
    }

    private mutating func closeTags() {
        if builder.currentRule == .tags { closeRule() }
    }

    /// Closes rules until the innermost open one is one of `rules`.
    private mutating func closeUntil(_ rule: RuleType, _ alternative: RuleType? = nil) {
        let mask = rule.bit | (alternative?.bit ?? 0)
        while builder.depth > 1, builder.currentRule.bit & mask == 0 {
            closeRule()
        }
    }

    private mutating func addError(_ error: ParserError) {
        // The reference aborts on the eleventh error, so nothing after it is reported, even
        // from the rest of the token being handled.
        guard !tooManyErrors, errorMessages.insert(error.fullMessage).inserted else { return }
        errors.append(error)
        if errors.count > Self.maximumErrors { tooManyErrors = true }
    }
}
