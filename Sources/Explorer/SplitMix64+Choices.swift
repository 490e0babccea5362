import Wire

/// The explorer's choices, drawn from Wire's seeded generator.
extension SplitMix64 {
    /// One of `items` (never empty at the call sites).
    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        Int(next() % 100) < percent
    }
}
