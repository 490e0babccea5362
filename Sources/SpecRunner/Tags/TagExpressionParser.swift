/// Turns tag expression source into a `TagExpression` with the shunting-yard algorithm
/// of the reference implementation (`not` binds tighter than `and`, `and` than `or`).
struct TagExpressionParser {
    let source: String

    private enum Token: Equatable {
        case open, close, not, and, or
        case tag(String)

        /// How tightly an operator binds (only `open`, `not`, `and` and `or` are stacked).
        var precedence: Int {
            switch self {
            case .open, .close, .tag: -2
            case .or: 0
            case .and: 1
            case .not: 2
            }
        }
    }

    private enum Expected: String {
        case operand, `operator`
    }

    func parse() throws(TagExpressionError) -> TagExpression {
        let tokens = try tokenize()
        if tokens.isEmpty { return .always }
        var operands: [TagExpression] = []
        var operators: [Token] = []
        var expected = Expected.operand
        for token in tokens {
            switch token {
            case .not, .open:
                try check(expected, .operand)
                operators.append(token)
                expected = .operand
            case .and, .or:
                try check(expected, .operator)
                // Both binary operators are left-associative.
                while let top = operators.last, top != .open, token.precedence <= top.precedence {
                    try apply(operators.removeLast(), to: &operands)
                }
                operators.append(token)
                expected = .operand
            case .close:
                try check(expected, .operator)
                while let top = operators.last, top != .open {
                    try apply(operators.removeLast(), to: &operands)
                }
                guard operators.last == .open else { throw failure("Unmatched ).") }
                operators.removeLast()
                expected = .operator
            case .tag(let name):
                try check(expected, .operand)
                operands.append(.tag(name))
                expected = .operator
            }
        }
        // A trailing operator leaves an operand missing.
        if expected == .operand { throw failure("Expected operand.") }
        while let top = operators.popLast() {
            if top == .open { throw failure("Unmatched (.") }
            try apply(top, to: &operands)
        }
        guard operands.count == 1, let result = operands.first else { throw failure("Expected operator.") }
        return result
    }

    private static let commaMessage =
        "An invalid tag combination operator was detected. The use of a comma (\",\") to combine tags is not "
        + "supported. Please replace it with either the \"or\" or \"and\" operators for tag combinations. "
        + "For example, use \"@tag1 or @tag2\" or \"@tag1 and @tag2\""

    private func tokenize() throws(TagExpressionError) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var escaped = false
        func flush() {
            guard !current.isEmpty else { return }
            switch current {
            case "not": tokens.append(.not)
            case "and": tokens.append(.and)
            case "or": tokens.append(.or)
            default: tokens.append(.tag(current))
            }
            current = ""
        }
        for character in source {
            if escaped {
                guard character == "(" || character == ")" || character == "\\" || character.isWhitespace else {
                    throw failure("Illegal escape before \"\(character)\".")
                }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "(" || character == ")" || character.isWhitespace {
                flush()
                if character == "(" { tokens.append(.open) }
                if character == ")" { tokens.append(.close) }
            } else {
                current.append(character)
            }
        }
        if escaped { throw failure("Illegal escape before \"<end>\".") }
        flush()
        // A comma is a mistake wherever it stands (`@a,@b`, `@a ,@b`), so say so first.
        if tokens.contains(where: { if case .tag(let name) = $0 { name.contains(",") } else { false } }) {
            throw failure(Self.commaMessage)
        }
        return tokens
    }

    private func check(_ expected: Expected, _ actual: Expected) throws(TagExpressionError) {
        guard expected == actual else { throw failure("Expected \(expected.rawValue).") }
    }

    private func apply(_ op: Token, to operands: inout [TagExpression]) throws(TagExpressionError) {
        switch op {
        case .open, .close, .tag:
            throw failure("Unmatched (.")
        case .not:
            guard let inner = operands.popLast() else { throw failure("Expected operand.") }
            operands.append(.not(inner))
        case .and, .or:
            guard let right = operands.popLast(), let left = operands.popLast() else {
                throw failure("Expected operand.")
            }
            operands.append(op == .and ? .and(left, right) : .or(left, right))
        }
    }

    private func failure(_ reason: String) -> TagExpressionError {
        TagExpressionError(expression: source, reason: reason)
    }
}
