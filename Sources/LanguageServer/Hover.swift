import Foundation
import Gherkin
import SpecRunner
import StepLibrary
import Wire

/// What `textDocument/hover` shows: on a rejection code, its meaning; on a step, its
/// catalogue entry (expression, example, table) in the file's language.
enum Hover {
    static func contents(lines: [Substring], line: Int, character: Int, check: DocumentCheck) -> JSONValue {
        guard line >= 0, line < lines.count else { return .null }
        let dialect = DocumentLanguage.of(lines)
        let language = dialect.language == "ja" ? "ja" : "en"
        let text = lines[line]
        if let word = word(in: text, at: character),
            let code = EditorCatalogue.rejectionCodes(language).first(where: { $0.code == word })
        {
            return markdown("`\(code.code)`: \(code.meaning)")
        }
        guard let step = DocumentLanguage.stepKeyword(of: text, in: dialect) else { return .null }
        let stepText = String(text.dropFirst(step.textStart)).trimmingCharacters(in: .whitespaces)
        guard
            let expression = check.expression(of: stepText)
                ?? filled(stepText, lines: lines, below: line, dialect: dialect).flatMap(check.expression(of:))
        else { return .null }
        let entries = EditorCatalogue.steps(language) + EditorCatalogue.steps(language == "ja" ? "en" : "ja")
        guard let entry = entries.first(where: { $0.expression == expression }) else {
            return markdown("`\(expression)`")
        }
        let example = RunnerWording.of(language: dialect.language).example
        var value = "`\(entry.expression)`\n\n\(example):\n\n    \(entry.example)"
        if let table = entry.table { value += "\n      \(table)" }
        if let optional = entry.optionalNote { value += "\n      \(optional)" }
        return markdown(value)
    }

    /// An outline's step with its `<placeholders>` filled from its first Examples row: the
    /// step as its first run writes it. Nil without placeholders or Examples below.
    private static func filled(_ text: String, lines: [Substring], below line: Int, dialect: GherkinDialect) -> String?
    {
        guard text.contains("<") else { return nil }
        let scenarios = dialect.scenario + dialect.scenarioOutline + dialect.rule + dialect.feature
        var index = line + 1
        while index < lines.count {
            let written = lines[index].unindented
            if scenarios.contains(where: { written.hasPrefix($0 + ":") }) { return nil }
            index += 1
            if dialect.examples.contains(where: { written.hasPrefix($0 + ":") }) { break }
        }
        let rows = lines[min(index, lines.count)...].drop { $0.unindented.isEmpty || $0.unindented.hasPrefix("#") }
        guard let header = rows.first, TableFormat.isRow(header), let values = rows.dropFirst().first,
            TableFormat.isRow(values)
        else { return nil }
        var filled = text
        for (name, value) in zip(TableFormat.cells(header), TableFormat.cells(values)) {
            filled = filled.replacingOccurrences(of: "<\(name)>", with: value)
        }
        return filled
    }

    private static func markdown(_ value: String) -> JSONValue {
        .object(["contents": .object(["kind": "markdown", "value": .string(value)])])
    }

    /// The run of letters and digits around UTF-16 column `character`.
    private static func word(in line: Substring, at character: Int) -> String? {
        func isWordy(_ character: Character) -> Bool { character.isASCII && (character.isLetter || character.isNumber) }
        let characters = Array(line)
        var units = 0
        // The character whose UTF-16 units hold the column.
        let index = characters.firstIndex {
            units += $0.utf16.count
            return units > character
        }
        guard let index, isWordy(characters[index]) else { return nil }
        let start = characters[..<index].lastIndex { !isWordy($0) }.map { $0 + 1 } ?? 0
        let end = characters[index...].firstIndex { !isWordy($0) } ?? characters.count
        return String(characters[start..<end])
    }
}
