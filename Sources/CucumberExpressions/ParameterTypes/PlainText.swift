/// The value of a type that keeps its match as text (`{word}`, `{}`, a plain regex group).
enum PlainText {
    /// The text itself, so that the value's dynamic type is `String`; a nil `String?`
    /// when the group took no part.
    static func value(_ text: String?) -> any Sendable {
        guard let text else { return String?.none as any Sendable }
        return text
    }
}
