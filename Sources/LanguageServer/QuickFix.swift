import Foundation
import Gherkin
import SpecRunner
import Wire

/// The quick fixes `textDocument/codeAction` offers for the lines of a range: a table
/// written with full-width bars `｜` and a keyword with a full-width colon `：` get their
/// ASCII signs; a file written in Japanese without its `# language: ja` line gets it; an
/// undefined step whose closest step is known with its values (`problems`) is replaced by it.
enum QuickFix {
    static func actions(
        uri: String, lines: [Substring], from first: Int, to last: Int, problems: [DocumentProblem] = [],
        lineEnd: String = "\n"
    ) -> [JSONValue] {
        var actions: [JSONValue] = []
        let dialect = DocumentLanguage.of(lines)
        let japanese = GherkinDialect.named("ja")
        // Offered where the file starts or its Feature line stands, not on every line; not
        // when a `＃ language:` line is there to mend (below).
        let featureLine = lines.firstIndex { line in
            japanese?.feature.contains { line.unindented.hasPrefix($0) } == true
        }
        let writtenInJapanese = dialect.language == "en" && featureLine != nil
        let missesLanguageLine =
            writtenInJapanese
            && featureLine.map { [0, $0].contains { (first...max(first, last)).contains($0) } } == true
            && lines.first?.unindented.hasPrefix("＃") != true
        // A file written in Japanese without its language line (or with one to mend) is
        // titled in Japanese too.
        let wording = RunnerWording.of(language: writtenInJapanese ? "ja" : dialect.language)
        if missesLanguageLine {
            // With the file's own line end: a Windows file's is CR LF.
            let edit = ProblemRange.edit(line: 0, from: 0, to: 0, newText: "# language: ja" + lineEnd)
            actions.append(action(wording.addLanguageLine, uri: uri, edits: [edit]))
        }
        guard first <= last, first >= 0 else { return actions }
        // A full-width colon comes from a Japanese input method, in any file.
        let keywords = Set(dialect.blockKeywords + (japanese ?? dialect).blockKeywords)
        for number in lines.indices where (first...last).contains(number) {
            let line = lines[number]
            guard let fixed = fixedSigns(line, keywords: keywords) else { continue }
            let edit = ProblemRange.edit(line: number, from: 0, to: line.utf16.count, newText: fixed)
            actions.append(action(wording.asciiSigns(number + 1), uri: uri, edits: [edit]))
        }
        return actions
            + problems.filter { (first...last).contains($0.line - 1) }.compactMap {
                suggestedStep($0, uri: uri, lines: lines, wording: wording)
            }
    }

    /// "Take the suggested step": the step's text, after its keyword, replaced by the
    /// closest step of the library with the same values.
    private static func suggestedStep(
        _ problem: DocumentProblem, uri: String, lines: [Substring], wording: RunnerWording
    ) -> JSONValue? {
        guard let written = problem.written, let replacement = problem.replacement,
            lines.indices.contains(problem.line - 1)
        else { return nil }
        let line = lines[problem.line - 1]
        let trimmed = line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.count
        let content = line.prefix(trimmed)
        guard content.hasSuffix(written) else { return nil }
        let start = content.dropLast(written.count).utf16.count
        let edit = ProblemRange.edit(
            line: problem.line - 1, from: start, to: start + written.utf16.count, newText: replacement)
        return action(wording.takeSuggested(replacement), uri: uri, edits: [edit])
    }

    /// The line with its table's `｜` as `|`, its keyword's `：` as `:`, a leading `＃` as
    /// `#` (`＃ language: ja`) and its tags' `＠` as `@`; nil when it has none of them. In a
    /// row that starts or ends with `｜` every one is a bar; in a row that starts with `|`,
    /// one with a space on each side (`| name ｜ price |`); one inside a cell's words
    /// (`| ラ｜テ |`) or after `\` is the cell's text. A name after the colon gets the space
    /// the keyword's line has (`シナリオ：ラテ` becomes `シナリオ: ラテ`).
    static func fixedSigns(_ line: Substring, keywords: Set<String>) -> String? {
        let indent = line.indentation
        let text = line.dropFirst(indent.count)
        if text.first == "｜" || text.last(where: { !$0.isWhitespace }) == "｜" {
            return String(indent) + asciiBars(text, spacedOnly: false)
        }
        if text.first == "|", text.contains("｜") {
            let fixed = asciiBars(text, spacedOnly: true)
            if fixed != text { return String(indent) + fixed }
        }
        if text.first == "＃" { return String(indent) + "#" + text.dropFirst() }
        if text.first == "＠" || (text.first == "@" && text.contains(" ＠")) {
            return String(indent) + ("@" + text.dropFirst()).replacingOccurrences(of: " ＠", with: " @")
        }
        guard let keyword = keywords.first(where: { text.hasPrefix($0 + "：") }) else { return nil }
        let name = text.dropFirst(keyword.count + 1)
        return String(indent) + keyword + ":" + (name.first.map { $0.isWhitespace } == false ? " " : "") + name
    }

    /// `row` with its `｜` as `|`: each not after `\`, and with `spacedOnly`, each with a
    /// space or tab on both sides.
    private static func asciiBars(_ row: Substring, spacedOnly: Bool) -> String {
        let characters = Array(row)
        var (text, escaped) = ("", false)
        for (index, character) in characters.enumerated() {
            let spaced =
                index > 0 && index + 1 < characters.count && characters[index - 1].isWhitespace
                && characters[index + 1].isWhitespace
            text.append(!escaped && character == "｜" && (spaced || !spacedOnly) ? "|" : character)
            escaped = !escaped && character == "\\"
        }
        return text
    }

    private static func action(_ title: String, uri: String, edits: [JSONValue]) -> JSONValue {
        .object([
            "title": .string(title), "kind": "quickfix",
            "edit": .object(["changes": .object(JSONObject([(uri, .array(edits))]))]),
        ])
    }
}
