/// One problem found while reading a feature file. `message` is the reference
/// implementation's text, starting with `(line:column): `.
public struct ParseError: Error, Hashable, Sendable {
    public var uri: String
    public var location: Location
    public var message: String

    public init(uri: String, location: Location, message: String) {
        self.uri = uri
        self.location = location
        self.message = message
    }
}
