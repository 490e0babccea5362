/// `PATH[:LINE[:LINE…]]` from the command line.
public struct FeaturePath: Sendable, Hashable {
    public var path: String
    /// Lines that select scenarios (empty: everything in the path).
    public var lines: [Int]
    /// Named by an `@FILE` list (a rerun file): each line should be where a scenario or an
    /// Examples row starts, as the run that wrote the list found them.
    public var listed = false

    public init(path: String, lines: [Int]) {
        self.path = path
        self.lines = lines
    }

    /// Splits trailing `:LINE` parts off `argument`; a suffix that is not a positive
    /// number stays part of the path (`C:` style names, `file:name.feature`).
    public init(parsing argument: String) throws(UsageError) {
        var parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var lines: [Int] = []
        while parts.count > 1, let last = parts.last, !last.isEmpty, last.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let line = Int(last), line >= 1 else {
                let why = Int(last) == nil ? "no file has that many lines" : "lines start at 1"
                throw UsageError("invalid line number '\(last)' in '\(argument)': \(why)")
            }
            lines.insert(line, at: 0)
            parts.removeLast()
        }
        self.init(path: parts.joined(separator: ":"), lines: lines)
    }
}
