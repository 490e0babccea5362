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

    /// The first non-empty match at or after `position` with a word boundary on both sides.
    func firstOccurrence(in text: String, utf16 units: [UInt16], from position: Int) -> Occurrence? {
        let range = NSRange(location: position, length: units.count - position)
        for match in regex.matches(in: text, range: range) where match.range.length > 0 {
            let start = match.range.location
            let end = start + match.range.length
            if WordBoundary.isBefore(start, in: units) && WordBoundary.isAfter(end, in: units) {
                return Occurrence(start: start, length: match.range.length, type: type)
            }
        }
        return nil
    }
}
