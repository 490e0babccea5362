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
    /// `#` (`＃ language: ja`) and its tags' `＠` as `@`; nil when it has none of them.
    static func fixedSigns(_ line: Substring, keywords: Set<String>) -> String? {
        let indent = line.indentation
        let text = line.dropFirst(indent.count)
        if text.first == "｜" || (text.first == "|" && text.contains("｜")) {
            return String(indent) + text.replacingOccurrences(of: "｜", with: "|")
        }
        if text.first == "＃" { return String(indent) + "#" + text.dropFirst() }
        if text.first == "＠" || (text.first == "@" && text.contains(" ＠")) {
            return String(indent) + ("@" + text.dropFirst()).replacingOccurrences(of: " ＠", with: " @")
        }
        guard let keyword = keywords.first(where: { text.hasPrefix($0 + "：") }) else { return nil }
        return String(indent) + keyword + ":" + text.dropFirst(keyword.count + 1)
    }

    private static func action(_ title: String, uri: String, edits: [JSONValue]) -> JSONValue {
        .object([
            "title": .string(title), "kind": "quickfix",
            "edit": .object(["changes": .object(JSONObject([(uri, .array(edits))]))]),
        ])
    }
}
