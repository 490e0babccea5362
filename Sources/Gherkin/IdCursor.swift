/// Draws the ids of one file from an `IdGenerator` a block at a time.
///
/// One atomic operation per block instead of one per id (a file draws hundreds), and the
/// unused rest of the block goes back at the end when no one drew after it, so a file read
/// alone gets exactly the ids it would have drawn one by one (`--predictable-ids` output
/// continues from file to file as in the reference). Under concurrent readers the ids stay
/// unique; their order was never fixed there.
///
/// A value, not a class: it lives inside the AST builder and then the pickle compiler, and
/// each draw as a method call on a shared object retained and released it.
struct IdCursor {
    private let generator: IdGenerator
    private let usesUUIDs: Bool
    private let inlineStrings = SmallString.isAvailable
    private var nextValue = 0
    private var end = 0
    /// The random bytes of the next UUIDs (when the generator makes UUIDs).
    private var uuids = RandomUUIDs()

    /// How many ids one atomic operation reserves.
    private static let blockSize = 256

    init(_ generator: IdGenerator) {
        self.generator = generator
        usesUUIDs = generator.usesUUIDs
    }

    /// The next id.
    @inline(__always)
    mutating func next() -> String {
        if usesUUIDs { return uuids.next() }
        if nextValue == end {
            nextValue = generator.reserve(Self.blockSize)
            end = nextValue + Self.blockSize
        }
        let value = nextValue
        nextValue += 1
        return SmallString.decimal(value, layoutMatches: inlineStrings)
    }

    /// Gives back the ids reserved but not drawn (when possible); call once the file is done.
    mutating func finish() {
        guard nextValue < end else { return }
        generator.giveBack(from: nextValue, reservedUpTo: end)
        nextValue = end
    }
}
