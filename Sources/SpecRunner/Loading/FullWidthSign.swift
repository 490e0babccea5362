/// A line that starts with a full-width sign where Gherkin reads only the half-width one:
/// a Japanese input method types `＠重要`, `＃ メモ` or `＊ 商品カタログ:` unless switched.
/// Gherkin reads such a line as a step's stray text (a parse error) or as description
/// text (a tag or a step lost without a word), so both say what to write.
enum FullWidthSign {
    /// A line's full-width sign, the half-width one meant, and the line as meant.
    struct Reading: Sendable, Equatable {
        var fullWidth: Character
        var halfWidth: Character
        /// The line with the half-width sign (every tag's, on a line of tags).
        var write: String

        /// The line meant, cut short for a message.
        var shown: String { write.count > 40 ? String(write.prefix(40)) + "…" : write }
    }

    private static let signs: [(fullWidth: Character, halfWidth: Character)] = [("＠", "@"), ("＃", "#"), ("＊", "*")]

    /// How `line` (indentation allowed) was meant, or nil when it does not start with one
    /// of the signs, or is a line of tags with one among them (`@wip ＠slow`).
    static func reading(of line: Substring) -> Reading? {
        let text = line.withoutIndent.trimming(" \t\r")
        // A line of tags with a full-width one among them reads as if it started with it.
        let first = text.hasPrefix("@") && text.contains(" ＠") ? "＠" : text.first
        guard let first, let sign = signs.first(where: { $0.fullWidth == first }) else { return nil }
        var write = String(sign.halfWidth) + text.dropFirst()
        if sign.halfWidth == "@" { write = write.replacingOccurrences(of: " ＠", with: " @") }
        return Reading(fullWidth: sign.fullWidth, halfWidth: sign.halfWidth, write: write)
    }

    /// For `--tags '＠重要'`: the tag with a half-width `@`, or nil.
    static func halfWidthTag(_ word: Substring) -> String? {
        guard word.first == "＠", word.count > 1 else { return nil }
        return "@" + word.dropFirst()
    }
}
