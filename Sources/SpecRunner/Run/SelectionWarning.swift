/// Why a run selected no scenario. A misspelt tag (`--tags @smok`) or a renamed one would
/// otherwise gate CI green on nothing, so such a run fails (`(nothing selected)` in the
/// report, exit 1) and says what selected nothing: a tag no scenario has (with the one
/// that is close), the name pattern, or files without scenarios.
enum SelectionWarning {
    static func nothingSelected(
        tags: TagExpression, namePattern: String?, tagsSeen: Set<String>, namesMatchingIgnoringCase: [String] = []
    ) -> [String] {
        var warnings: [String] = []
        for name in Set(tags.requiredNames).sorted() where !tagsSeen.contains(name) {
            let guess = closest(to: name, among: tagsSeen).map { " (did you mean '\($0)'?)" } ?? ""
            warnings.append("no scenario has the tag '\(name)'\(guess): --tags selected nothing")
        }
        if warnings.isEmpty, tags != .always {
            warnings.append("no scenario matches --tags '\(tags)'")
        }
        if let namePattern {
            warnings.append(
                "--name '\(namePattern)' matches no scenario\(tags == .always ? "" : " that --tags selects")"
                    + caseHint(namePattern, namesMatchingIgnoringCase))
        }
        if warnings.isEmpty {
            warnings.append("the files read have no scenario")
        }
        return warnings
    }

    /// A shard with nothing to run while the run has scenarios: more shards than
    /// scenarios. Not a failure: the other shards run them all.
    static func emptyShard(_ shard: Shard, selected: Int) -> String {
        "shard \(shard) has no scenario: the run selects \(RunTally.counted(selected, "scenario"))"
            + " for \(shard.count) shards; the others run \(selected == 1 ? "it" : "them")"
    }

    /// What `--name` matches when letter case is ignored, and how to ask for that: `--name`
    /// is a regular expression, case-sensitive as in Cucumber and behave.
    private static func caseHint(_ pattern: String, _ names: [String]) -> String {
        guard let first = names.first else { return "" }
        let more = names.count > 1 ? " and \(RunTally.counted(names.count - 1, "other"))" : ""
        return "; letter case aside, it matches '\(first)'\(more): --name is case-sensitive,"
            + " so write --name '(?i)\(pattern)' to ignore case"
    }

    /// The seen tag within two edits (letter case aside), the closest first.
    private static func closest(to name: String, among seen: Set<String>) -> String? {
        let wanted = Array(name.lowercased())
        return seen.sorted().map { ($0, EditDistance.between(wanted, Array($0.lowercased()), limit: 3)) }
            .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
}
