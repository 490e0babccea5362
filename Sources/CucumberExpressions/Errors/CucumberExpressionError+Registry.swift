/// The reference implementation's messages for parameter types that cannot be defined
/// or cannot be told apart.
extension CucumberExpressionError {
    static func illegalParameterTypeName(_ name: String) -> Self {
        CucumberExpressionError(
            message:
                "Illegal character in parameter name {\(name)}. Parameter names may not contain '{', '}', '(', ')', '\\' or '/'"
        )
    }

    static func duplicateParameterTypeName(_ name: String) -> Self {
        if name.isEmpty {
            return CucumberExpressionError(message: "The anonymous parameter type has already been defined")
        }
        return CucumberExpressionError(message: "There is already a parameter type with name \(name)")
    }

    static func twoPreferentialParameterTypes(regexp: String, first: String, second: String) -> Self {
        CucumberExpressionError(
            message:
                "There can only be one preferential parameter type per regexp. The regexp /\(regexp)/ is used for two preferential parameter types, {\(first)} and {\(second)}"
        )
    }

    /// The reference asks at match time and suggests expressions for the step text; a
    /// regular expression is checked here when it is compiled, before any text exists.
    static func ambiguousParameterType(
        regexp: String, expressionRegexp: String, candidates: [ParameterType]
    ) -> Self {
        let names = candidates.map { "{\($0.name)}" }.joined(separator: ", ")
        return CucumberExpressionError(
            message: """
                Your Regular Expression /\(expressionRegexp)/
                matches multiple parameter types with regexp /\(regexp)/:
                   \(names)

                I couldn't decide which one to use. You have two options:

                1) Use a Cucumber Expression instead of a Regular Expression.

                2) Make one of the parameter types preferential and continue to use a Regular Expression.

                """)
    }
}
