import CucumberExpressions

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

    /// The word a step wrote (English or Japanese), or nil.
    init?(written text: String) {
        guard let word = Self(rawValue: text) ?? Self.allCases.first(where: { $0.japaneseName == text }) else {
            return nil
        }
        self = word
    }

    /// The `{name}` parameter type, which names its words in the hint of a value it cannot read.
    static func parameterType(name: String, valueTypeName: String) -> ParameterType {
        let english = allCases.map(\.rawValue)
        let japanese = allCases.map(\.japaneseName)
        return ParameterType(
            name: name, regexps: [pattern], useForSnippets: false,
            valueHint: "one of " + english.joined(separator: ", ") + " / " + japanese.joined(separator: ", "),
            localizedValueHints: [
                "ja": japanese.joined(separator: "、") + " のいずれか。英語では " + english.joined(separator: ", ")
            ],
            valueTypeName: valueTypeName
        ) { groups in
            let text = QAParameterTypes.whole(groups)
            guard let word = Self(written: text) else { throw QAParameterTypes.Unreadable(type: name, text: text) }
            return word
        }
    }
}
