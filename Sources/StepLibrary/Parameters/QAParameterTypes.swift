import CucumberExpressions
import Wire

/// The custom parameter types of steps.md: `{yen}`, `{time}`, `{method}`, `{field}`, `{screen}`;
/// and `{int}` with thousands separators, for the library's other wordings.
///
/// `{method}`, `{field}` and `{screen}` match ordinary words (`cash`, `total`, `cart`), so
/// they are not proposed in snippets: a typo'd `I add "Latte" in the cart` should suggest
/// `I add {string} in the cart`, not `… in the {screen}`.
enum QAParameterTypes {
    /// Why a matched parameter could not be turned into its value.
    struct Unreadable: Error, CustomStringConvertible {
        var type: String
        var text: String
        var description: String { "{\(type)}: cannot read \"\(text)\"" }
    }

    /// All five, and the `{int}` of the other wordings, ready for
    /// `StepRegistry.defineParameterType`.
    static var all: [ParameterType] { [yen, time, method, field, screen, groupedInt] }

    /// `{int}` as the library's other wordings of a step take it (`OtherWordings`): also
    /// with thousands separators, `1,000` as `{yen}` takes `¥1,000`. Its own name is never
    /// written in a feature: the catalogue says `{int}`.
    static let groupedInt = ParameterType(
        name: GroupedInteger.typeName, regexps: [GroupedInteger.pattern], useForSnippets: false,
        valueHint: "a whole number, such as 3, -12 or 1,000", localizedValueHints: ["ja": "3、-12、1,000 のような整数"],
        valueTypeName: "Int"
    ) { groups in
        try GroupedInteger.parse(whole(groups))
    }

    static let yen = ParameterType(
        name: "yen", regexps: [YenAmount.pattern], valueHint: "write ¥1,200, ¥1200, 1,200円 or 1200 yen; negative -¥100",
        localizedValueHints: ["ja": "1,200円、¥1,200、¥1200 か 1200 yen と書きます。マイナスは -¥100"], valueTypeName: "Int"
    ) { groups in
        try YenAmount.parse(whole(groups))
    }

    static let time = ParameterType(
        name: "time", regexps: [ClockTime.pattern], valueHint: "write 9:05 or 09:05, up to 24:00",
        localizedValueHints: ["ja": "9:05、09:05、9時5分、10時 か 10時半 と書きます（24:00 まで）"], valueTypeName: "WrittenTime"
    ) { groups in
        try ClockTime.read(whole(groups))
    }

    static let method = ParameterType(
        name: "method", regexps: [PaymentMethod.pattern], useForSnippets: false,
        valueHint: "one of cash, card, QR / 現金, カード, QR決済",
        localizedValueHints: ["ja": "現金、カード、QR決済 のいずれか。英語では cash, card, QR"], valueTypeName: "PaymentMethod"
    ) { groups in
        let text = whole(groups)
        guard let method = PaymentMethod(written: text) else { throw Unreadable(type: "method", text: text) }
        return method
    }

    static let field = DisplayField.parameterType(name: "field")

    static let screen = DisplayScreen.parameterType(name: "screen")

    /// The patterns have no capture groups, so the transform gets the whole match.
    static func whole(_ groups: [String?]) -> String { groups.compactMap { $0 }.first ?? "" }
}
