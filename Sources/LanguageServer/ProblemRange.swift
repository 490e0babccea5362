import SpecRunner
import Wire

/// Where an editor underlines a problem: the line's written text (from the column the
/// advice names, when it names one) in LSP's units, UTF-16 code units. Its positions,
/// ranges and text edits are the ones every reply of the language server writes.
enum ProblemRange {
    static func diagnostic(_ problem: DocumentProblem, lines: [Substring]) -> JSONValue {
        let number = min(max(problem.line - 1, 0), max(lines.count - 1, 0))
        let line = lines.isEmpty ? Substring("") : lines[number]
        let written = line.drop(while: { $0 == " " || $0 == "\t" })
        var start = line.utf16.count - written.utf16.count
        if let column = problem.column, column > 1 {
            let prefix = line.prefix(column - 1)
            start = max(start, prefix.utf16.count)
        }
        var end = line.utf16.count
        for character in line.reversed() {
            guard character == " " || character == "\t" else { break }
            end -= character.utf16.count
        }
        end = max(end, start)
        return .object([
            "range": range(line: number, from: start, to: end),
            "severity": problem.severity == .error ? 1 : 2,
            "source": "spec-run",
            "message": .string(problem.message),
        ])
    }

    static func position(line: Int, character: Int) -> JSONValue {
        .object(["line": JSONValue(line), "character": JSONValue(character)])
    }

    /// The columns `start..<end` of one line, in UTF-16 code units.
    static func range(line: Int, from start: Int, to end: Int) -> JSONValue {
        .object(["start": position(line: line, character: start), "end": position(line: line, character: end)])
    }

    /// The edit that writes `newText` over the columns `start..<end` of one line.
    static func textEdit(line: Int, from start: Int, to end: Int, newText: String) -> JSONValue {
        .object(["range": range(line: line, from: start, to: end), "newText": .string(newText)])
    }
}
