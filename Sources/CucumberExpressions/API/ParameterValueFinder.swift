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
        let units = Array(text.utf16)
        var values: [Value] = []
        var position = 0
        while position < units.count {
            let occurrences = matchers.compactMap { $0.firstOccurrence(in: text, utf16: units, from: position) }
            guard let best = occurrences.min() else { break }
            var names: [String] = []
            for occurrence in occurrences where occurrence == best && !names.contains(occurrence.type.name) {
                names.append(occurrence.type.name)
            }
            let start = String.Index(utf16Offset: best.start, in: text)
            let end = String.Index(utf16Offset: best.start + best.length, in: text)
            values.append(Value(range: start..<end, typeNames: names))
            position = best.start + best.length
        }
        return values
    }
}
