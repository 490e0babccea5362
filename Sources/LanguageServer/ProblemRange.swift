import SpecRunner
import Wire

/// Where an editor underlines a problem: the line's written text (from the column the
/// advice names, when it names one) in LSP's units, UTF-16 code units.
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
        let range: JSONObject = [
            "start": position(line: number, character: start), "end": position(line: number, character: end),
        ]
        return .object([
            "range": .object(range),
            "severity": problem.severity == .error ? 1 : 2,
            "source": "spec-run",
            "message": .string(problem.message),
        ])
    }

    static func position(line: Int, character: Int) -> JSONValue {
        .object(["line": JSONValue(line), "character": JSONValue(character)])
    }
}
