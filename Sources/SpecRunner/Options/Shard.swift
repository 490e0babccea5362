/// `--shard I/N`: the I-th (1-based) of N slices.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }
}

/// The console output styles.
public enum ConsoleFormat: String, Sendable, CaseIterable {
    case pretty, progress, summary
}
