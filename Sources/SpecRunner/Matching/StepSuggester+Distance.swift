/// How far a text's shape is from a candidate's: the Levenshtein distance, and the bound
/// that tells, from the lengths alone, that it is too far to suggest.
extension StepSuggester {
    /// The smallest distance from any of `readings` to `shape`, and the length of the
    /// reading it is from (the first of equals).
    static func closest(_ readings: [[Character]], _ shape: [Character]) -> (distance: Int, length: Int) {
        readings.map { (distance($0, shape), $0.count) }.min { $0.0 < $1.0 } ?? (Int.max, 0)
    }

    /// Whether no reading can be within `share` of the longer of it and `shape`: the
    /// distance is at least the difference of the lengths. A step thousands of characters
    /// long is so from every definition, and its distances (each as long to work out as
    /// the two lengths multiplied) are not worked out.
    static func isOutOfReach(_ readings: [[Character]], _ shape: [Character], share: Double) -> Bool {
        readings.allSatisfy { reading in
            Double(abs(reading.count - shape.count)) > share * Double(max(reading.count, shape.count))
        }
    }

    /// Levenshtein distance with two rows.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
