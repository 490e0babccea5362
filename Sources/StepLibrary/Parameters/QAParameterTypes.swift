import CucumberExpressions

/// The custom parameter types of steps.md: `{yen}`, `{time}`, `{method}`, `{field}`, `{screen}`.
///
/// `{method}`, `{field}` and `{screen}` match ordinary words (`cash`, `total`, `cart`), so
/// they are not proposed in snippets: a typo'd `I add "Latte" in the cart` should suggest
/// `I add {string} in the cart`, not `… in the {screen}`.
public enum QAParameterTypes {
    /// Why a matched parameter could not be turned into its value.
    struct Unreadable: Error, CustomStringConvertible {
        var type: String
        var text: String
        var description: String { "{\(type)}: cannot read \"\(text)\"" }
    }

    /// All five, ready for `StepRegistry.defineParameterType`.
    public static var all: [ParameterType] { [yen, time, method, field, screen] }

    public static let yen = ParameterType(name: "yen", regexps: [YenAmount.pattern]) { groups in
        try YenAmount.parse(whole(groups))
    }

    public static let time = ParameterType(name: "time", regexps: [ClockTime.pattern]) { groups in
        try ClockTime.parse(whole(groups))
    }

    public static let method = ParameterType(
        name: "method", regexps: [PaymentMethod.pattern], useForSnippets: false
    ) { groups in
        let text = whole(groups)
        guard let method = PaymentMethod(written: text) else { throw Unreadable(type: "method", text: text) }
        return method
    }

    public static let field = ParameterType(
        name: "field", regexps: [DisplayField.pattern], useForSnippets: false
    ) { groups in
        let text = whole(groups)
        guard let field = DisplayField(written: text) else { throw Unreadable(type: "field", text: text) }
        return field
    }

    public static let screen = ParameterType(
        name: "screen", regexps: [DisplayScreen.pattern], useForSnippets: false
    ) { groups in
        let text = whole(groups)
        guard let screen = DisplayScreen(written: text) else { throw Unreadable(type: "screen", text: text) }
        return screen
    }

    /// The patterns have no capture groups, so the transform gets the whole match.
    private static func whole(_ groups: [String?]) -> String { groups.compactMap { $0 }.first ?? "" }
}
