import Gherkin

/// A step keyword followed by something other than the plain space Gherkin needs after
/// it: a non-breaking space a chat tool pasted (`Given\u{A0}the catalog:`), a tab, a colon
/// (`Given: the catalog:`), or no space at all (`Giventhe catalog:`). Gherkin then reads
/// no step: the line is a description (the first step of a scenario) or a parse error (a
/// later one), and the character to blame cannot be seen.
enum KeywordSpacing {
    struct Reading: Sendable, Equatable {
        /// The keyword as Gherkin knows it, without its space (`Given`).
        var keyword: String
        /// What follows it where the space goes, or nil for nothing.
        var separator: Character?
        /// The step after the keyword.
        var rest: String

        /// The line meant, cut short for a message.
        var shown: String {
            let write = "\(keyword) \(rest)"
            return write.count > 50 ? String(write.prefix(50)) + "…" : write
        }

        /// The separator's name in `names`, else an unusual space by its code point
        /// (`U+2003`); nil for no separator.
        func separatorName(_ names: [Character: String]) -> String? {
            separator.map { names[$0] ?? "an unusual space (U+\($0.unicodeScalars.first?.codePoint ?? "000?"))" }
        }
    }

    /// How `line` was meant, or nil when it does not start with one of `dialect`'s step
    /// keywords that end in a space, followed by anything but that space.
    static func reading(of line: Substring, dialect: GherkinDialect) -> Reading? {
        let text = line.withoutIndent
        let keywords = dialect.stepKeywords.filter { $0.hasSuffix(" ") && $0 != "* " }.map { String($0.dropLast()) }
        for keyword in keywords.sorted(by: { $0.count > $1.count }) where text.hasPrefix(keyword) {
            let after = text.dropFirst(keyword.count)
            guard let first = after.first, first != " " else { continue }
            let colon = first == ":" || first == "："
            let rest = after.dropFirst(colon ? 1 : 0).drop { $0.isWhitespace }.trimming(" \t\r")
            guard !rest.isEmpty else { continue }
            guard colon || first.isWhitespace || first.isLetter || first == "\"" || first == "'" else { continue }
            return Reading(keyword: keyword, separator: colon || first.isWhitespace ? first : nil, rest: String(rest))
        }
        return nil
    }
}

extension Unicode.Scalar {
    /// Its code point in hex, four digits at least (`00A0`).
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
