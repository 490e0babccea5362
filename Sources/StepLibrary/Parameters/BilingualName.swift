/// A name QA writes in English (its raw value) or in Japanese (`japaneseName`): a field or
/// a screen of the customer display.
protocol BilingualName: CaseIterable, RawRepresentable<String>, Sendable {
    /// The Japanese name QA writes.
    var japaneseName: String { get }
}

extension BilingualName {
    /// The parameter's regular expression: the English names, then the Japanese ones.
    static var pattern: String {
        allCases.map(\.rawValue).joined(separator: "|") + "|" + allCases.map(\.japaneseName).joined(separator: "|")
    }

    /// The value a step wrote (English or Japanese), or nil.
    init?(written text: String) {
        guard let value = Self(rawValue: text) ?? Self.allCases.first(where: { $0.japaneseName == text }) else {
            return nil
        }
        self = value
    }
}
