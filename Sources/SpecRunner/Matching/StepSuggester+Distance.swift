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
