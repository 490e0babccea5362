/// One executable scenario: a Scenario, or one Examples row of an outline, with the
/// Background steps in front and placeholders filled in (Cucumber Messages' `Pickle`).
public struct Pickle: Hashable, Sendable {
    public var id: String
    public var uri: String
    /// The Scenario's line, or for an outline the Examples row's line.
    public var location: Location
    public var name: String
    public var language: String
    public var steps: [PickleStep]
    /// Inherited Feature → Rule → Scenario → Examples, in that order.
    public var tags: [PickleTag]
    /// The Scenario's id, then (for an outline) the Examples row's id.
    public var astNodeIds: [String]

    public init(
        id: String, uri: String, location: Location, name: String, language: String,
        steps: [PickleStep], tags: [PickleTag], astNodeIds: [String]
    ) {
        self.id = id
        self.uri = uri
        self.location = location
        self.name = name
        self.language = language
        self.steps = steps
        self.tags = tags
        self.astNodeIds = astNodeIds
    }
}

/// A step of a pickle. `astNodeIds` is the Step's id, then (outline) the row's id.
public struct PickleStep: Hashable, Sendable {
    public var argument: PickleStepArgument?
    public var astNodeIds: [String]
    public var id: String
    public var type: PickleStepType?
    public var text: String

    public init(argument: PickleStepArgument?, astNodeIds: [String], id: String, type: PickleStepType?, text: String) {
        self.argument = argument
        self.astNodeIds = astNodeIds
        self.id = id
        self.type = type
        self.text = text
    }
}

/// Context (Given), Action (When), Outcome (Then); And/But take the previous type.
public enum PickleStepType: String, Hashable, Sendable, Codable {
    case unknown = "Unknown"
    case context = "Context"
    case action = "Action"
    case outcome = "Outcome"
}

/// A step's doc string or data table, placeholders filled in.
public enum PickleStepArgument: Hashable, Sendable {
    case docString(PickleDocString)
    case dataTable(PickleTable)
}

public struct PickleDocString: Hashable, Sendable {
    public var mediaType: String?
    public var content: String

    public init(mediaType: String?, content: String) {
        self.mediaType = mediaType
        self.content = content
    }
}

public struct PickleTable: Hashable, Sendable {
    public var rows: [PickleTableRow]
    public init(rows: [PickleTableRow]) { self.rows = rows }
}

public struct PickleTableRow: Hashable, Sendable {
    public var cells: [PickleTableCell]
    public init(cells: [PickleTableCell]) { self.cells = cells }
}

public struct PickleTableCell: Hashable, Sendable {
    public var value: String
    public init(value: String) { self.value = value }
}

public struct PickleTag: Hashable, Sendable {
    public var name: String
    public var astNodeId: String

    public init(name: String, astNodeId: String) {
        self.name = name
        self.astNodeId = astNodeId
    }
}
