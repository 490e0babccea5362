/// Rewrites a Cucumber Expression's syntax tree to a regular expression, checking the
/// rules the grammar alone does not enforce.
///
/// Text is escaped, an optional becomes `(?:…)?`, an alternation `(?:a|b)`, and a
/// parameter one capturing group around its type's regexps: `(r)` for one regexp,
/// `((?:r1)|(?:r2))` for several; the whole is anchored, `^…$`.
struct CucumberExpressionCompiler {
    /// Where one parameter's value lands in the compiled regex.
    struct ParameterSlot: Sendable {
        let type: ParameterType
        /// The group around the parameter.
        let groupNumber: Int
        /// The groups inside the parameter's regexps (what its transform receives).
        let innerGroupNumbers: [Int]
        /// The same groups, as they nest.
        let innerGroups: [CaptureGroup]
    }

    /// The result of compiling one expression.
    struct Output {
        let regexSource: String
        let parameters: [ParameterSlot]
    }

    private let source: String
    private let registry: ParameterTypeRegistry
    private var parameters: [ParameterSlot] = []
    private var nextGroupNumber = 1

    static func compile(
        _ expression: Node, source: String, registry: ParameterTypeRegistry
    ) throws(CucumberExpressionError) -> Output {
        var compiler = CucumberExpressionCompiler(source: source, registry: registry)
        let regex = try compiler.rewrite(expression)
        return Output(regexSource: regex, parameters: compiler.parameters)
    }

    private init(source: String, registry: ParameterTypeRegistry) {
        self.source = source
        self.registry = registry
    }

    private mutating func rewrite(_ node: Node) throws(CucumberExpressionError) -> String {
        switch node.kind {
        case .text:
            return Self.escape(node.text)
        case .optional:
            return try rewriteOptional(node)
        case .alternation:
            return try rewriteAlternation(node)
        case .alternative:
            return try rewriteChildren(of: node)
        case .parameter:
            return try rewriteParameter(node)
        case .expression:
            return "^" + (try rewriteChildren(of: node)) + "$"
        }
    }

    private mutating func rewriteChildren(of node: Node, separator: String = "") throws(CucumberExpressionError)
        -> String
    {
        var parts: [String] = []
        for child in node.nodes {
            parts.append(try rewrite(child))
        }
        return parts.joined(separator: separator)
    }

    private mutating func rewriteOptional(_ node: Node) throws(CucumberExpressionError) -> String {
        if let parameter = node.nodes.first(where: { $0.kind == .parameter }) {
            throw .parameterIsNotAllowedInOptional(source, node: parameter)
        }
        if let optional = node.nodes.first(where: { $0.kind == .optional }) {
            throw .optionalIsNotAllowedInOptional(source, node: optional)
        }
        if !node.nodes.contains(where: { $0.kind == .text }) {
            throw .optionalMayNotBeEmpty(source, node: node)
        }
        return "(?:" + (try rewriteChildren(of: node)) + ")?"
    }

    private mutating func rewriteAlternation(_ node: Node) throws(CucumberExpressionError) -> String {
        for alternative in node.nodes {
            if alternative.nodes.isEmpty {
                throw .alternativeMayNotBeEmpty(source, node: alternative)
            }
            if !alternative.nodes.contains(where: { $0.kind == .text }) {
                throw .alternativeMayNotExclusivelyContainOptionals(source, node: alternative)
            }
        }
        return "(?:" + (try rewriteChildren(of: node, separator: "|")) + ")"
    }

    private mutating func rewriteParameter(_ node: Node) throws(CucumberExpressionError) -> String {
        let name = node.text
        guard let type = registry.lookup(name: name) else {
            throw .undefinedParameterType(source, node: node, name: name)
        }
        let groupNumber = nextGroupNumber
        nextGroupNumber += 1
        var inner: [CaptureGroup] = []
        for regexpGroups in type.regexpGroups {
            let groups = regexpGroups.map { $0.renumbered(by: nextGroupNumber - 1) }
            inner += groups
            nextGroupNumber += groups.reduce(0) { $0 + 1 + $1.descendantNumbers.count }
        }
        parameters.append(
            ParameterSlot(
                type: type, groupNumber: groupNumber,
                innerGroupNumbers: inner.flatMap { [$0.number] + $0.descendantNumbers }, innerGroups: inner))
        if type.regexps.count == 1 {
            return "(" + type.regexps[0] + ")"
        }
        return "((?:" + type.regexps.joined(separator: ")|(?:") + "))"
    }

    /// The expression with every parameter accepting any text, one group each, in order:
    /// what a text would match if only its values were wrong; with `strict`, that one
    /// parameter keeps its type's regexps. Returns the pattern and each parameter's
    /// group number. Only for a tree that compiled (the checks are not repeated).
    static func relaxedRegex(
        _ tree: Node, strict: Int? = nil, types: [ParameterType] = []
    ) -> (pattern: String, groups: [Int]) {
        var parameterIndex = 0
        var groupCount = 0
        var groups: [Int] = []
        func emit(_ node: Node) -> String {
            switch node.kind {
            case .text: return escape(node.text)
            case .optional: return "(?:" + node.nodes.map(emit).joined() + ")?"
            case .alternation: return "(?:" + node.nodes.map(emit).joined(separator: "|") + ")"
            case .alternative: return node.nodes.map(emit).joined()
            case .expression: return "^" + node.nodes.map(emit).joined() + "$"
            case .parameter:
                defer { parameterIndex += 1 }
                groupCount += 1
                groups.append(groupCount)
                guard parameterIndex == strict, parameterIndex < types.count else { return "(.+?)" }
                let regexps = types[parameterIndex].regexps
                groupCount += types[parameterIndex].groupCount
                return "((?:" + regexps.joined(separator: ")|(?:") + "))"
            }
        }
        let pattern = emit(tree)
        return (pattern, groups)
    }

    /// Backslashes the characters that are special in a regular expression.
    static func escape(_ text: String) -> String {
        // Most text has nothing to escape: it is returned as it is.
        guard text.utf8.contains(where: isSpecial) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if isSpecial(byte) { escaped.append(UInt8(ascii: "\\")) }
            escaped.append(byte)
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// `\ ^ [ ( { $ . | ? * + } ) ]`: all ASCII, so no byte of a longer UTF-8 sequence
    /// is ever taken for one.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "{"),
            UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: "|"), UInt8(ascii: "?"), UInt8(ascii: "*"),
            UInt8(ascii: "+"), UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
            true
        default:
            false
        }
    }
}
