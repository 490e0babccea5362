import SpecRunner
import Wire

/// Ranges in LSP's units (a 0-based line, columns in UTF-16 code units), and where an
/// editor underlines a problem: the line's written text (from the column the advice
/// names, when it names one).
enum ProblemRange {
    static func diagnostic(_ problem: DocumentProblem, lines: [Substring]) -> JSONValue {
        let number = min(max(problem.line - 1, 0), max(lines.count - 1, 0))
        let line = lines.isEmpty ? Substring("") : lines[number]
        var start = line.utf16.count - line.unindented.utf16.count
        // An advice's column counts Unicode scalars, as Gherkin's do (`👍🏽` is two).
        if let column = problem.column, column > 1 {
            start = max(start, line.unicodeScalars.prefix(column - 1).reduce(0) { $0 + $1.utf16.count })
        }
        let trailing = line.reversed().prefix(while: \.isIndentation).map(\.utf16.count).reduce(0, +)
        let end = max(line.utf16.count - trailing, start)
        return .object([
            "range": range(line: number, from: start, to: end),
            "severity": problem.severity == .error ? 1 : 2,
            "source": "spec-run",
            "message": .string(problem.message),
        ])
    }

    /// Columns `start..<end` of line `line`.
    static func range(line: Int, from start: Int, to end: Int) -> JSONValue {
        .object([
            "start": .object(["line": JSONValue(line), "character": JSONValue(start)]),
            "end": .object(["line": JSONValue(line), "character": JSONValue(end)]),
        ])
    }

    /// A text edit replacing columns `start..<end` of line `line` with `newText`.
    static func edit(line: Int, from start: Int, to end: Int, newText: String) -> JSONValue {
        .object(["range": range(line: line, from: start, to: end), "newText": .string(newText)])
    }
}
