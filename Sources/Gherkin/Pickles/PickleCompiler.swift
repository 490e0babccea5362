/// Compiles a `GherkinDocument` into pickles: one per Scenario and one per Examples row
/// of an outline, Background steps first, placeholders filled in, tags inherited.
///
/// Background steps are compiled once per Background and copied into each pickle with a
/// fresh id and type (their arrays and strings are shared, not rebuilt); the tags of an
/// Examples are compiled once for all its rows.
struct PickleCompiler {
    /// Continues where the AST builder stopped drawing.
    var ids: IdCursor

    /// A Background step compiled without its id and type, which differ per pickle.
    private struct BackgroundStep {
        var step: PickleStep
        var keywordType: StepKeywordType?
    }

    mutating func compile(_ document: GherkinDocument, uri: String) -> [Pickle] {
        guard let feature = document.feature else { return [] }
        var pickles: [Pickle] = []
        pickles.reserveCapacity(Self.pickleCount(feature))
        var backgroundSteps: [BackgroundStep] = []
        let context = Context(uri: uri, language: feature.language, noPlaceholders: Placeholders(names: .init()))
        // One set of buffers for every Examples of the file.
        var placeholders = Placeholders(names: .init())
        for child in feature.children {
            switch child {
            case .background(let background):
                for step in background.steps { backgroundSteps.append(backgroundStep(step)) }
            case .scenario(let scenario):
                compile(
                    scenario, inheritedTags: feature.tags, backgroundSteps: backgroundSteps, context, &placeholders,
                    into: &pickles)
            case .rule(let rule):
                let tags = feature.tags + rule.tags
                var ruleBackgroundSteps = backgroundSteps
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background):
                        for step in background.steps { ruleBackgroundSteps.append(backgroundStep(step)) }
                    case .scenario(let scenario):
                        compile(
                            scenario, inheritedTags: tags, backgroundSteps: ruleBackgroundSteps, context,
                            &placeholders, into: &pickles)
                    }
                }
            }
        }
        return pickles
    }

    /// About how many pickles `feature` makes (two per scenario), so that their array is
    /// allocated once in most files (counting exactly would copy every scenario once more).
    private static func pickleCount(_ feature: Feature) -> Int {
        var total = 0
        for child in feature.children {
            switch child {
            case .background: break
            case .scenario: total += 2
            case .rule(let rule): total += 2 * rule.children.count
            }
        }
        return total
    }

    private struct Context {
        var uri: String
        var language: String
        /// What steps outside outlines are filled with (nothing).
        var noPlaceholders: Placeholders
    }

    private mutating func compile(
        _ scenario: Scenario, inheritedTags: [Tag], backgroundSteps: [BackgroundStep], _ context: Context,
        _ placeholders: inout Placeholders, into pickles: inout [Pickle]
    ) {
        if scenario.examples.isEmpty {
            let steps = pickleSteps(
                scenario.steps, backgroundSteps, initialType: .unknown, context.noPlaceholders, rowId: nil)
            pickles.append(
                Pickle(
                    id: ids.next(), uri: context.uri, location: scenario.location, name: scenario.name,
                    language: context.language, steps: steps, tags: pickleTags(inheritedTags, scenario.tags, []),
                    astNodeIds: [scenario.id]
                )
            )
            return
        }
        // Examples and rows are read in place: iterating copies each one (retains its arrays).
        scenario.examples.withUnsafeBufferPointer { allExamples in
            for examplesIndex in allExamples.indices {
                guard let header = allExamples[examplesIndex].tableHeader?.cells else { continue }
                placeholders.load(header: header)
                let tags = pickleTags(inheritedTags, scenario.tags, allExamples[examplesIndex].tags)
                allExamples[examplesIndex].tableBody.withUnsafeBufferPointer { rows in
                    for index in rows.indices {
                        placeholders.load(rows[index].cells)
                        placeholders.rowLine = rows[index].location.line
                        // The reference starts outlines without a type, so a leading `And` has none.
                        let steps = pickleSteps(
                            scenario.steps, backgroundSteps, initialType: nil, placeholders, rowId: rows[index].id)
                        pickles.append(
                            Pickle(
                                id: ids.next(), uri: context.uri, location: rows[index].location,
                                name: placeholders.fill(scenario.name),
                                language: context.language, steps: steps, tags: tags,
                                astNodeIds: [scenario.id, rows[index].id]
                            )
                        )
                    }
                }
            }
        }
    }

    /// The Background's steps then the scenario's, ids drawn in that order; none at all
    /// when the scenario has no steps.
    private mutating func pickleSteps(
        _ scenarioSteps: [Step], _ backgroundSteps: [BackgroundStep], initialType: PickleStepType?,
        _ placeholders: borrowing Placeholders, rowId: String?
    ) -> [PickleStep] {
        guard !scenarioSteps.isEmpty else { return [] }
        let count = backgroundSteps.count + scenarioSteps.count
        return scenarioSteps.withUnsafeBufferPointer { scenarioSteps in
            backgroundSteps.withUnsafeBufferPointer { backgroundSteps in
                [PickleStep](unsafeUninitializedCapacity: count) { buffer, initialized in
                    var lastType = initialType
                    // Fields are read in place: copying a whole template per pickle shows in profiles.
                    for index in backgroundSteps.indices {
                        Self.update(&lastType, backgroundSteps[index].keywordType)
                        buffer.initializeElement(
                            at: initialized,
                            to: PickleStep(
                                docString: backgroundSteps[index].step.docString,
                                dataTable: backgroundSteps[index].step.dataTable,
                                astNodeIds: backgroundSteps[index].step.astNodeIds, id: ids.next(), type: lastType,
                                text: backgroundSteps[index].step.text))
                        initialized += 1
                    }
                    for index in scenarioSteps.indices {
                        Self.update(&lastType, scenarioSteps[index].keywordType)
                        buffer.initializeElement(
                            at: initialized,
                            to: pickleStep(
                                scenarioSteps, index, type: lastType, placeholders: placeholders, rowId: rowId, id: nil)
                        )
                        initialized += 1
                    }
                }
            }
        }
    }

    private mutating func backgroundStep(_ step: Step) -> BackgroundStep {
        [step].withUnsafeBufferPointer { steps in
            BackgroundStep(
                step: pickleStep(steps, 0, type: nil, placeholders: Placeholders(names: .init()), rowId: nil, id: ""),
                keywordType: step.keywordType)
        }
    }

    /// And/But (and a missing keyword type) keep the type of the step before.
    private static func update(_ lastType: inout PickleStepType?, _ keywordType: StepKeywordType?) {
        switch keywordType {
        case .context?: lastType = .context
        case .action?: lastType = .action
        case .outcome?: lastType = .outcome
        case .unknown?: lastType = .unknown
        case .conjunction?, nil: break
        }
    }

    /// `steps[index]` with placeholders filled in; its id is drawn here unless one is given.
    /// The step is read in place: copying a whole `Step` per pickle shows in profiles.
    private mutating func pickleStep(
        _ steps: UnsafeBufferPointer<Step>, _ index: Int, type: PickleStepType?, placeholders: borrowing Placeholders,
        rowId: String?, id: String?
    ) -> PickleStep {
        let astNodeIds = rowId.map { [steps[index].id, $0] } ?? [steps[index].id]
        guard steps[index].docString.hasValue || steps[index].dataTable.hasValue else {
            return PickleStep(
                docString: nil, dataTable: nil, astNodeIds: astNodeIds, id: id ?? ids.next(), type: type,
                text: placeholders.fill(steps[index].text)
            )
        }
        let step = steps[index]
        var docString: PickleDocString?
        if let stepDocString = step.docString {
            docString = PickleDocString(
                mediaType: stepDocString.mediaType.map { placeholders.fill($0) },
                content: placeholders.fill(stepDocString.content))
        }
        var dataTable: PickleTable?
        if let stepTable = step.dataTable {
            var rows: [PickleTableRow] = []
            rows.reserveCapacity(stepTable.rows.count)
            for row in stepTable.rows {
                var cells: [PickleTableCell] = []
                cells.reserveCapacity(row.cells.count)
                var filled = false
                for cell in row.cells {
                    filled = filled || cell.value.utf8.contains(UInt8(ascii: "<"))
                    cells.append(PickleTableCell(value: placeholders.fill(cell.value)))
                }
                rows.append(
                    PickleTableRow(
                        cells: cells, line: row.location.line, valuesLine: filled ? placeholders.rowLine : nil))
            }
            dataTable = PickleTable(rows: rows)
        }
        if let stepDocString = step.docString, let stepTable = step.dataTable {
            let tableFirst = stepDocString.location.line > stepTable.location.line
            dataTable?.argumentIndex = tableFirst ? 1 : 2
            docString?.argumentIndex = tableFirst ? 2 : 1
        }
        return PickleStep(
            docString: docString, dataTable: dataTable, astNodeIds: astNodeIds, id: id ?? ids.next(), type: type,
            text: placeholders.fill(step.text)
        )
    }

    private func pickleTags(_ feature: [Tag], _ scenario: [Tag], _ examples: [Tag]) -> [PickleTag] {
        var tags: [PickleTag] = []
        tags.reserveCapacity(feature.count + scenario.count + examples.count)
        for tag in feature { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        for tag in scenario { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        for tag in examples { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        return tags
    }
}
