/// Compiles a `GherkinDocument` into pickles: one per Scenario and one per Examples row
/// of an outline, Background steps first, placeholders filled in, tags inherited.
///
/// Background steps are compiled once per Background and copied into each pickle with a
/// fresh id and type (their arrays and strings are shared, not rebuilt); the tags of an
/// Examples are compiled once for all its rows.
struct PickleCompiler {
    let ids: IdGenerator

    /// A Background step compiled without its id and type, which differ per pickle.
    private struct BackgroundStep {
        var step: PickleStep
        var keywordType: StepKeywordType?
    }

    func compile(_ document: GherkinDocument, uri: String) -> [Pickle] {
        guard let feature = document.feature else { return [] }
        var pickles: [Pickle] = []
        var backgroundSteps: [BackgroundStep] = []
        let context = Context(uri: uri, language: feature.language, noPlaceholders: Placeholders(names: .init([])))
        for child in feature.children {
            switch child {
            case .background(let background):
                backgroundSteps += background.steps.map(backgroundStep)
            case .scenario(let scenario):
                compile(
                    scenario, inheritedTags: feature.tags, backgroundSteps: backgroundSteps, context, into: &pickles)
            case .rule(let rule):
                let tags = feature.tags + rule.tags
                var ruleBackgroundSteps = backgroundSteps
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background):
                        ruleBackgroundSteps += background.steps.map(backgroundStep)
                    case .scenario(let scenario):
                        compile(
                            scenario, inheritedTags: tags, backgroundSteps: ruleBackgroundSteps, context, into: &pickles
                        )
                    }
                }
            }
        }
        return pickles
    }

    private struct Context {
        var uri: String
        var language: String
        /// What steps outside outlines are filled with (nothing).
        var noPlaceholders: Placeholders
    }

    private func compile(
        _ scenario: Scenario, inheritedTags: [Tag], backgroundSteps: [BackgroundStep], _ context: Context,
        into pickles: inout [Pickle]
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
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            var placeholders = Placeholders(names: Placeholders.Names(header.cells.map(\.value)))
            let tags = pickleTags(inheritedTags, scenario.tags, examples.tags)
            for row in examples.tableBody {
                placeholders.load(row.cells)
                // The reference starts outlines without a type, so a leading `And` has none.
                let steps = pickleSteps(scenario.steps, backgroundSteps, initialType: nil, placeholders, rowId: row.id)
                pickles.append(
                    Pickle(
                        id: ids.next(), uri: context.uri, location: row.location,
                        name: placeholders.fill(scenario.name),
                        language: context.language, steps: steps, tags: tags,
                        astNodeIds: [scenario.id, row.id]
                    )
                )
            }
        }
    }

    /// The Background's steps then the scenario's, ids drawn in that order; none at all
    /// when the scenario has no steps.
    private func pickleSteps(
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

    private func backgroundStep(_ step: Step) -> BackgroundStep {
        [step].withUnsafeBufferPointer { steps in
            BackgroundStep(
                step: pickleStep(steps, 0, type: nil, placeholders: Placeholders(names: .init([])), rowId: nil, id: ""),
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
    private func pickleStep(
        _ steps: UnsafeBufferPointer<Step>, _ index: Int, type: PickleStepType?, placeholders: borrowing Placeholders,
        rowId: String?, id: String?
    ) -> PickleStep {
        let astNodeIds = rowId.map { [steps[index].id, $0] } ?? [steps[index].id]
        guard steps[index].docString != nil || steps[index].dataTable != nil else {
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
                for cell in row.cells { cells.append(PickleTableCell(value: placeholders.fill(cell.value))) }
                rows.append(PickleTableRow(cells: cells))
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
