/// `--shard I/N`: the I-th (1-based) of N slices.
struct Shard: Sendable, Hashable, CustomStringConvertible {
    var index: Int
    var count: Int

    var description: String { "\(index)/\(count)" }
}

/// The console output styles.
enum ConsoleFormat: String, Sendable, CaseIterable {
    case pretty, progress, summary
}
