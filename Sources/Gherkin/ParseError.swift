/// One problem found while reading a feature file. `message` is the reference
/// implementation's text, starting with `(line:column): `; `kind` says the same as values,
/// for a reader's words (the runner's advice) that never depend on the message's text.
public struct ParseError: Error, Hashable, Sendable {
    public var uri: String
    public var location: Location
    public var message: String
    public var kind: Kind

    /// What the parser refused, with the values its message names.
    public enum Kind: Hashable, Sendable {
        /// A line no rule of the grammar takes where it stands: the token names the parser
        /// expected (`#StepLine`, `#TableRow`, `#EOF`) and the line's text (`text`).
        case unexpectedLine(expected: [String], text: String)
        /// The file ends where the parser expected one of `expected`.
        case unexpectedEndOfFile(expected: [String])
        case tagWithWhitespace
        /// A `# language:` header naming no dialect Gherkin knows.
        case unknownLanguage(String)
        /// A table row whose cells are not as many as the first row's: its cells' values,
        /// and the first row's.
        case inconsistentCells(cells: [String], firstRow: [String])
        /// Bytes that are no UTF-8 text (`message` says which, and what to do).
        case unreadableSource
    }

    public init(uri: String, location: Location, message: String, kind: Kind) {
        self.uri = uri
        self.location = location
        self.message = message
        self.kind = kind
    }
}
