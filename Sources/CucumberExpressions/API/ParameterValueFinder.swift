// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// Where values of some parameter types stand in a step's text, as whole words: what
/// "did you mean" compares as the parameter they would fill (`ようこそ` in
/// `…にようこそ画面が表示される` is a `{screen}`, `¥600` a `{yen}`).
///
/// Found as the snippet generator finds its values: from left to right, the leftmost (then
/// longest) match of any of the types; a value several types match names them all.
public struct ParameterValueFinder: Sendable {
    /// One value and the names of the types that match exactly it, in the types' order.
    public struct Value: Sendable, Equatable {
        public var range: Range<String.Index>
        public var typeNames: [String]
    }

    private let matchers: [SnippetMatcher]

    public init(types: [ParameterType]) {
        matchers = types.flatMap { type in type.regexps.compactMap { SnippetMatcher(type: type, regexp: $0) } }
    }

    public func values(in text: String) -> [Value] {
        guard !matchers.isEmpty else { return [] }
        return occurrences(in: text, utf16: Array(text.utf16)).map { found in
            let start = String.Index(utf16Offset: found.start, in: text)
            let end = String.Index(utf16Offset: found.start + found.length, in: text)
            return Value(range: start..<end, typeNames: found.types.map(\.name))
        }
    }

    /// How many characters of a text are searched for values: a step's text is far shorter,
    /// and past this a longer one keeps the rest as written (literal text in a snippet). The
    /// types' regular expressions may read the whole rest of the text from each position
    /// (`{float}` looks ahead for a digit), so a search without a bound takes time that grows
    /// with the square of the text's length.
    public static let searchedLength = 1000

    /// Each value in UTF-16 offsets, with every type that matches exactly it (once each,
    /// in the order the types were given); values are looked for in the text's first
    /// `searchedLength` characters.
    func occurrences(in text: String, utf16 units: [UInt16]) -> [(start: Int, length: Int, types: [ParameterType])] {
        var found: [(start: Int, length: Int, types: [ParameterType])] = []
        var position = 0
        let end =
            text.index(text.startIndex, offsetBy: Self.searchedLength, limitedBy: text.endIndex)?.utf16Offset(
                in: text) ?? units.count
        while position < end {
            let occurrences = matchers.compactMap {
                $0.firstOccurrence(in: text, utf16: units, from: position, to: end)
            }
            guard let best = occurrences.min() else { break }
            var types: [ParameterType] = []
            for occurrence in occurrences where occurrence == best {
                if !types.contains(where: { $0.name == occurrence.type.name }) { types.append(occurrence.type) }
            }
            found.append((best.start, best.length, types))
            position = best.start + best.length
        }
        return found
    }
}
