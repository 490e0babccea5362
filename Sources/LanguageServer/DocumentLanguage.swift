import Foundation
import Gherkin

/// A feature file's Gherkin language: its `# language: xx` line among the comments and
/// blank lines at its top, else English, as the parser reads it.
enum DocumentLanguage {
    static func of(_ lines: [Substring]) -> GherkinDialect {
        for (index, line) in lines.enumerated() {
            // A byte-order mark opens the file, before its first line's text.
            let trimmed = (index == 0 && line.first == "\u{FEFF}" ? line.dropFirst() : line).unindented
            if trimmed.isEmpty { continue }
            guard trimmed.first == "#" else { break }
            let comment = trimmed.dropFirst().unindented
            guard comment.hasPrefix("language") else { continue }
            let rest = comment.dropFirst("language".count).unindented
            guard rest.first == ":" else { continue }
            return GherkinDialect.named(rest.dropFirst().trimmingCharacters(in: .whitespaces)) ?? .english
        }
        return .english
    }

    /// The step keyword `line` starts with (as written, `Given ` or `前提`) and where the
    /// step's text starts, in the line's characters; nil for a line that is no step.
    static func stepKeyword(of line: Substring, in dialect: GherkinDialect) -> (keyword: String, textStart: Int)? {
        let indent = line.indentation.count
        let rest = line.dropFirst(indent)
        let keywords = dialect.stepKeywords.sorted { $0.count > $1.count }
        guard let keyword = keywords.first(where: { rest.hasPrefix($0) }) else { return nil }
        var start = indent + keyword.count
        // `Given` typed without its space yet, or `前提 ` with one.
        start += line.dropFirst(start).prefix(while: { $0 == " " }).count
        return (keyword, start)
    }
}

extension Substring {
    /// The white space the line starts with: spaces, tabs, and any other Gherkin takes as
    /// indentation (the full-width space an input method types).
    var indentation: Substring { prefix(while: \.isIndentation) }

    var unindented: Substring { drop(while: \.isIndentation) }
}

extension Character {
    var isIndentation: Bool { isWhitespace && !isNewline }
}
