/// The parsed form of one feature file, shaped as Cucumber Messages' `GherkinDocument`.
public struct GherkinDocument: Hashable, Sendable {
    public var uri: String?
    public var feature: Feature?
    public var comments: [Comment]

    public init(uri: String?, feature: Feature?, comments: [Comment]) {
        self.uri = uri
        self.feature = feature
        self.comments = comments
    }
}

/// A `#` comment line (not `# language:`).
public struct Comment: Hashable, Sendable {
    public var location: Location
    public var text: String

    public init(location: Location, text: String) {
        self.location = location
        self.text = text
    }
}

/// A `@tag`.
public struct Tag: Hashable, Sendable {
    public var location: Location
    public var name: String
    public var id: String

    public init(location: Location, name: String, id: String) {
        self.location = location
        self.name = name
        self.id = id
    }
}
