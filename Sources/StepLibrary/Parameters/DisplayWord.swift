import CucumberExpressions
import Wire

/// A word of the customer display QA writes in English (its raw value) or in Japanese
/// (the display's own label): a `{field}` or a `{screen}`.
protocol DisplayWord: RawRepresentable<String>, CaseIterable, Sendable {
    var japaneseName: String { get }
}

extension DisplayWord {
    /// The parameter's regular expression: every English name, then every Japanese one.
    static var pattern: String {
        allCases.map(\.rawValue).joined(separator: "|") + "|" + allCases.map(\.japaneseName).joined(separator: "|")
    }

    init?(written text: String) {
        guard let word = Self(rawValue: text) ?? Self.allCases.first(where: { $0.japaneseName == text }) else {
            return nil
        }
        self = word
    }

    /// The `{name}` parameter type, which names its words in the hint of a value it cannot read.
    static func parameterType(name: String) -> ParameterType {
        let english = allCases.map(\.rawValue)
        let japanese = allCases.map(\.japaneseName)
        return ParameterType(
            name: name, regexps: [pattern], useForSnippets: false,
            valueHint: "one of " + english.joined(separator: ", ") + " / " + japanese.joined(separator: ", "),
            localizedValueHints: [
                "ja": japanese.joined(separator: "、") + " のいずれか。英語では " + english.joined(separator: ", ")
            ],
            valueTypeName: "\(Self.self)"
        ) { groups in
            let text = QAParameterTypes.whole(groups)
            guard let word = Self(written: text) else { throw QAParameterTypes.Unreadable(type: name, text: text) }
            return word
        }
    }
}

/// A field of the customer display, by its English or Japanese name, as `data-field`.
public enum DisplayField: String, Sendable, CaseIterable, DisplayWord {
    case subtotal, discount, points, total, paid, remaining, change, refund

    /// The Japanese name QA writes (the display's own label, shortened).
    public var japaneseName: String {
        switch self {
        case .subtotal: return "小計"
        case .discount: return "割引"
        case .points: return "ポイント"
        case .total: return "合計"
        case .paid: return "お預かり"
        case .remaining: return "残り"
        case .change: return "お釣り"
        case .refund: return "返金"
        }
    }
}

/// A customer-display screen by its English or Japanese name, as QA writes it.
extension DisplayScreen: DisplayWord {
    /// The Japanese name QA writes.
    var japaneseName: String {
        switch self {
        case .welcome: return "ようこそ"
        case .cart: return "カート"
        case .payment: return "お支払い"
        case .partial: return "一部支払い"
        case .complete: return "完了"
        case .refund: return "返金"
        }
    }
}
