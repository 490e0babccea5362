import CucumberExpressions
import Foundation
import Gherkin
import StepLibrary
import Wire

/// What `textDocument/completion` offers at a place: on a step line, the catalogue's steps
/// of the file's language as snippets (a placeholder for each parameter, the words a
/// `{screen}`, `{field}` or `{method}` takes as a choice, the header of the table the step
/// takes unless a table stands under the line already), those the keyword is for first
/// (after `Then` the checks, after `Given` the setup, after `When` the actions; `And` and
/// `But` as the keyword above them); inside the quotes of a rejection step the codes,
/// inside other quotes the file's product names; at the start of a line, the language's
/// keywords.
enum Completion {
    static func items(lines: [Substring], line: Int, character: Int) -> [JSONValue] {
        guard line >= 0, line < lines.count else { return [] }
        let dialect = DocumentLanguage.of(lines)
        let language = dialect.language == "ja" ? "ja" : "en"
        let text = lines[line]
        let before = text[..<text.utf16.index(text.startIndex, column: character, lineEnd: text.endIndex)]
        if let quoted = quotedItems(before: before, lines: lines, line: line, language: language) { return quoted }
        guard let step = DocumentLanguage.stepKeyword(of: before, in: dialect), step.textStart <= before.count
        else { return keywordItems(dialect, before: before, lines: lines, line: line) }
        let startUnit = before.prefix(step.textStart).utf16.count
        // A step is taken whole: the text after the place goes with it (`I ad| "Latte" to the cart`).
        let endUnit = max(before.utf16.count, text.utf16.count - text.reversed().prefix { " \t\r".contains($0) }.count)
        let first = kindsFirst(lines: lines, line: line, keyword: step.keyword, dialect: dialect)
        let indent = String(text.indentation) + "  "
        // A step that has its table already (the text of a step above one being retyped) is
        // completed without a second; blank and comment lines may stand between them.
        let below = lines[(line + 1)...].first { !$0.unindented.isEmpty && !$0.unindented.hasPrefix("#") }
        let hasTable = below.map(TableFormat.isRow) == true
        return EditorCatalogue.steps(language).enumerated().map { order, entry in
            let documentation = entry.example + (entry.table.map { "\n  " + $0 } ?? "")
            var newText = snippet(entry.expression, language)
            if let table = entry.table, !hasTable {
                newText = String(newText.dropLast("$0".count)) + "\n" + indent + table + "\n" + indent + "| $0"
            }
            let rank = first.firstIndex(of: entry.kind) ?? first.count
            return .object([
                "label": .string(entry.expression),
                "kind": 15,
                "detail": .string(entry.example),
                "documentation": .string(documentation),
                "sortText": .string(String(format: "%d%04d", rank, order)),
                "filterText": .string(entry.expression),
                "insertTextFormat": 2,
                "textEdit": ProblemRange.edit(line: line, from: startUnit, to: endUnit, newText: newText),
            ])
        }
    }

    /// The kinds of step the keyword is for, first to last: a `Then`'s checks, a `Given`'s
    /// setup, a `When`'s actions and tries; `And`, `But` and `*` as the step keyword above.
    private static func kindsFirst(lines: [Substring], line: Int, keyword: String, dialect: GherkinDialect)
        -> [StepKind]
    {
        var written = keyword
        var above = line
        while dialect.and.contains(written) || dialect.but.contains(written) || written == "* " {
            above -= 1
            guard above >= 0 else { break }
            if let step = DocumentLanguage.stepKeyword(of: lines[above], in: dialect) { written = step.keyword }
        }
        if dialect.then.contains(written) { return [.check, .try, .action, .setup] }
        if dialect.when.contains(written) { return [.action, .try, .setup, .check] }
        return [.setup, .action, .try, .check]
    }

    /// The expression as a snippet: `{int}` becomes `${1:int}`, `{string}` a quoted
    /// placeholder, a parameter with a list of words a choice among them; an optional part
    /// is written (`update(s)`: `updates`) and an alternation as its first alternative, so
    /// the text inserted is one the step matches.
    static func snippet(_ expression: String, _ language: String) -> String {
        var number = 0
        let written = try? ExpressionText.writeOut(expression, literal: escaped) { name in
            number += 1
            if let words = EditorCatalogue.values(of: name, language) {
                return "${\(number)|" + words.joined(separator: ",") + "|}"
            }
            if name == "string" { return language == "ja" ? "「${\(number):…}」" : "\"${\(number)}\"" }
            return "${\(number):\(name)}"
        }
        return (written ?? escaped(expression)) + "$0"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "$", with: "\\$")
            .replacingOccurrences(of: "}", with: "\\}")
    }

    /// Inside quotes: after `it is rejected with "` the rejection codes; elsewhere the
    /// product names the file's tables hold (each table headed `| name |`), and in
    /// Japanese, where the code comes before `で拒否される`, the codes after them.
    private static func quotedItems(before: Substring, lines: [Substring], line: Int, language: String) -> [JSONValue]?
    {
        let englishOpen = before.filter { $0 == "\"" }.count % 2 == 1
        let japaneseOpen = before.range(of: "「", options: .backwards).map { !before[$0.upperBound...].contains("」") }
        guard englishOpen || japaneseOpen == true else { return nil }
        let after = lines.indices.contains(line) ? lines[line].dropFirst(before.count) : ""
        let codes = EditorCatalogue.rejectionCodes(language).enumerated().map { order, code -> JSONValue in
            .object([
                "label": .string(code.code), "kind": 20, "detail": .string(code.meaning),
                "documentation": .string(code.meaning), "sortText": .string(String(format: "1%04d", order)),
            ])
        }
        if englishOpen, let opening = before.range(of: "\"", options: .backwards),
            before[..<opening.lowerBound].hasSuffix("rejected with ")
        {
            return codes
        }
        // `「…」で拒否される`: the code comes before the words that say so.
        if japaneseOpen == true, after.contains("で拒否される") { return codes }
        let names = productNames(in: lines).map { name -> JSONValue in
            .object(["label": .string(name), "kind": 12, "sortText": .string("0" + name)])
        }
        return japaneseOpen == true ? names + codes : names
    }

    /// The first cells of the rows of every table headed `| name |` (the catalog's).
    static func productNames(in lines: [Substring]) -> [String] {
        var names: [String] = []
        // nil outside a table; in one, whether it is headed `| name |`.
        var inCatalog: Bool?
        for line in lines {
            guard TableFormat.isRow(line) else {
                inCatalog = nil
                continue
            }
            let first = TableFormat.cells(line).first ?? ""
            if inCatalog == nil {
                inCatalog = first == "name"
            } else if inCatalog == true, !first.isEmpty, !names.contains(first) {
                names.append(first)
            }
        }
        return names
    }

    /// The keywords of the file's language, at the start of a line.
    private static func keywordItems(_ dialect: GherkinDialect, before: Substring, lines: [Substring], line: Int)
        -> [JSONValue]
    {
        // Only while the line's first word is typed: prose after a space is no keyword.
        let typed = before.unindented
        guard typed.allSatisfy({ $0.isLetter || $0 == "*" }) else { return [] }
        // Below the Feature line, no second one.
        let hasFeature = lines[..<line].contains { above in
            dialect.feature.contains { above.unindented.hasPrefix($0 + ":") || above.unindented.hasPrefix($0 + "：") }
        }
        let blocks = dialect.blockKeywords.filter { !hasFeature || !dialect.feature.contains($0) }.map { $0 + ":" }
        var seen: Set<String> = []
        let words = (dialect.stepKeywords + blocks).filter { $0.trimmingCharacters(in: .whitespaces) != "*" }
        return words.filter { seen.insert($0).inserted }.map { word in
            // A Japanese step keyword has no space of its own: the step follows a space all the same.
            .object([
                "label": .string(word.trimmingCharacters(in: .whitespaces)), "kind": 14,
                "insertText": .string(word.hasSuffix(" ") || word.hasSuffix(":") ? word : word + " "),
            ])
        }
    }
}
