/// One step line, with its optional doc string and/or data table.
public struct Step: Hashable, Sendable {
    public var location: Location
    /// The keyword as written, with its trailing space where the language has one
    /// (`"Given "`, `"前提"`).
    public var keyword: String
    // `Optional<T>` rather than `T?` here and below: a `T?` stored property gets an implicit
    // `= nil`, and then the initializer copies the whole value once more (seen in profiles).
    // swift-format-ignore: UseShorthandTypeNames
    public var keywordType: Optional<StepKeywordType>
    public var text: String
    // swift-format-ignore: UseShorthandTypeNames
    public var docString: Optional<DocString>
    // swift-format-ignore: UseShorthandTypeNames
    public var dataTable: Optional<DataTable>
    public var id: String

    public init(
        location: Location, keyword: String, keywordType: StepKeywordType?, text: String,
        docString: DocString?, dataTable: DataTable?, id: String
    ) {
        self.location = location
        self.keyword = keyword
        self.keywordType = keywordType
        self.text = text
        self.docString = docString
        self.dataTable = dataTable
        self.id = id
    }
}

/// What kind of keyword starts a step (`And`/`But` are conjunctions, `*` is unknown).
public enum StepKeywordType: String, Hashable, Sendable, Codable {
    case unknown = "Unknown"
    case context = "Context"
    case action = "Action"
    case outcome = "Outcome"
    case conjunction = "Conjunction"
}

/// A `"""` or ```` ``` ```` block.
public struct DocString: Hashable, Sendable {
    public var location: Location
    // `Optional<T>` rather than `T?` here and below: a `T?` stored property gets an implicit
    // `= nil`, and then the initializer copies the whole value once more (seen in profiles).
    // swift-format-ignore: UseShorthandTypeNames
    public var mediaType: Optional<String>
    public var content: String
    public var delimiter: String

    public init(location: Location, mediaType: String?, content: String, delimiter: String) {
        self.location = location
        self.mediaType = mediaType
        self.content = content
        self.delimiter = delimiter
    }
}

/// A step's `| a | b |` table.
public struct DataTable: Hashable, Sendable {
    public var location: Location
    public var rows: [TableRow]

    public init(location: Location, rows: [TableRow]) {
        self.location = location
        self.rows = rows
    }
}

/// One `| … |` row.
public struct TableRow: Hashable, Sendable {
    public var location: Location
    public var cells: [TableCell]
    public var id: String

    public init(location: Location, cells: [TableCell], id: String) {
        self.location = location
        self.cells = cells
        self.id = id
    }
}

/// One cell, unescaped (`\|` → `|`, `\\` → `\`, `\n` → newline) and trimmed.
public struct TableCell: Hashable, Sendable {
    public var location: Location
    public var value: String

    public init(location: Location, value: String) {
        self.location = location
        self.value = value
    }
}
