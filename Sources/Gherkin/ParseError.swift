/// One problem found while reading a feature file. `message` is the reference
/// implementation's text, starting with `(line:column): `.
public struct ParseError: Error, Hashable, Sendable {
    public var uri: String
    public var location: Location
    public var message: String
    /// More than the reference's message says, for a reader fixing the file (`this row
    /// has 3 cells, the table's first row has 2`); not part of the message, which stays
    /// Cucumber's own.
    public var detail: String?

    public init(uri: String, location: Location, message: String, detail: String? = nil) {
        self.uri = uri
        self.location = location
        self.message = message
        self.detail = detail
    }
}
