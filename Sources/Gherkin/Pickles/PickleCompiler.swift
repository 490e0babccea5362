/// Compiles a `GherkinDocument` into pickles: one per Scenario and one per Examples row
/// of an outline, Background steps first, placeholders filled in, tags inherited.
struct PickleCompiler {
    let ids: IdGenerator

    func compile(_ document: GherkinDocument, uri: String) -> [Pickle] {
        guard let feature = document.feature else { return [] }
        var pickles: [Pickle] = []
        var backgroundSteps: [Step] = []
        let context = Context(uri: uri, language: feature.language)
        for child in feature.children {
            switch child {
            case .background(let background):
                backgroundSteps += background.steps
            case .scenario(let scenario):
                compile(
                    scenario, inheritedTags: feature.tags, backgroundSteps: backgroundSteps, context, into: &pickles)
            case .rule(let rule):
                let tags = feature.tags + rule.tags
                var ruleBackgroundSteps = backgroundSteps
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background):
                        ruleBackgroundSteps += background.steps
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
    }

    private func compile(
        _ scenario: Scenario, inheritedTags: [Tag], backgroundSteps: [Step], _ context: Context,
        into pickles: inout [Pickle]
    ) {
        if scenario.examples.isEmpty {
            var steps: [PickleStep] = []
            if !scenario.steps.isEmpty {
                steps.reserveCapacity(backgroundSteps.count + scenario.steps.count)
                var lastType: PickleStepType? = .unknown
                for step in backgroundSteps {
                    steps.append(pickleStep(step, lastType: &lastType, placeholders: nil, rowId: nil))
                }
                for step in scenario.steps {
                    steps.append(pickleStep(step, lastType: &lastType, placeholders: nil, rowId: nil))
                }
            }
            pickles.append(
                Pickle(
                    id: ids.next(), uri: context.uri, location: scenario.location, name: scenario.name,
                    language: context.language, steps: steps, tags: pickleTags(inheritedTags, scenario.tags),
                    astNodeIds: [scenario.id]
                )
            )
            return
        }
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let names = Placeholders.Names(header.cells.map(\.value))
            for row in examples.tableBody {
                let placeholders = Placeholders(names: names, values: row.cells)
                var steps: [PickleStep] = []
                if !scenario.steps.isEmpty {
                    steps.reserveCapacity(backgroundSteps.count + scenario.steps.count)
                    // The reference starts outlines without a type, so a leading `And` has none.
                    var lastType: PickleStepType? = nil
                    for step in backgroundSteps {
                        steps.append(pickleStep(step, lastType: &lastType, placeholders: nil, rowId: nil))
                    }
                    for step in scenario.steps {
                        steps.append(pickleStep(step, lastType: &lastType, placeholders: placeholders, rowId: row.id))
                    }
                }
                pickles.append(
                    Pickle(
                        id: ids.next(), uri: context.uri, location: row.location,
                        name: placeholders.fill(scenario.name),
                        language: context.language, steps: steps,
                        tags: pickleTags(inheritedTags, scenario.tags, examples.tags),
                        astNodeIds: [scenario.id, row.id]
                    )
                )
            }
        }
    }

    private func pickleStep(
        _ step: Step, lastType: inout PickleStepType?, placeholders: Placeholders?, rowId: String?
    ) -> PickleStep {
        switch step.keywordType {
        case .context?: lastType = .context
        case .action?: lastType = .action
        case .outcome?: lastType = .outcome
        case .unknown?: lastType = .unknown
        case .conjunction?, nil: break
        }
        func fill(_ text: String) -> String {
            placeholders?.fill(text) ?? text
        }
        var docString = step.docString.map {
            PickleDocString(mediaType: $0.mediaType.map(fill), content: fill($0.content))
        }
        var dataTable = step.dataTable.map { table in
            PickleTable(
                rows: table.rows.map { PickleTableRow(cells: $0.cells.map { PickleTableCell(value: fill($0.value)) }) })
        }
        if let stepDocString = step.docString, let stepTable = step.dataTable {
            let tableFirst = stepDocString.location.line > stepTable.location.line
            dataTable?.argumentIndex = tableFirst ? 1 : 2
            docString?.argumentIndex = tableFirst ? 2 : 1
        }
        return PickleStep(
            docString: docString, dataTable: dataTable, astNodeIds: rowId.map { [step.id, $0] } ?? [step.id],
            id: ids.next(), type: lastType, text: fill(step.text)
        )
    }

    private func pickleTags(_ groups: [Tag]...) -> [PickleTag] {
        var tags: [PickleTag] = []
        tags.reserveCapacity(groups.reduce(0) { $0 + $1.count })
        for group in groups {
            for tag in group { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        }
        return tags
    }
}
