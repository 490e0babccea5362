import Gherkin

/// A feature file's text for the checks that read it, split into lines once, when a
/// check first asks (most files that parse are never split: only a description, a table
/// or a parse error needs their lines). What is read from it is kept: the `# language:`
/// header, and the header Gherkin did not take.
final class SourceLines {
    private let source: () -> String?

    /// `assuming`: a language code to read the file in, as if its header named it.
    init(assuming language: String? = nil, _ source: @escaping () -> String?) {
        self.source = source
        if let language { declaredLanguage = language }
    }

    /// The file's lines, as written (a `\r` before the newline kept).
    private(set) lazy var lines: [Substring] = {
        guard let text = source() else { return [] }
        return Self.lines(of: Substring(text))
    }()

    /// `text` cut at each line feed. By scalars: to `Character`, the CR LF of a Windows
    /// file is one character, no line feed, and such a file would be one line.
    static func lines(of text: Substring) -> [Substring] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// Line `number` (1-based), or nil when the file has none.
    func line(_ number: Int) -> Substring? {
        number >= 1 && number <= lines.count ? lines[number - 1] : nil
    }

    /// The code in the file's `# language:` header, or nil when it has none.
    private(set) lazy var declaredLanguage: String? = {
        for line in lines {
            // A byte-order mark opens the file, before its first line's text.
            let text = line.trimming(" \t\r\u{FEFF}")
            if text.isEmpty { continue }
            guard text.hasPrefix("#") else { break }
            let comment = text.dropFirst().trimming(" \t\r")
            guard comment.hasPrefix("language"), let colon = comment.firstIndex(of: ":") else { continue }
            return String(comment[comment.index(after: colon)...].trimming(" \t\r"))
        }
        return nil
    }()

    /// The file's language by its header, or English.
    var dialect: GherkinDialect { declaredLanguage.flatMap(GherkinDialect.named) ?? .english }

    /// Whether the file names a language Gherkin knows.
    var isDeclared: Bool { declaredLanguage.flatMap(GherkinDialect.named) != nil }

    /// What is wrong with a `# language:` line Gherkin did not take, for a file it reads
    /// as English.
    private(set) lazy var headerProblem: LanguageHeader.Problem? =
        isDeclared ? nil : LanguageHeader.problem(in: lines)

    /// The line of a doc string's opening delimiter that no line closes, if any.
    var unclosedDocString: Int? {
        var open: (delimiter: Substring, line: Int)?
        for (index, line) in lines.enumerated() {
            let text = line.trimming(" \t\r")
            if let current = open {
                if text == current.delimiter { open = nil }
            } else if text.hasPrefix("\"\"\"") || text.hasPrefix("```") {
                open = (text.prefix(3), index + 1)
            }
        }
        return open?.line
    }

    /// A description's lines with their numbers: they follow the keyword line in order
    /// (blank lines may come between).
    func descriptionLines(_ description: String, after keywordLine: Int) -> [(Int, Substring)] {
        var found: [(Int, Substring)] = []
        var next = keywordLine  // 0-based index of the line after the keyword line
        for wanted in Self.lines(of: Substring(description)) {
            let trimmed = wanted.trimming(" \t\r")
            guard !trimmed.isEmpty else { continue }
            while next < lines.count, lines[next].trimming(" \t\r") != trimmed { next += 1 }
            guard next < lines.count else { break }
            found.append((next + 1, lines[next]))
            next += 1
        }
        return found
    }

    /// The nearest line above `line` that is neither blank nor a comment, with its number.
    func lineAbove(_ line: Int) -> (number: Int, text: Substring)? {
        guard line - 2 < lines.count else { return nil }
        let texts = lines[..<max(0, line - 1)].lazy.map { $0.trimming(" \t\r") }
        return texts.lastIndex { !$0.isEmpty && !$0.hasPrefix("#") }.map { ($0 + 1, texts[$0]) }
    }

    /// The nearest line below `line` that is neither blank nor a comment, trimmed.
    func lineBelow(_ line: Int) -> Substring? {
        guard line >= 0 else { return nil }
        return lines.dropFirst(line).lazy.map { $0.trimming(" \t\r") }.first { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The names of the tags the file's tag lines write, without their `@`.
    private(set) lazy var tagNames: Set<Substring> = Set(
        lines.lazy.map { $0.trimming(" \t\r") }.filter { $0.hasPrefix("@") }.flatMap { $0.split(separator: " ") }
            .map { $0.dropFirst() })
}
