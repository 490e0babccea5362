/// One piece of advice about a feature file, worded in the file's language: where it is
/// and what it says. The console and the reports show it as `path:line:column: text`
/// (`path: text` for the whole file); an editor puts `text` at its place.
struct FileAdvice: Sendable, Equatable, CustomStringConvertible {
    var path: String
    /// Nil for the file as a whole (it has no Feature, it cannot be read).
    var line: Int?
    /// 1-based, in characters, on `line`.
    var column = 1
    var text: String

    var description: String {
        guard let line else { return "\(path): \(text)" }
        return "\(path):\(line):\(column): \(text)"
    }
}
