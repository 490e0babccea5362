/// Ids reserved at once from an incrementing `IdGenerator` and drawn later, in order: work
/// split across threads draws the ids it would have drawn one piece after another, however
/// the threads run. Past its end (or from a generator of UUIDs) it draws from the generator.
public struct IdRange: Sendable {
    private let generator: IdGenerator
    private var nextValue: Int
    private let end: Int

    init(_ generator: IdGenerator, count: Int) {
        self.generator = generator
        nextValue = generator.usesUUIDs ? 0 : generator.reserve(count)
        end = generator.usesUUIDs ? 0 : nextValue + count
    }

    public mutating func next() -> String {
        guard nextValue < end else { return generator.next() }
        defer { nextValue += 1 }
        return SmallString.decimal(nextValue)
    }
}

extension IdGenerator {
    /// `count` ids reserved now, to be drawn later (`IdRange`).
    public func range(_ count: Int) -> IdRange { IdRange(self, count: max(count, 0)) }
}
