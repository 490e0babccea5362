import Foundation
import Gherkin

/// A `# language:` line that Gherkin did not take: a code it does not know (`jp`,
/// `ja-JP`), the word not in lower case (`# Language: ja`, a comment to Gherkin), or the
/// line below the first line Gherkin reads (after `機能:`), or one with the full-width colon
/// a Japanese input method types (`# language：ja`). The file is then read as
/// English, and its first keyword refused; the message says which line to fix, and how.
enum LanguageHeader {
    enum Problem: Sendable, Equatable {
        /// `written` is the code as written; `meant` the code Gherkin knows that it most
        /// likely means, if any.
        case unknown(line: Int, written: String, meant: String?)
        case notLowerCase(line: Int, written: String, code: String)
        case late(line: Int, code: String)
        case fullWidthColon(line: Int, code: String)
        /// `# langauge: ja`: the word misspelt, so the line is a comment.
        case misspelt(line: Int, written: String, code: String)
        /// `＃ language: ja`: the full-width sign, so the line is not a comment even.
        case fullWidthSign(line: Int, code: String)
    }

    /// The language the line means, when it is known.
    static func code(of problem: Problem) -> String? {
        switch problem {
        case .unknown(_, _, let meant): meant
        case .notLowerCase(_, _, let code), .late(_, let code), .fullWidthColon(_, let code),
            .misspelt(_, _, let code), .fullWidthSign(_, let code):
            code
        }
    }

    /// The first `# language:` line of a file's `lines` that was not taken, or nil.
    static func problem(in lines: [Substring]) -> Problem? {
        var inHeader = true
        for (index, line) in lines.enumerated() {
            let text = line.trimming(" \t\r\u{FEFF}")
            if text.isEmpty { continue }
            let fullWidthSign = text.hasPrefix("＃")
            guard text.hasPrefix("#") || fullWidthSign else {
                inHeader = false
                continue
            }
            let comment = text.dropFirst().trimming(" \t")
            guard let colon = comment.firstIndex(where: { $0 == ":" || $0 == "：" }) else { continue }
            let word = comment[..<colon].trimming(" \t").lowercased()
            let isWord = word == "language"
            // `langauge`, `lang uage`: within two edits, and long enough not to be another word.
            guard isWord || (word.count >= 6 && EditDistance.between(Array(word), Array("language"), limit: 3) <= 2)
            else { continue }
            let code = String(comment[comment.index(after: colon)...].trimming(" \t"))
            let known = GherkinDialect.named(code) != nil ? code : meaning(of: code)
            if fullWidthSign { return known.map { .fullWidthSign(line: index + 1, code: $0) } }
            if !isWord { return known.map { .misspelt(line: index + 1, written: String(text), code: $0) } }
            if !inHeader { return known.map { .late(line: index + 1, code: $0) } }
            if comment[colon] == "：" { return known.map { .fullWidthColon(line: index + 1, code: $0) } }
            if !comment.hasPrefix("language") {
                return known.map { .notLowerCase(line: index + 1, written: String(text), code: $0) }
            }
            if GherkinDialect.named(code) == nil { return .unknown(line: index + 1, written: code, meant: known) }
            return nil
        }
        return nil
    }

    /// The code Gherkin knows that `code` most likely means: the same letters in another
    /// case (`JA`, `zh-cn`), the language without its region (`ja-JP`), a common other
    /// code or the language's name (`jp`, `jpn`, `Japanese`, `日本語`).
    static func meaning(of code: String) -> String? {
        // `ｊａ`: typed in full-width letters.
        let lowered = code.precomposedStringWithCompatibilityMapping.lowercased()
        let base = lowered.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)
        let languages = GherkinDialect.languages
        let isNamed = { (language: String) in
            GherkinDialect.named(language).map { [$0.name, $0.native].contains { $0.lowercased() == lowered } } ?? false
        }
        return languages.first { $0.lowercased() == lowered } ?? languages.first { $0.lowercased() == base }
            ?? aliases[lowered] ?? languages.first(where: isNamed)
    }

    private static let aliases = ["jp": "ja", "jpn": "ja", "eng": "en", "english": "en", "japanese": "ja"]
}
