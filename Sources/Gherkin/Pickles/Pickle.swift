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
    // `Optional<T>` rather than `T?` here and below: a `T?` stored property gets an implicit
    // `= nil`, and then the initializer copies the whole value once more (seen in profiles).
    /// The step's doc string, placeholders filled in.
    // swift-format-ignore: UseShorthandTypeNames
    public var docString: Optional<PickleDocString>
    /// The step's data table, placeholders filled in.
    // swift-format-ignore: UseShorthandTypeNames
    public var dataTable: Optional<PickleTable>
    public var astNodeIds: [String]
    public var id: String
    // swift-format-ignore: UseShorthandTypeNames
    public var type: Optional<PickleStepType>
    public var text: String

    /// The step's argument. A step may carry both a doc string and a table; then this is
    /// the one written first (read `docString` and `dataTable` to see both).
    public var argument: PickleStepArgument? {
        get {
            switch (docString, dataTable) {
            case (let docString?, let dataTable?):
                return (docString.argumentIndex ?? 1) <= (dataTable.argumentIndex ?? 2)
                    ? .docString(docString) : .dataTable(dataTable)
            case (let docString?, nil): return .docString(docString)
            case (nil, let dataTable?): return .dataTable(dataTable)
            case (nil, nil): return nil
            }
        }
        set {
            switch newValue {
            case .docString(let docString)?:
                self.docString = docString
                dataTable = nil
            case .dataTable(let dataTable)?:
                self.dataTable = dataTable
                docString = nil
            case nil:
                docString = nil
                dataTable = nil
            }
        }
    }

    public init(argument: PickleStepArgument?, astNodeIds: [String], id: String, type: PickleStepType?, text: String) {
        self.astNodeIds = astNodeIds
        self.id = id
        self.type = type
        self.text = text
        docString = nil
        dataTable = nil
        self.argument = argument
    }

    public init(
        docString: PickleDocString?, dataTable: PickleTable?, astNodeIds: [String], id: String, type: PickleStepType?,
        text: String
    ) {
        self.docString = docString
        self.dataTable = dataTable
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

/// A step's doc string in a pickle.
public struct PickleDocString: Hashable, Sendable {
    // `Optional<T>` rather than `T?` here and below: a `T?` stored property gets an implicit
    // `= nil`, and then the initializer copies the whole value once more (seen in profiles).
    // swift-format-ignore: UseShorthandTypeNames
    public var mediaType: Optional<String>
    public var content: String
    /// 1 or 2 when the step also has a data table: which of the two was written first.
    // swift-format-ignore: UseShorthandTypeNames
    public var argumentIndex: Optional<Int>

    public init(mediaType: String?, content: String, argumentIndex: Int? = nil) {
        self.mediaType = mediaType
        self.content = content
        self.argumentIndex = argumentIndex
    }
}

/// A step's data table in a pickle.
public struct PickleTable: Hashable, Sendable {
    public var rows: [PickleTableRow]
    // `Optional<T>` rather than `T?` here and below: a `T?` stored property gets an implicit
    // `= nil`, and then the initializer copies the whole value once more (seen in profiles).
    /// 1 or 2 when the step also has a doc string: which of the two was written first.
    // swift-format-ignore: UseShorthandTypeNames
    public var argumentIndex: Optional<Int>

    public init(rows: [PickleTableRow], argumentIndex: Int? = nil) {
        self.rows = rows
        self.argumentIndex = argumentIndex
    }
}

public struct PickleTableRow: Hashable, Sendable {
    public var cells: [PickleTableCell]
    /// The row's line in its file, for messages about one row (not part of Cucumber's
    /// pickle message, so not encoded); nil for a table not read from a file.
    // swift-format-ignore: UseShorthandTypeNames
    public var line: Optional<Int>
    /// For an outline's table row with a `<placeholder>`: the line of the Examples row its
    /// values come from (not encoded either).
    // swift-format-ignore: UseShorthandTypeNames
    public var valuesLine: Optional<Int>

    public init(cells: [PickleTableCell], line: Int? = nil, valuesLine: Int? = nil) {
        self.cells = cells
        self.line = line
        self.valuesLine = valuesLine
    }
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
