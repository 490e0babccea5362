/// How far apart two words are, for "did you mean" on keywords and table columns.
public enum EditDistance {
    /// Edits between two words (insert, delete, replace, or swap two neighbours: the
    /// optimal-string-alignment distance), or `limit + 1` once it must exceed `limit`.
    public static func between(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
                if i > 0, j > 0, x == b[j - 1], a[i - 1] == y {
                    current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
                }
            }
            if current.min() ?? 0 > limit { return limit + 1 }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
