import CucumberExpressions

/// Custom parameter types like the step library's, for our own cases.
enum Fixtures {
    /// `{yen}`: `¥1,200`, `¥1200`, `1,200円`, `1200 yen`, and negative `-¥100`, `-100円`.
    /// Two groups per regexp (sign, digits), six in all: the transform sees the pair of
    /// the alternative that matched.
    static let yen = ParameterType(
        name: "yen",
        regexps: [#"(-?)¥(\d{1,3}(?:,\d{3})+|\d+)"#, #"(-?)(\d{1,3}(?:,\d{3})+|\d+)円"#, #"(-?)(\d+) yen"#],
        transform: { groups in
            let pairs = stride(from: 0, to: groups.count - 1, by: 2).map { (groups[$0], groups[$0 + 1]) }
            guard let (sign, digits) = pairs.first(where: { $0.1 != nil }), let digits,
                let amount = Int(digits.filter { $0 != "," })
            else {
                throw CucumberExpressionError(message: "not an amount of yen: \(groups)")
            }
            return sign == "-" ? -amount : amount
        })

    /// `{method}`: a payment method, in English or Japanese.
    static let method = ParameterType(
        name: "method", regexps: ["cash|card|QR", "現金|カード|QR決済"], transform: { $0.first ?? nil })

    static func registry(_ types: ParameterType...) throws -> ParameterTypeRegistry {
        var registry = ParameterTypeRegistry()
        for type in types {
            try registry.define(type)
        }
        return registry
    }

    /// The values of a match as JSON, or nil when the text does not match.
    static func values(_ expression: some StepExpression, _ text: String) throws -> [JSONValue]? {
        try expression.match(text).map { arguments in
            try arguments.map { JSONValue.of(try $0.value()) ?? .string("<not JSON>") }
        }
    }
}
