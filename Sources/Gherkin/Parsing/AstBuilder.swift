/// Turns the parser's rule events and tokens into a `GherkinDocument`.
///
/// Ids are drawn in the same order as the reference builder (a node's tags, then the node
/// itself, when its rule ends), so `--predictable-ids` output matches it. Each kind of rule
/// has its own frame (see `AstFrames`), mutated in place, so no node is allocated per rule.
struct AstBuilder {
    /// Raised when a finished rule is malformed (a table with uneven rows).
    struct Failure: Error {
        var message: String
        var location: Location
        var kind: ParseError.Kind
    }

    typealias TitleLine = AstFrames.TitleLine

    private var stack: [RuleType]
    private(set) var comments: [Comment] = []
    /// The language in force (the parser updates it when a `# language:` line is accepted).
    var language = "en"
    /// Where ids come from; handed on to the pickle compiler once the document is built.
    private(set) var ids: IdCursor
    private let uri: String
    /// The whole file, where `#Other` tokens point.
    private let bytes: [UInt8]

    private var documentFeature: Feature?
    private var feature = AstFrames.Container()
    private var featureHeader = AstFrames.Header()
    private var rule = AstFrames.Container()
    private var ruleHeader = AstFrames.Header()
    private var background = AstFrames.Section()
    private var scenarioDefinition = AstFrames.Definition()
    private var scenario = AstFrames.Section()
    private var examplesDefinition = AstFrames.Definition()
    private var examples = AstFrames.Section()
    private var examplesTableRows: [TableRow] = []
    private var step = AstFrames.StepFrame()
    private var dataTableRows: [TableRow] = []
    private var docStringTitle: TitleLine?
    private var docStringText = AstFrames.TextLines()
    private var tags: [Tag] = []
    private var description = AstFrames.TextLines()

    init(ids: IdCursor, uri: String, bytes: [UInt8]) {
        self.ids = ids
        self.uri = uri
        self.bytes = bytes
        stack = [.gherkinDocument]
        stack.reserveCapacity(12)
    }

    /// The rule of the innermost open node.
    var currentRule: RuleType { stack[stack.count - 1] }

    var depth: Int { stack.count }

    mutating func startRule(_ rule: RuleType) {
        stack.append(rule)
        switch rule {
        case .gherkinDocument: break
        case .feature: feature = AstFrames.Container()
        case .featureHeader: featureHeader = AstFrames.Header()
        case .rule: self.rule = AstFrames.Container()
        case .ruleHeader: ruleHeader = AstFrames.Header()
        case .background: background = AstFrames.Section()
        case .scenarioDefinition: scenarioDefinition = AstFrames.Definition()
        case .scenario: scenario = AstFrames.Section()
        case .examplesDefinition: examplesDefinition = AstFrames.Definition()
        case .examples: examples = AstFrames.Section()
        case .examplesTable: examplesTableRows = []
        case .step: step.clear()
        case .dataTable: dataTableRows = []
        case .docString:
            docStringTitle = nil
            docStringText = AstFrames.TextLines()
        case .tags: tags = []
        case .description: description = AstFrames.TextLines()
        }
    }

    /// Closes the innermost node and hands its result to its parent. On failure the node is
    /// dropped, as in the reference.
    mutating func endRule() throws(Failure) {
        guard stack.count > 1, let node = stack.popLast() else { return }
        try attach(node, to: stack[stack.count - 1])
    }

    /// Records a token the parser accepted inside the innermost rule, moving its strings
    /// and cells out of it (the parser is done with them).
    mutating func build(_ token: inout Token) {
        let top = stack[stack.count - 1]
        switch token.type {
        case .tableRow?:
            var cells: [TableCell] = []
            swap(&cells, &token.cells)
            // Built in place in its table (a row value in between was copied, cells retained).
            if top == .dataTable {
                if dataTableRows.isEmpty { dataTableRows.reserveCapacity(8) }
                dataTableRows.append(TableRow(location: token.location, cells: cells, id: ids.next()))
            } else if top == .examplesTable {
                if examplesTableRows.isEmpty { examplesTableRows.reserveCapacity(8) }
                examplesTableRows.append(TableRow(location: token.location, cells: cells, id: ids.next()))
            } else {
                _ = ids.next()
            }
        case .tagLine?:
            guard top == .tags else { return }
            if tags.isEmpty {
                swap(&tags, &token.items)  // the line's tags are the node's: no copy
            } else {
                tags.append(contentsOf: token.items)
            }
        case .other?:
            if top == .description {
                description.append(token, in: bytes)
            } else if top == .docString {
                docStringText.append(token, in: bytes)
            }
        case .featureLine?, .ruleLine?, .backgroundLine?, .scenarioLine?, .examplesLine?, .stepLine?,
            .docStringSeparator?:
            recordTitle(&token, in: top)
        default:
            break
        }
    }

    mutating func addComment(_ token: inout Token) {
        comments.append(Comment(location: token.location, text: token.text.take() ?? ""))
    }

    /// The document, once the root rule is the only one left.
    var document: GherkinDocument {
        GherkinDocument(uri: uri, feature: documentFeature, comments: comments)
    }

    private mutating func recordTitle(_ token: inout Token, in rule: RuleType) {
        func title() -> TitleLine {
            TitleLine(
                location: token.location, keyword: token.keyword.take() ?? "", keywordType: token.keywordType,
                text: token.text.take() ?? "")
        }
        switch rule {
        case .featureHeader:
            if featureHeader.title == nil {
                featureHeader.title = title()
                featureHeader.language = language
            }
        case .ruleHeader: if ruleHeader.title == nil { ruleHeader.title = title() }
        case .background: if background.title == nil { background.title = title() }
        case .scenario: if scenario.title == nil { scenario.title = title() }
        case .examples: if examples.title == nil { examples.title = title() }
        case .step:
            if !step.hasTitle {
                step.hasTitle = true
                step.location = token.location
                step.keyword = token.keyword.take() ?? ""
                step.keywordType = token.keywordType
                step.text = token.text.take() ?? ""
            }
        case .docString: if docStringTitle == nil { docStringTitle = title() }
        default: break
        }
    }

    private mutating func attach(_ node: RuleType, to parent: RuleType) throws(Failure) {
        switch node {
        case .step:
            // Steps are large: start with room for a typical scenario rather than regrow, but
            // below a kilobyte, which malloc serves from its per-thread cache.
            if parent == .background {
                if background.steps.isEmpty { background.steps.reserveCapacity(5) }
                background.steps.append(makeStep())
            } else if parent == .scenario {
                if scenario.steps.isEmpty { scenario.steps.reserveCapacity(5) }
                scenario.steps.append(makeStep())
            } else {
                _ = makeStep()
            }
        case .docString:
            if parent == .step, !step.docString.hasValue { step.docString = makeDocString() }
        case .dataTable:
            var rows: [TableRow] = []
            swap(&rows, &dataTableRows)
            try checkRows(rows)
            if parent == .step, !step.dataTable.hasValue {
                step.dataTable = DataTable(location: rows.first?.location ?? Location(line: 0), rows: rows)
            }
        case .background: attachBackground(to: parent)
        case .scenarioDefinition:
            guard let made = makeScenario() else { return }
            // Room for several children at once rather than regrowing (8 stay under a kilobyte:
            // a larger block makes malloc consolidate its free lists first).
            if parent == .feature {
                if feature.children.isEmpty { feature.children.reserveCapacity(8) }
                feature.children.append(.scenario(made))
            } else if parent == .rule {
                if rule.ruleChildren.isEmpty { rule.ruleChildren.reserveCapacity(8) }
                rule.ruleChildren.append(.scenario(made))
            }
        case .examplesDefinition:
            guard let made = makeExamples() else { return }
            if parent == .scenario { scenario.examples.append(made) }
        case .examplesTable:
            // Moved out, so that the Examples can split off its header in place.
            var rows: [TableRow] = []
            swap(&rows, &examplesTableRows)
            try checkRows(rows)
            if parent == .examples, !examples.tableRows.hasValue { examples.tableRows = rows }
        case .description: attachDescription(to: parent)
        case .rule:
            guard let made = makeRule() else { return }
            if parent == .feature {
                if feature.children.isEmpty { feature.children.reserveCapacity(8) }
                feature.children.append(.rule(made))
            }
        case .feature:
            if parent == .gherkinDocument, !documentFeature.hasValue { documentFeature = makeFeature() }
        case .tags: attachTags(to: parent)
        case .featureHeader: if parent == .feature { feature.hasHeader = true }
        case .ruleHeader: if parent == .rule { rule.hasHeader = true }
        case .scenario: if parent == .scenarioDefinition { scenarioDefinition.hasInner = true }
        case .examples: if parent == .examplesDefinition { examplesDefinition.hasInner = true }
        case .gherkinDocument: break
        }
    }

    /// The Background comes before any other child (the grammar says so), so appending it
    /// keeps the children in file order.
    private mutating func attachBackground(to parent: RuleType) {
        if parent == .feature, !feature.hasBackground {
            feature.hasBackground = true
            feature.children.reserveCapacity(8)
            feature.children.append(.background(makeBackground()))
        } else if parent == .rule, !rule.hasBackground {
            rule.hasBackground = true
            rule.ruleChildren.reserveCapacity(8)
            rule.ruleChildren.append(.background(makeBackground()))
        }
    }

    private mutating func attachDescription(to parent: RuleType) {
        // Trailing empty lines are dropped, as in the reference.
        let text = String(decoding: description.bytes[0..<description.endOfLastNonEmptyLine], as: UTF8.self)
        switch parent {
        case .featureHeader: if !featureHeader.description.hasValue { featureHeader.description = text }
        case .ruleHeader: if !ruleHeader.description.hasValue { ruleHeader.description = text }
        case .background: if !background.description.hasValue { background.description = text }
        case .scenario: if !scenario.description.hasValue { scenario.description = text }
        case .examples: if !examples.description.hasValue { examples.description = text }
        default: break
        }
    }

    private mutating func attachTags(to parent: RuleType) {
        switch parent {
        case .featureHeader: if !featureHeader.tags.hasValue { featureHeader.tags = tags }
        case .ruleHeader: if !ruleHeader.tags.hasValue { ruleHeader.tags = tags }
        case .scenarioDefinition: if !scenarioDefinition.tags.hasValue { scenarioDefinition.tags = tags }
        case .examplesDefinition: if !examplesDefinition.tags.hasValue { examplesDefinition.tags = tags }
        default: break
        }
    }

    /// The tags with their ids, drawn now (the tagged rule is ending).
    private static func makeTags(_ pending: inout [Tag]?, ids: inout IdCursor) -> [Tag] {
        guard var tags = pending.take() else { return [] }
        for index in tags.indices { tags[index].id = ids.next() }
        return tags
    }

    /// Fails unless every row has as many cells as the first.
    private func checkRows(_ rows: [TableRow]) throws(Failure) {
        guard let first = rows.first else { return }
        for row in rows where row.cells.count != first.cells.count {
            throw Failure(
                message: "inconsistent cell count within the table", location: row.location,
                kind: .inconsistentCells(cells: row.cells.map(\.value), firstRow: first.cells.map(\.value)))
        }
    }

    /// The finished step; its frame is moved out (not copied), as the step is done.
    @inline(__always)
    private mutating func makeStep() -> Step {
        // Fields are moved out of the frame (swapped, not copied and released), leaving it
        // clean for the next step.
        let made = Step(
            location: step.location, keyword: take(&step.keyword), keywordType: step.keywordType,
            text: take(&step.text), docString: step.docString.take(), dataTable: step.dataTable.take(), id: ids.next()
        )
        step.hasTitle = false
        step.location = Location(line: 0)
        step.keywordType = nil
        return made
    }

    private func makeDocString() -> DocString {
        let separator = docStringTitle
        let mediaType = separator?.text ?? ""
        return DocString(
            location: separator?.location ?? Location(line: 0),
            mediaType: mediaType.isEmpty ? nil : mediaType,
            content: String(decoding: docStringText.bytes, as: UTF8.self),
            delimiter: separator?.keyword ?? "\"\"\""
        )
    }

    private mutating func makeBackground() -> Background {
        var line = background.title.take() ?? AstFrames.TitleLine(location: Location(line: 0), keyword: "", text: "")
        return Background(
            location: line.location, keyword: take(&line.keyword), name: take(&line.text),
            description: background.description.take() ?? "", steps: take(&background.steps), id: ids.next()
        )
    }

    private mutating func makeScenario() -> Scenario? {
        let tags = Self.makeTags(&scenarioDefinition.tags, ids: &ids)
        guard scenarioDefinition.hasInner, var line = scenario.title.take() else { return nil }
        return Scenario(
            location: line.location, tags: tags, keyword: take(&line.keyword), name: take(&line.text),
            description: scenario.description.take() ?? "", steps: take(&scenario.steps),
            examples: take(&scenario.examples), id: ids.next()
        )
    }

    private mutating func makeExamples() -> Examples? {
        let tags = Self.makeTags(&examplesDefinition.tags, ids: &ids)
        guard examplesDefinition.hasInner, var line = examples.title.take() else { return nil }
        // The body is the rows' own array with the header taken off (no second array).
        var body = examples.tableRows.take() ?? []
        let header = body.isEmpty ? nil : body.removeFirst()
        return Examples(
            location: line.location, tags: tags, keyword: take(&line.keyword), name: take(&line.text),
            description: examples.description.take() ?? "", tableHeader: header, tableBody: body, id: ids.next()
        )
    }

    private mutating func makeRule() -> Rule? {
        guard rule.hasHeader else { return nil }
        let tags = Self.makeTags(&ruleHeader.tags, ids: &ids)
        guard var line = ruleHeader.title.take() else { return nil }
        return Rule(
            location: line.location, tags: tags, keyword: take(&line.keyword), name: take(&line.text),
            description: ruleHeader.description.take() ?? "", children: take(&rule.ruleChildren), id: ids.next()
        )
    }

    private mutating func makeFeature() -> Feature? {
        guard feature.hasHeader else { return nil }
        let tags = Self.makeTags(&featureHeader.tags, ids: &ids)
        guard var line = featureHeader.title.take() else { return nil }
        return Feature(
            location: line.location, tags: tags, language: featureHeader.language, keyword: take(&line.keyword),
            name: take(&line.text), description: featureHeader.description.take() ?? "",
            children: take(&feature.children)
        )
    }

    /// `value` moved out, an empty one left in its place (a swap: no retain, no release).
    @inline(__always)
    private func take(_ value: inout String) -> String {
        var out = ""
        swap(&out, &value)
        return out
    }

    @inline(__always)
    private func take<Element>(_ value: inout [Element]) -> [Element] {
        var out: [Element] = []
        swap(&out, &value)
        return out
    }
}
