/// The reference implementation's error messages, word for word: the column, the
/// expression, a caret line under the offending span, the problem and a hint.
extension CucumberExpressionError {
    static func cantEscape(_ expression: String, index: Int) -> Self {
        located(
            expression, at: index, pointer: pointer(at: index),
            problem: "Only the characters '{', '}', '(', ')', '\\', '/' and whitespace can be escaped",
            hint: "If you did mean to use an '\\' you can use '\\\\' to escape it")
    }

    static func endOfLineCanNotBeEscaped(_ expression: String) -> Self {
        let index = expression.unicodeScalars.count - 1
        return located(
            expression, at: index, pointer: pointer(at: index),
            problem: "The end of line can not be escaped",
            hint: "You can use '\\\\' to escape the '\\'")
    }

    static func missingEndToken(_ expression: String, begin: Token.Kind, end: Token.Kind, current: Token) -> Self {
        located(
            expression, at: current.start, pointer: pointer(at: current),
            problem: "The '\(begin.symbol)' does not have a matching '\(end.symbol)'",
            hint:
                "If you did not intend to use \(begin.purpose) you can use '\\\(begin.symbol)' to escape the \(begin.purpose)"
        )
    }

    static func alternationNotAllowedInOptional(_ expression: String, current: Token) -> Self {
        located(
            expression, at: current.start, pointer: pointer(at: current),
            problem: "An alternation can not be used inside an optional",
            hint:
                "If you did not mean to use an alternation you can use '\\/' to escape the '/'. Otherwise rephrase your expression or consider using a regular expression instead."
        )
    }

    static func invalidParameterTypeName(_ expression: String, token: Token) -> Self {
        located(
            expression, at: token.start, pointer: pointer(at: token),
            problem: "Parameter names may not contain '{', '}', '(', ')', '\\' or '/'",
            hint: "Did you mean to use a regular expression?")
    }

    static func alternativeMayNotBeEmpty(_ expression: String, node: Node) -> Self {
        located(
            expression, at: node.start, pointer: pointer(at: node),
            problem: "Alternative may not be empty",
            hint: "If you did not mean to use an alternative you can use '\\/' to escape the '/'")
    }

    static func parameterIsNotAllowedInOptional(_ expression: String, node: Node) -> Self {
        located(
            expression, at: node.start, pointer: pointer(at: node),
            problem: "An optional may not contain a parameter type",
            hint: "If you did not mean to use an parameter type you can use '\\{' to escape the '{'")
    }

    static func optionalIsNotAllowedInOptional(_ expression: String, node: Node) -> Self {
        located(
            expression, at: node.start, pointer: pointer(at: node),
            problem: "An optional may not contain an other optional",
            hint:
                "If you did not mean to use an optional type you can use '\\(' to escape the '('. For more complicated expressions consider using a regular expression instead."
        )
    }

    static func optionalMayNotBeEmpty(_ expression: String, node: Node) -> Self {
        located(
            expression, at: node.start, pointer: pointer(at: node),
            problem: "An optional must contain some text",
            hint: "If you did not mean to use an optional you can use '\\(' to escape the '('")
    }

    static func alternativeMayNotExclusivelyContainOptionals(_ expression: String, node: Node) -> Self {
        located(
            expression, at: node.start, pointer: pointer(at: node),
            problem: "An alternative may not exclusively contain optionals",
            hint: "If you did not mean to use an optional you can use '\\(' to escape the '('")
    }

    static func undefinedParameterType(_ expression: String, node: Node, name: String) -> Self {
        let error = located(
            expression, at: node.start, pointer: pointer(at: node),
            problem: "Undefined parameter type '\(name)'",
            hint: "Please register a ParameterType for '\(name)'")
        return CucumberExpressionError(message: error.message, undefinedParameterType: name)
    }

    private static func located(
        _ expression: String, at index: Int, pointer: String, problem: String, hint: String
    ) -> Self {
        CucumberExpressionError(
            message: """
                This Cucumber Expression has a problem at column \(index + 1):

                \(expression)
                \(pointer)
                \(problem).
                \(hint)
                """)
    }

    /// A caret under `index`.
    private static func pointer(at index: Int) -> String {
        String(repeating: " ", count: max(index, 0)) + "^"
    }

    /// A caret under the first column of `span` and, for a longer span, `-` up to a
    /// second caret under its last column.
    private static func pointer(at span: some Located) -> String {
        var pointer = pointer(at: span.start)
        if span.start + 1 < span.end {
            pointer += String(repeating: "-", count: span.end - span.start - 2) + "^"
        }
        return pointer
    }
}
