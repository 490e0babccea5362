/// Turns tag expression source into a `TagExpression` with the shunting-yard algorithm
/// of the reference implementation (`not` binds tighter than `and`, `and` than `or`).
struct TagExpressionParser {
    let source: String

    private enum Token: Equatable {
        case open, close, not, and, or
        case tag(String)

        /// How tightly an operator binds (`open`, `not`, `and` and `or` are stacked; `)`,
        /// below them all, applies every one down to its `(`).
        var precedence: Int {
            switch self {
            case .open, .close, .tag: -2
            case .or: 0
            case .and: 1
            case .not: 2
            }
        }
    }

    func parse() throws(TagExpressionError) -> TagExpression {
        let tokens = try tokenize()
        if tokens.isEmpty { return .always }
        var operands: [TagExpression] = []
        var operators: [Token] = []
        var wantsOperand = true
        for token in tokens {
            switch token {
            case .not, .open:
                try expect(operand: true, wantsOperand)
                operators.append(token)
                wantsOperand = true
            case .and, .or, .close:
                try expect(operand: false, wantsOperand)
                // Both binary operators are left-associative.
                while let top = operators.last, top != .open, token.precedence <= top.precedence {
                    try apply(operators.removeLast(), to: &operands)
                }
                if token != .close {
                    operators.append(token)
                } else if operators.popLast() != .open {
                    throw failure(.unmatchedClose)
                }
                wantsOperand = token != .close
            case .tag(let name):
                try expect(operand: true, wantsOperand)
                operands.append(.tag(name))
                wantsOperand = false
            }
        }
        // A trailing operator leaves an operand missing.
        if wantsOperand { throw failure(.expectedOperand) }
        while let top = operators.popLast() { try apply(top, to: &operands) }
        guard operands.count == 1, let result = operands.first else { throw failure(.expectedOperator) }
        return result
    }

    private func tokenize() throws(TagExpressionError) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var escaped = false
        func flush() {
            guard !current.isEmpty else { return }
            tokens.append(["not": .not, "and": .and, "or": .or][current] ?? .tag(current))
            current = ""
        }
        for character in source {
            if escaped {
                guard TagExpression.isEscaped(character) else {
                    throw failure("Illegal escape before \"\(character)\".")
                }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if TagExpression.isEscaped(character) {
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
            throw failure(
                "An invalid tag combination operator was detected. The use of a comma (\",\") to combine tags is not "
                    + "supported. Please replace it with either the \"or\" or \"and\" operators for tag combinations. "
                    + "For example, use \"@tag1 or @tag2\" or \"@tag1 and @tag2\"")
        }
        return tokens
    }

    /// Throws unless the token stands where the parser wants it: an operand or an operator.
    private func expect(operand: Bool, _ wantsOperand: Bool) throws(TagExpressionError) {
        guard operand == wantsOperand else { throw failure(wantsOperand ? .expectedOperand : .expectedOperator) }
    }

    /// Pops the operands of `op` and pushes its expression; an `(` left on the stack is unmatched.
    private func apply(_ op: Token, to operands: inout [TagExpression]) throws(TagExpressionError) {
        guard op != .open else { throw failure(.unmatchedOpen) }
        guard let right = operands.popLast() else { throw failure(.expectedOperand) }
        guard op != .not else { return operands.append(.not(right)) }
        guard let left = operands.popLast() else { throw failure(.expectedOperand) }
        operands.append(op == .and ? .and(left, right) : .or(left, right))
    }

    private func failure(_ structure: TagExpressionError.Structure) -> TagExpressionError {
        failure(structure.rawValue)
    }

    private func failure(_ reason: String) -> TagExpressionError {
        TagExpressionError(expression: source, reason: reason)
    }
}
