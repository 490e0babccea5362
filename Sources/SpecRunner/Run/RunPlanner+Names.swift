import Gherkin

/// The names and parse-error text a plan gives its scenarios and files.
extension RunPlanner {
    /// Names unique in the file: ` (example N)` for outline rows whose name repeats,
    /// then ` (line L)` for anything still repeated (two scenarios with one name), and last
    /// ` (2)`, ` (3)`… for a name that is still not unique because a scenario is itself
    /// named like another's made-up name (`Same (line 16)`).
    static func uniqueNames(_ pickles: [Pickle], index: FeatureIndex) -> [String] {
        // A scenario without a name is named by its line: a report's test case needs one.
        var names = pickles.map { $0.name.allSatisfy(\.isWhitespace) ? "(line \($0.location.line))" : $0.name }
        var counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        for (position, pickle) in pickles.enumerated() where counts[names[position], default: 0] > 1 {
            if let row = index.row(of: pickle) { names[position] += " (example \(row.indexInOutline))" }
        }
        counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        for (position, pickle) in pickles.enumerated() where counts[names[position], default: 0] > 1 {
            names[position] += " (line \(pickle.location.line))"
        }
        let all = Set(names)
        guard all.count < names.count else { return names }
        var seen: Set<String> = []
        for position in names.indices where !seen.insert(names[position]).inserted {
            var number = 2
            while all.contains("\(names[position]) (\(number))") || seen.contains("\(names[position]) (\(number))") {
                number += 1
            }
            names[position] += " (\(number))"
            seen.insert(names[position])
        }
        return names
    }

    /// A file's parse errors in the order of their lines (the parser finds a ragged table
    /// only at its end, after the lines below it), in words a QA engineer can act on.
    static func describe(_ errors: [ParseError], source: String?, path: String) -> [String] {
        ParseErrorText.describe(errors, path: path, source: SourceLines { source })
    }
}
