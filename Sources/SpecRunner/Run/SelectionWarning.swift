/// A run whose `--tags` or `--name` selected nothing exits 0 (`--tags @wip` on a branch
/// with nothing in progress is no mistake), but a misspelt tag gates CI green on nothing.
/// The warning names what selected nothing: a tag no scenario has (with the one that is
/// close), or the name pattern.
enum SelectionWarning {
    static func nothingSelected(tags: TagExpression, namePattern: String?, tagsSeen: Set<String>) -> [String] {
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
                "--name '\(namePattern)' matches no scenario\(tags == .always ? "" : " that --tags selects")")
        }
        return warnings
    }

    /// The seen tag within two edits (letter case aside), the closest first.
    private static func closest(to name: String, among seen: Set<String>) -> String? {
        let wanted = Array(name.lowercased())
        return seen.sorted().map { ($0, EditDistance.between(wanted, Array($0.lowercased()), limit: 3)) }
            .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
}
