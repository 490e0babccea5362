/// Builds the syntax tree of a Cucumber Expression from its tokens.
///
/// The grammar, as in the reference implementation:
/// ```
/// cucumber-expression := ( alternation | optional | parameter | text )*
/// alternation := (?<=left-boundary) alternative* ( '/' alternative* )+ (?=right-boundary)
/// left-boundary := whitespace | '}' | ^
/// right-boundary := whitespace | '{' | $
/// alternative := optional | parameter | text
/// optional := '(' option* ')'
/// option := optional | parameter | text
/// parameter := '{' name* '}'
/// name := whitespace | .
/// text := whitespace | ')' | '}' | .
/// ```
/// Semantic checks (an empty optional, a parameter inside an optional, …) are left to the
/// compiler, which reports them with the same located messages.
public struct CucumberExpressionParser {
    private let expression: String
    private let tokens: [Token]

    /// The tree of `expression`, or the first error with its column.
    public static func parse(_ expression: String) throws(CucumberExpressionError) -> Node {
        let tokens = try CucumberExpressionTokenizer.tokenize(expression)
        let parser = CucumberExpressionParser(expression: expression, tokens: tokens)
        let result = try parser.parseBetween(
            .expression, begin: .startOfLine, end: .endOfLine,
            rules: [.alternation, .optional, .parameter, .text], at: 0)
        guard let node = result.nodes.first else {
            throw CucumberExpressionError(message: "Could not parse the expression '\(expression)'")
        }
        return node
    }

    /// The rules a position can be parsed by, tried in order.
    private enum Rule {
        case alternation, optional, parameter, text, name, alternativeSeparator
    }

    /// How many tokens a rule consumed and the nodes it made (a separator is a
    /// placeholder alternative node, split out by `alternation`).
    private struct Parsed {
        var consumed: Int
        var nodes: [Node]
        static let none = Parsed(consumed: 0, nodes: [])
    }

    private func parse(_ rule: Rule, at current: Int) throws(CucumberExpressionError) -> Parsed {
        switch rule {
        case .alternation: return try parseAlternation(at: current)
        case .optional:
            return try parseBetween(
                .optional, begin: .beginOptional, end: .endOptional, rules: [.optional, .parameter, .text],
                at: current)
        case .parameter:
            return try parseBetween(.parameter, begin: .beginParameter, end: .endParameter, rules: [.name], at: current)
        case .text: return try parseText(at: current)
        case .name: return try parseName(at: current)
        case .alternativeSeparator:
            guard looking(at: current, .alternation) else { return .none }
            let token = tokens[current]
            return Parsed(consumed: 1, nodes: [Node(kind: .alternative, start: token.start, end: token.end)])
        }
    }

    private func parseText(at current: Int) throws(CucumberExpressionError) -> Parsed {
        let token = tokens[current]
        switch token.kind {
        case .whiteSpace, .text, .endParameter, .endOptional:
            return Parsed(consumed: 1, nodes: [textNode(token)])
        case .alternation:
            throw .alternationNotAllowedInOptional(expression, current: token)
        case .beginParameter, .startOfLine, .endOfLine, .beginOptional:
            return .none
        }
    }

    private func parseName(at current: Int) throws(CucumberExpressionError) -> Parsed {
        let token = tokens[current]
        switch token.kind {
        case .whiteSpace, .text:
            return Parsed(consumed: 1, nodes: [textNode(token)])
        case .beginParameter, .endParameter, .beginOptional, .endOptional, .alternation:
            throw .invalidParameterTypeName(expression, token: token)
        case .startOfLine, .endOfLine:
            return .none
        }
    }

    private func parseAlternation(at current: Int) throws(CucumberExpressionError) -> Parsed {
        guard looking(atAnyOf: [.startOfLine, .whiteSpace, .endParameter], at: current - 1) else { return .none }
        let result = try parseUntil(
            rules: [.alternativeSeparator, .optional, .parameter, .text], at: current,
            endingAt: [.whiteSpace, .endOfLine, .beginParameter])
        guard result.nodes.contains(where: { $0.kind == .alternative }) else { return .none }
        let start = tokens[current].start
        // The right-hand boundary token is not consumed.
        let end = tokens[current + result.consumed].start
        let alternation = Node(
            kind: .alternation, start: start, end: end,
            nodes: splitAlternatives(start: start, end: end, result.nodes))
        return Parsed(consumed: result.consumed, nodes: [alternation])
    }

    private func parseBetween(
        _ kind: Node.Kind, begin: Token.Kind, end: Token.Kind, rules: [Rule], at current: Int
    ) throws(CucumberExpressionError) -> Parsed {
        guard looking(at: current, begin) else { return .none }
        let inner = try parseUntil(rules: rules, at: current + 1, endingAt: [end, .endOfLine])
        let closing = current + 1 + inner.consumed
        guard looking(at: closing, end) else {
            throw .missingEndToken(expression, begin: begin, end: end, current: tokens[current])
        }
        let node = Node(kind: kind, start: tokens[current].start, end: tokens[closing].end, nodes: inner.nodes)
        return Parsed(consumed: closing + 1 - current, nodes: [node])
    }

    private func parseUntil(
        rules: [Rule], at start: Int, endingAt endKinds: [Token.Kind]
    ) throws(CucumberExpressionError) -> Parsed {
        var current = start
        var nodes: [Node] = []
        while current < tokens.count && !looking(atAnyOf: endKinds, at: current) {
            var parsed = Parsed.none
            for rule in rules {
                parsed = try parse(rule, at: current)
                if parsed.consumed > 0 { break }
            }
            guard parsed.consumed > 0 else {
                // Unreachable for this grammar; a guard against looping forever.
                throw CucumberExpressionError(
                    message:
                        "No rule could parse '\(tokens[current].text)' at column \(tokens[current].start + 1) of '\(expression)'"
                )
            }
            current += parsed.consumed
            nodes += parsed.nodes
        }
        return Parsed(consumed: current - start, nodes: nodes)
    }

    private func splitAlternatives(start: Int, end: Int, _ nodes: [Node]) -> [Node] {
        var separators: [Node] = []
        var alternatives: [[Node]] = [[]]
        for node in nodes {
            if node.kind == .alternative {
                separators.append(node)
                alternatives.append([])
            } else {
                alternatives[alternatives.count - 1].append(node)
            }
        }
        return alternatives.enumerated().map { index, children in
            let from = index == 0 ? start : separators[index - 1].end
            let to = index == alternatives.count - 1 ? end : separators[index].start
            return Node(kind: .alternative, start: from, end: to, nodes: children)
        }
    }

    private func textNode(_ token: Token) -> Node {
        Node(kind: .text, start: token.start, end: token.end, token: token.text)
    }

    private func looking(at index: Int, _ kind: Token.Kind) -> Bool {
        if index < 0 { return kind == .startOfLine }
        if index >= tokens.count { return kind == .endOfLine }
        return tokens[index].kind == kind
    }

    private func looking(atAnyOf kinds: [Token.Kind], at index: Int) -> Bool {
        kinds.contains { looking(at: index, $0) }
    }
}
