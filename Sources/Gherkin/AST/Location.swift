/// A position in a feature file: 1-based line and (optional) 1-based column, counted in
/// Unicode scalars as the reference implementation does.
public struct Location: Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int?

    public init(line: Int, column: Int? = nil) {
        self.line = line
        self.column = column
    }
}
