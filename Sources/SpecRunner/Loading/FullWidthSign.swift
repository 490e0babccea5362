/// A line that starts with a full-width sign where Gherkin reads only the half-width one:
/// a Japanese input method types `＠重要`, `＃ メモ` or `＊ 商品カタログ:` unless switched.
/// Gherkin reads such a line as a step's stray text (a parse error) or as description
/// text (a tag or a step lost without a word), so both say what to write.
enum FullWidthSign {
    /// A line's full-width sign, the half-width one meant, and the line as meant.
    struct Reading: Sendable, Equatable {
        var fullWidth: Character
        var halfWidth: Character
        /// What the half-width sign starts: `a tag`, `a comment`, `a step`.
        var starts: String
        /// The line with the half-width sign (every tag's, on a line of tags).
        var write: String

        /// `'＠' is the full-width sign; a tag starts with the half-width '@': write '@重要'`.
        var advice: String { advice(japanese: false) }

        /// The advice in Japanese for a Japanese file.
        func advice(japanese: Bool) -> String {
            let written = write.count > 40 ? String(write.prefix(40)) + "…" : write
            guard japanese else {
                return "'\(fullWidth)' is the full-width sign; \(starts) starts with the half-width '\(halfWidth)':"
                    + " write '\(written)'"
            }
            let thing = ["a tag": "タグ", "a comment": "コメント", "a step": "ステップ"][starts] ?? starts
            return "「\(fullWidth)」は全角です。\(thing)は半角の「\(halfWidth)」で始めます。「\(written)」と書きます"
        }
    }

    private static let signs: [(fullWidth: Character, halfWidth: Character, starts: String)] = [
        ("＠", "@", "a tag"),
        ("＃", "#", "a comment"),
        ("＊", "*", "a step"),
    ]

    /// How `line` (indentation allowed) was meant, or nil when it does not start with one
    /// of the signs.
    static func reading(of line: Substring) -> Reading? {
        let text = line.drop { $0 == " " || $0 == "\t" }.trimmingCharacters(in: " \t\r")
        guard let first = text.first, let sign = signs.first(where: { $0.fullWidth == first }) else { return nil }
        var write = String(sign.halfWidth) + text.dropFirst()
        if sign.halfWidth == "@" { write = write.replacingOccurrences(of: " ＠", with: " @") }
        return Reading(fullWidth: sign.fullWidth, halfWidth: sign.halfWidth, starts: sign.starts, write: write)
    }

    /// Advice for a line Gherkin refused, or nil.
    static func advice(for line: Substring, japanese: Bool = false) -> String? {
        reading(of: line)?.advice(japanese: japanese)
    }

    /// For `--tags '＠重要'`: the tag with a half-width `@`, or nil.
    static func halfWidthTag(_ word: Substring) -> String? {
        guard word.first == "＠", word.count > 1 else { return nil }
        return "@" + word.dropFirst()
    }
}
