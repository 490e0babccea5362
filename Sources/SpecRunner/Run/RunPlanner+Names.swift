import Gherkin

/// The names a plan gives its scenarios.
extension RunPlanner {
    /// Names unique in the file. An outline row is named by its values, and by its
    /// Examples' name when that has one (`Pay in cash — 500, 3 (Examples: small carts)`);
    /// a name that still repeats gets ` (row N)` when it is an outline row (N: the row's
    /// 1-based index across all Examples of its outline), then ` (line L)`, and last
    /// ` (2)`, ` (3)`… for a name that is still not unique because a scenario is itself
    /// named like another's made-up name (`Same (line 16)`).
    static func uniqueNames(_ pickles: [Pickle], index: FeatureIndex) -> [String] {
        // A scenario without a name is named by its line: a report's test case needs one.
        var names = pickles.map { pickle in
            let name = pickle.name.allSatisfy(\.isWhitespace) ? "(line \(pickle.location.line))" : pickle.name
            return index.row(of: pickle).map { rowName(name, $0) } ?? name
        }
        var counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        for (position, pickle) in pickles.enumerated() where counts[names[position], default: 0] > 1 {
            if let row = index.row(of: pickle) { names[position] += " (row \(row.indexInOutline))" }
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

    /// `name — value, value` and ` (Examples: name)` when the table has a name; an empty
    /// cell shows as `""`.
    private static func rowName(_ name: String, _ row: FeatureIndex.RowEntry) -> String {
        let values = row.values.map { $0.isEmpty ? "\"\"" : $0 }.joined(separator: ", ")
        let examples = row.examplesName.allSatisfy(\.isWhitespace) ? "" : " (Examples: \(row.examplesName))"
        return "\(name) — \(values)\(examples)"
    }

    /// The JUnit test case's name: the scenario's name in the file (`uniqueNames`), after
    /// its Rule's name when it is in a named Rule (`Refunds — alpha`).
    static func reportName(_ name: String, rule: String) -> String {
        rule.allSatisfy(\.isWhitespace) ? name : "\(rule) — \(name)"
    }
}
