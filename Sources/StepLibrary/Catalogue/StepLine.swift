import CucumberExpressions
import Wire

/// A step of the library as a line of a scenario, for what writes scenarios (`spec-run
/// explore`, the register page's recorder): the step named by its English expression, in
/// either language, plain or in its try form, its parameters filled in. Each wording
/// stays in its definition (`StepBook`), so a step reworded there is written reworded.
public enum StepLine {
    /// A parameter's value, written as a step writes it in the line's language.
    public enum Value: Sendable {
        /// `"Latte"` (`'…'` when the text holds `"`), `「ラテ」` (`"…"` when it holds `」`).
        case string(String)
        case int(Int)
        /// `¥1,200`.
        case yen(Int)
        case method(PaymentMethod)
        /// A `data-screen` value: `cart`, `カート`.
        case screen(String)
        /// A `data-field` value: `subtotal`, `小計`.
        case field(String)
        /// Minutes after midnight: `09:30`.
        case time(Int)
        /// A `{float}`: `1200`, `1212.5`.
        case float(Double)
    }

    /// The step whose English plain expression is `english`, in `language` (its try form
    /// with `trying`), each parameter filled with the next value of its type. An optional
    /// part (`update(s)`) is written unless an `{int}` value is 1. The step must be one the
    /// library defines, with a try form when `trying`; anything else is a programming error.
    public static func text(
        _ english: String, trying: Bool = false, in language: StepLanguage, _ values: [Value] = []
    ) -> String {
        guard let number = steps[english],
            let expression = expressions[language]?[number + (trying ? 1 : 0)]
        else { preconditionFailure("no step \"\(english)\"\(trying ? " with a try form" : "") in the library") }
        var queue = values.map { $0.written(language) }
        let one = values.contains { if case .int(1) = $0 { true } else { false } }
        let written = try? ExpressionText.writeOut(expression, optionalParts: !one) { name in
            guard let index = queue.firstIndex(where: { $0.type == name }) else { return "{\(name)}" }
            return queue.remove(at: index).text
        }
        return written ?? expression
    }

    /// Each English plain expression's step number (`CatalogueEntry.step`); a try form is
    /// the number after its plain form's.
    private static let steps: [String: Int] = Dictionary(
        QAStepLibrary.definitions.entries.filter { $0.language == .en && $0.kind != .try }.map {
            ($0.expression, $0.step)
        },
        uniquingKeysWith: { first, _ in first })

    /// Each language's expressions by step number.
    private static let expressions = Dictionary(grouping: QAStepLibrary.definitions.entries, by: \.language).mapValues {
        Dictionary($0.map { ($0.step, $0.expression) }, uniquingKeysWith: { first, _ in first })
    }
}

extension StepLine.Value {
    /// The parameter type the value fills (`string`, `yen`, …) and the value as a step in
    /// `language` writes it.
    func written(_ language: StepLanguage) -> (type: String, text: String) {
        switch self {
        case .string(let text):
            if language == .ja, !text.contains("」") { return ("string", "「\(text)」") }
            return ("string", text.contains("\"") ? "'\(text)'" : "\"\(text)\"")
        case .int(let number): return ("int", String(number))
        case .yen(let amount): return ("yen", YenText.format(amount))
        case .method(let method): return ("method", method.written(language))
        case .screen(let screen): return ("screen", DisplaySnapshot.screenName(screen, language))
        case .field(let field): return ("field", DisplaySnapshot.fieldName(field, language))
        case .time(let minutes): return ("time", ClockTime.text(minutes))
        case .float(let number): return ("float", CalendarLayout.format(number))
        }
    }
}
