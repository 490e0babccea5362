/// How far a text's shape is from a candidate's: the Levenshtein distance, and the bound
/// that tells, from the lengths alone, that it is too far to suggest.
extension StepSuggester {
    /// The smallest distance from any of `readings` to `shape`, and the length of the
    /// reading it is from (the first of equals). Readings are taken nearest in length
    /// first, and one whose length difference (the least its distance can be) is already
    /// beaten is not worked out: a step far longer than its other readings costs nothing.
    /// `ordering`: the distance only orders near misses, so a pair whose table would pass
    /// `orderingCells` counts its length difference: a step a megabyte long is not compared
    /// character by character with every definition.
    static func closest(
        _ readings: [[Character]], _ shape: [Character], ordering: Bool = false
    ) -> (distance: Int, length: Int) {
        var best: (distance: Int, length: Int, index: Int)?
        let byBound = readings.enumerated().map { ($0.offset, $0.element, abs($0.element.count - shape.count)) }
        for (index, reading, bound) in byBound.sorted(by: { ($0.2, $0.0) < ($1.2, $1.0) }) {
            if let best, (bound, index) > (best.distance, best.index) { break }
            let far = ordering && reading.count > orderingCells / max(shape.count, 1)
            let found = far ? bound : distance(reading, shape)
            if best.map({ (found, index) < ($0.distance, $0.index) }) ?? true { best = (found, reading.count, index) }
        }
        return best.map { ($0.distance, $0.length) } ?? (Int.max, 0)
    }

    /// The largest table `closest(_:_:ordering:)` works out: a step of 2,500 characters
    /// against a definition of 40.
    static let orderingCells = 100_000

    /// Whether no reading can be within `share` of the longer of it and `shape`: the
    /// distance is at least the difference of the lengths. A step thousands of characters
    /// long is so from every definition, and its distances (each as long to work out as
    /// the two lengths multiplied) are not worked out.
    static func isOutOfReach(_ readings: [[Character]], _ shape: [Character], share: Double) -> Bool {
        readings.allSatisfy { reading in
            Double(abs(reading.count - shape.count)) > share * Double(max(reading.count, shape.count))
        }
    }

    /// Levenshtein distance, over numbers that stand for the characters: a
    /// comparison of two `Character`s is a string comparison, and there are as many as the
    /// two lengths multiplied, where numbering them costs one lookup a character.
    static func distance(_ text: [Character], _ other: [Character]) -> Int {
        if text.isEmpty { return other.count }
        if other.isEmpty { return text.count }
        var numbers: [Character: Int] = [:]
        func numbered(_ characters: [Character]) -> [Int] {
            characters.map { character in
                // ASCII is its own number ("\r\n" is one character with the value of "\n").
                if let ascii = character.asciiValue, ascii != 0x0A || character == "\n" { return Int(ascii) }
                if let number = numbers[character] { return number }
                numbers[character] = 128 + numbers.count
                return 127 + numbers.count
            }
        }
        let (a, b) = (numbered(text), numbered(other))
        // One row, updated in place: `diagonal` keeps the previous row's value to the left.
        var row = Array(0...b.count)
        return row.withUnsafeMutableBufferPointer { row in
            b.withUnsafeBufferPointer { b in
                for (i, x) in a.enumerated() {
                    var diagonal = row[0]
                    row[0] = i + 1
                    for j in 1...b.count {
                        let above = row[j]
                        row[j] = min(above + 1, row[j - 1] + 1, diagonal + (x == b[j - 1] ? 0 : 1))
                        diagonal = above
                    }
                }
                return row[b.count]
            }
        }
    }
}
