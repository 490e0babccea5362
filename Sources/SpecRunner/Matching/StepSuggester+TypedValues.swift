/// The values of the library's own parameter types in a step's text (`ようこそ`, `¥600`),
/// read as the parameters they would fill.
extension StepSuggester {
    /// A value of a value type in the text: the placeholders of the types it could be,
    /// and its own characters (lowercased).
    struct TypedValue {
        var placeholders: [Character]
        var literal: [Character]

        /// Whether a definition takes this value: a parameter of one of its types, or
        /// the value itself written into the definition (`change` in `I change the
        /// quantity of {string} to {int}`, where `change` is also a `{field}`).
        func isTaken(by shape: [Character]) -> Bool {
            placeholders.contains(where: shape.contains)
                || (!literal.isEmpty && shape.indices.contains { shape[$0...].starts(with: literal) })
        }
    }

    /// The text's shape with each value of a value type as that type's placeholder, and
    /// those values; nil when it has none.
    func typedReading(of text: String) -> (shape: [Character], values: [TypedValue])? {
        let found = valueFinder.values(in: text)
        guard !found.isEmpty else { return nil }
        var rewritten = ""
        var position = text.startIndex
        var values: [TypedValue] = []
        for value in found {
            let placeholders = value.typeNames.compactMap { typedPlaceholders[$0] }
            rewritten += text[position..<value.range.lowerBound]
            rewritten.append(placeholders.first ?? Self.placeholder)
            position = value.range.upperBound
            values.append(TypedValue(placeholders: placeholders, literal: Array(text[value.range].lowercased())))
        }
        rewritten += text[position...]
        return (Self.shape(ofText: rewritten), values)
    }
}
