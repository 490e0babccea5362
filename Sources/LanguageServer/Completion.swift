import Foundation
import Gherkin
import StepLibrary
import Wire

/// What `textDocument/completion` offers at a place: on a step line, the catalogue's steps
/// of the file's language as snippets (a placeholder for each parameter, the words a
/// `{screen}`, `{field}` or `{method}` takes as a choice), and inside the quotes of a
/// rejection step the codes; at the start of a line, the language's keywords.
enum Completion {
    static func items(lines: [Substring], line: Int, character: Int) -> [JSONValue] {
        guard line >= 0, line < lines.count else { return [] }
        let dialect = DocumentLanguage.of(lines)
        let language = dialect.language == "ja" ? "ja" : "en"
        let text = lines[line]
        let before = Substring(String(text.utf16.prefix(character)) ?? String(text))
        if let codes = codeItems(before: before, language: language) { return codes }
        guard let step = DocumentLanguage.stepKeyword(of: before, in: dialect), step.textStart <= before.count
        else { return keywordItems(dialect, before: before, line: line) }
        let startUnit = before.prefix(step.textStart).utf16.count
        let range: JSONValue = .object([
            "start": ProblemRange.position(line: line, character: startUnit),
            "end": ProblemRange.position(line: line, character: before.utf16.count),
        ])
        return EditorCatalogue.steps(language).enumerated().map { order, entry in
            var documentation = entry.example
            if let table = entry.table { documentation += "\n  " + table }
            return .object([
                "label": .string(entry.expression),
                "kind": 15,
                "detail": .string(entry.example),
                "documentation": .string(documentation),
                "sortText": .string(String(format: "%04d", order)),
                "filterText": .string(entry.expression),
                "insertTextFormat": 2,
                "textEdit": .object(["range": range, "newText": .string(snippet(entry.expression, language))]),
            ])
        }
    }

    /// The expression as a snippet: `{int}` becomes `${1:int}`, `{string}` a quoted
    /// placeholder, a parameter with a list of words a choice among them.
    static func snippet(_ expression: String, _ language: String) -> String {
        var out = ""
        var number = 0
        var rest = Substring(expression)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += escaped(rest[..<open])
            let name = String(rest[rest.index(after: open)..<close])
            number += 1
            if let words = EditorCatalogue.values(of: name, language) {
                out += "${\(number)|" + words.joined(separator: ",") + "|}"
            } else if name == "string" {
                out += language == "ja" ? "「${\(number):…}」" : "\"${\(number)}\""
            } else {
                out += "${\(number):\(name)}"
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + escaped(rest) + "$0"
    }

    private static func escaped(_ text: Substring) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "$", with: "\\$")
            .replacingOccurrences(of: "}", with: "\\}")
    }

    /// The rejection codes, when the place is inside the quotes of `it is rejected with "`
    /// (or `「…」で拒否される`).
    private static func codeItems(before: Substring, language: String) -> [JSONValue]? {
        let english = before.range(of: "rejected with \"", options: .backwards)
        let japanese = before.range(of: "「", options: .backwards)
        guard let opening = english ?? japanese else { return nil }
        let typed = before[opening.upperBound...]
        guard !typed.contains("\""), !typed.contains("」") else { return nil }
        if english == nil, !before.contains("拒否"), language != "ja" { return nil }
        return EditorCatalogue.rejectionCodes(language).map { code in
            .object([
                "label": .string(code.code), "kind": 20, "detail": .string(code.meaning),
                "documentation": .string(code.meaning),
            ])
        }
    }

    /// The keywords of the file's language, at the start of a line.
    private static func keywordItems(_ dialect: GherkinDialect, before: Substring, line: Int) -> [JSONValue] {
        guard before.allSatisfy({ $0.isLetter || $0 == " " || $0 == "\t" || $0 == "*" }) else { return [] }
        let blocks = [
            dialect.feature, dialect.rule, dialect.background, dialect.scenario, dialect.scenarioOutline,
            dialect.examples,
        ].flatMap { $0.map { $0 + ":" } }
        var seen: Set<String> = []
        let words = (dialect.stepKeywords + blocks).filter { $0.trimmingCharacters(in: .whitespaces) != "*" }
        return words.filter { seen.insert($0).inserted }.map { word in
            .object([
                "label": .string(word.trimmingCharacters(in: .whitespaces)), "kind": 14,
                "insertText": .string(word),
            ])
        }
    }
}
