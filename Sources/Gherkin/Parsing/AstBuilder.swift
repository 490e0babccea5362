/// Turns the parser's rule events and tokens into a `GherkinDocument`.
///
/// Ids are drawn in the same order as the reference builder (a node's tags, then the node
/// itself, when its rule ends), so `--predictable-ids` output matches it.
struct AstBuilder {
    /// Raised when a finished rule is malformed (a table with uneven rows).
    struct Failure: Error {
        var message: String
        var location: Location
    }

    private var stack: [AstNode] = [AstNode(rule: .gherkinDocument)]
    private(set) var comments: [Comment] = []
    private let ids: IdGenerator
    private let uri: String
    /// The whole file, where `#Other` tokens point.
    private let bytes: [UInt8]

    init(ids: IdGenerator, uri: String, bytes: [UInt8]) {
        self.ids = ids
        self.uri = uri
        self.bytes = bytes
    }

    /// The rule of the innermost open node.
    var currentRule: RuleType { stack[stack.count - 1].rule }

    var depth: Int { stack.count }

    mutating func startRule(_ rule: RuleType) {
        stack.append(AstNode(rule: rule))
    }

    /// Closes the innermost node and hands its result to its parent. On failure the node is
    /// dropped, as in the reference.
    mutating func endRule() throws(Failure) {
        guard stack.count > 1, let node = stack.popLast() else { return }
        try attach(node, to: stack[stack.count - 1])
    }

    func build(_ token: Token) {
        let node = stack[stack.count - 1]
        if token.type == .tableRow {
            let cells = token.items.map {
                TableCell(location: Location(line: token.lineNumber, column: $0.column), value: $0.text)
            }
            node.rows.append(TableRow(location: token.location, cells: cells, id: ids.next()))
        } else {
            node.add(token, in: bytes)
        }
    }

    mutating func addComment(_ token: Token) {
        comments.append(Comment(location: token.location, text: token.text ?? ""))
    }

    /// The document, once the root rule is the only one left.
    var document: GherkinDocument {
        GherkinDocument(uri: uri, feature: stack[0].feature, comments: comments)
    }

    private func attach(_ node: AstNode, to parent: AstNode) throws(Failure) {
        switch node.rule {
        case .step: parent.steps.append(makeStep(node))
        case .docString: if parent.docString == nil { parent.docString = makeDocString(node) }
        case .dataTable:
            let rows = try checkedRows(node.rows)
            if parent.dataTable == nil {
                parent.dataTable = DataTable(location: rows.first?.location ?? Location(line: 0), rows: rows)
            }
        case .background: if parent.background == nil { parent.background = makeBackground(node) }
        case .scenarioDefinition: if let scenario = makeScenario(node) { parent.scenarios.append(scenario) }
        case .examplesDefinition: if let examples = makeExamples(node) { parent.examples.append(examples) }
        case .examplesTable:
            let rows = try checkedRows(node.rows)
            if parent.tableRows == nil { parent.tableRows = rows }
        case .description: if parent.description == nil { parent.description = makeDescription(node) }
        case .rule: if let rule = makeRule(node) { parent.rules.append(rule) }
        case .feature: if parent.feature == nil { parent.feature = makeFeature(node) }
        case .tags: if parent.tags == nil { parent.tags = node }
        case .featureHeader, .ruleHeader, .scenario, .examples: if parent.inner == nil { parent.inner = node }
        case .gherkinDocument: break
        }
    }

    private func tags(of node: AstNode) -> [Tag] {
        guard let tagsNode = node.tags else { return [] }
        var tags: [Tag] = []
        for token in tagsNode.tagLines {
            for item in token.items {
                tags.append(
                    Tag(
                        location: Location(line: token.lineNumber, column: item.column), name: item.text, id: ids.next()
                    )
                )
            }
        }
        return tags
    }

    /// The rows, once every row has as many cells as the first.
    private func checkedRows(_ rows: [TableRow]) throws(Failure) -> [TableRow] {
        if let first = rows.first {
            for row in rows where row.cells.count != first.cells.count {
                throw Failure(message: "inconsistent cell count within the table", location: row.location)
            }
        }
        return rows
    }

    private func makeStep(_ node: AstNode) -> Step {
        let line = node.titleToken
        return Step(
            location: line?.location ?? Location(line: 0), keyword: line?.keyword ?? "",
            keywordType: line?.keywordType, text: line?.text ?? "", docString: node.docString,
            dataTable: node.dataTable, id: ids.next()
        )
    }

    private func makeDocString(_ node: AstNode) -> DocString {
        let separator = node.titleToken
        let mediaType = separator?.text ?? ""
        return DocString(
            location: separator?.location ?? Location(line: 0),
            mediaType: mediaType.isEmpty ? nil : mediaType,
            content: String(decoding: node.otherText, as: UTF8.self),
            delimiter: separator?.keyword ?? "\"\"\""
        )
    }

    private func makeDescription(_ node: AstNode) -> String {
        // Trailing empty lines are dropped, as in the reference.
        String(decoding: node.otherText[0..<node.otherTextEndOfLastNonEmptyLine], as: UTF8.self)
    }

    private func makeBackground(_ node: AstNode) -> Background {
        let line = node.titleToken
        return Background(
            location: line?.location ?? Location(line: 0), keyword: line?.keyword ?? "", name: line?.text ?? "",
            description: node.description ?? "", steps: node.steps, id: ids.next()
        )
    }

    private func makeScenario(_ node: AstNode) -> Scenario? {
        let tags = tags(of: node)
        guard let scenario = node.inner, let line = scenario.titleToken else { return nil }
        return Scenario(
            location: line.location, tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
            description: scenario.description ?? "", steps: scenario.steps, examples: scenario.examples,
            id: ids.next()
        )
    }

    private func makeExamples(_ node: AstNode) -> Examples? {
        let tags = tags(of: node)
        guard let examples = node.inner, let line = examples.titleToken else { return nil }
        let rows = examples.tableRows ?? []
        return Examples(
            location: line.location, tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
            description: examples.description ?? "", tableHeader: rows.first, tableBody: Array(rows.dropFirst()),
            id: ids.next()
        )
    }

    private func makeRule(_ node: AstNode) -> Rule? {
        guard let header = node.inner else { return nil }
        let tags = tags(of: header)
        guard let line = header.titleToken else { return nil }
        var children: [RuleChild] = []
        if let background = node.background { children.append(.background(background)) }
        for scenario in node.scenarios { children.append(.scenario(scenario)) }
        return Rule(
            location: line.location, tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
            description: header.description ?? "", children: children, id: ids.next()
        )
    }

    private func makeFeature(_ node: AstNode) -> Feature? {
        guard let header = node.inner else { return nil }
        let tags = tags(of: header)
        guard let line = header.titleToken else { return nil }
        var children: [FeatureChild] = []
        if let background = node.background { children.append(.background(background)) }
        for scenario in node.scenarios { children.append(.scenario(scenario)) }
        for rule in node.rules { children.append(.rule(rule)) }
        return Feature(
            location: line.location, tags: tags, language: line.language, keyword: line.keyword ?? "",
            name: line.text ?? "", description: header.description ?? "", children: children
        )
    }
}
