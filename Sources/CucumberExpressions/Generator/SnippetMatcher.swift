import Foundation

/// Finds where one regexp of a parameter type occurs in an undefined step's text, as a
/// whole word, for the snippet generator.
struct SnippetMatcher: Sendable {
    let type: ParameterType
    private let regex: NSRegularExpression

    /// A match in UTF-16 offsets, ordered leftmost first, then longest first.
    struct Occurrence: Comparable {
        let start: Int
        let length: Int
        let type: ParameterType

        static func < (left: Occurrence, right: Occurrence) -> Bool {
            left.start != right.start ? left.start < right.start : left.length > right.length
        }

        static func == (left: Occurrence, right: Occurrence) -> Bool {
            left.start == right.start && left.length == right.length
        }
    }

    /// Nil when `regexp` does not compile (the registry has already refused such types).
    init?(type: ParameterType, regexp: String) {
        guard let regex = try? NSRegularExpression(pattern: "(" + regexp + ")") else { return nil }
        self.type = type
        self.regex = regex
    }

    /// The first non-empty match in `position..<end` with a word boundary on both sides
    /// (the boundaries are those of the whole text). The matches are enumerated until the
    /// first that stands as a word, not all listed up to `end`.
    func firstOccurrence(in text: String, utf16 units: [UInt16], from position: Int, to end: Int) -> Occurrence? {
        var found: Occurrence?
        let range = NSRange(location: position, length: end - position)
        regex.enumerateMatches(in: text, range: range) { match, _, stop in
            guard let match, match.range.length > 0 else { return }
            let start = match.range.location
            if WordBoundary.isBefore(start, in: units) && WordBoundary.isAfter(start + match.range.length, in: units) {
                found = Occurrence(start: start, length: match.range.length, type: type)
                stop.pointee = true
            }
        }
        return found
    }
}
