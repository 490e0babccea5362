/// `Background:`: steps run before each scenario of its Feature or Rule.
public struct Background: Hashable, Sendable {
    public var location: Location
    public var keyword: String
    public var name: String
    public var description: String
    public var steps: [Step]
    public var id: String

    public init(
        location: Location, keyword: String, name: String, description: String, steps: [Step], id: String
    ) {
        self.location = location
        self.keyword = keyword
        self.name = name
        self.description = description
        self.steps = steps
        self.id = id
    }
}

/// `Scenario:` / `Example:`, or an outline (`Scenario Outline:` / `Scenario Template:`)
/// when `examples` is not empty.
public struct Scenario: Hashable, Sendable {
    public var location: Location
    public var tags: [Tag]
    public var keyword: String
    public var name: String
    public var description: String
    public var steps: [Step]
    public var examples: [Examples]
    public var id: String

    public init(
        location: Location, tags: [Tag], keyword: String, name: String, description: String,
        steps: [Step], examples: [Examples], id: String
    ) {
        self.location = location
        self.tags = tags
        self.keyword = keyword
        self.name = name
        self.description = description
        self.steps = steps
        self.examples = examples
        self.id = id
    }
}

/// `Examples:` of an outline: a header row and body rows.
public struct Examples: Hashable, Sendable {
    public var location: Location
    public var tags: [Tag]
    public var keyword: String
    public var name: String
    public var description: String
    // `Optional<T>` rather than `T?` here and below: a `T?` stored property gets an implicit
    // `= nil`, and then the initializer copies the whole value once more (seen in profiles).
    // swift-format-ignore: UseShorthandTypeNames
    public var tableHeader: Optional<TableRow>
    public var tableBody: [TableRow]
    public var id: String

    public init(
        location: Location, tags: [Tag], keyword: String, name: String, description: String,
        tableHeader: TableRow?, tableBody: [TableRow], id: String
    ) {
        self.location = location
        self.tags = tags
        self.keyword = keyword
        self.name = name
        self.description = description
        self.tableHeader = tableHeader
        self.tableBody = tableBody
        self.id = id
    }
}
