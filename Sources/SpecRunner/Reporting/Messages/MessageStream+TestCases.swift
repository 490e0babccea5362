import CucumberExpressions
import Foundation
import Gherkin
import Wire

/// The `testCase` envelopes: for each planned scenario, its before hooks, steps and
/// after hooks as test steps, in the order they run, each step with the definitions it
/// matched and their arguments.
extension MessageStream {
    /// The scenario's test case: its test steps' ids, and how each step text matched.
    mutating func planTestCase(_ scenario: PlannedScenario) {
        let registry = start.registry
        var steps: [(id: String, kind: TestStepKind)] = []
        let hooks = registry?.hooks ?? []
        let matching = hooks.indices.filter { index in
            guard index < hookTags.count, let tags = hookTags[index] else { return true }
            return tags.evaluate(scenario.tags)
        }
        for index in matching where hooks[index].phase == .beforeScenario { steps.append((ids.next(), .hook(index))) }
        let lost = scenario.steps.filter(\.isLost).count
        for (index, step) in scenario.steps.enumerated() {
            steps.append((ids.next(), step.isLost ? .lost(index) : .step(index, pickleStep: index - lost)))
        }
        for index in matching.reversed() where hooks[index].phase == .afterScenario {
            steps.append((ids.next(), .hook(index)))
        }
        let testCase = TestCasePlan(id: ids.next(), steps: steps)
        testCases[scenario.id] = testCase
        for index in scenario.steps.indices
        where !scenario.steps[index].isLost && matchFields[UTF8Text(scenario.steps[index].text)] == nil {
            var fields = JSONWriter()
            Self.writeMatch(
                of: scenario.steps[index], definitions: registry?.definitions ?? [], definitionIDs: definitionIDs,
                into: &fields)
            matchFields[UTF8Text(scenario.steps[index].text)] = fields.bytes
        }
    }

    /// The scenario's `testCase` envelope (`planTestCase` made its ids).
    func writeTestCase(_ scenario: PlannedScenario, into json: inout JSONWriter) {
        guard let testCase = testCases[scenario.id] else { return }
        let pickle = pickle(of: scenario)
        json.envelope("testCase") { json in
            json.member("id", testCase.id)
            json.member("pickleId", pickle.id)
            json.array("testSteps", testCase.steps) { json, step in
                json.object { json in
                    switch step.kind {
                    case .hook(let index):
                        json.member("hookId", hookIDs[index] ?? "")
                        json.member("id", step.id)
                    case .lost(let index):
                        json.member("hookId", lostLineIDs[scenario.steps[index].location] ?? "")
                        json.member("id", step.id)
                    case .step(let index, let pickleStep):
                        json.member("id", step.id)
                        json.member(
                            "pickleStepId", pickle.steps.indices.contains(pickleStep) ? pickle.steps[pickleStep].id : ""
                        )
                        // Fields written once for the text (`"a":1,"b":2`), appended as they are.
                        json.raw(bytes: matchFields[UTF8Text(scenario.steps[index].text)] ?? [])
                    }
                }
            }
            json.member("testRunStartedId", testRunStartedID)
        }
    }

    /// `stepDefinitionIds` and `stepMatchArgumentsLists`: one definition, several
    /// (ambiguous, each with its own arguments) or none (undefined).
    private static func writeMatch(
        of step: PlannedStep, definitions: [StepDefinition], definitionIDs: [Int: String], into json: inout JSONWriter
    ) {
        var matched: [(index: Int, arguments: [ExpressionArgument])] = []
        switch step.match {
        case .matched(let definition, let arguments): matched = [(definition, arguments)]
        case .ambiguous(let candidates):
            matched = candidates.map { index in
                (index, definitions.indices.contains(index) ? definitions[index].expression.match(step.text) ?? [] : [])
            }
        case .undefined: break
        }
        json.array("stepDefinitionIds", matched) { json, match in json.string(definitionIDs[match.index] ?? "") }
        json.array("stepMatchArgumentsLists", matched) { json, match in
            json.object { json in
                json.array("stepMatchArguments", match.arguments) { json, argument in
                    json.object { json in
                        json.object("group") { json in
                            json.group(start: argument.start, value: argument.text, children: argument.children)
                        }
                        if !argument.parameterTypeName.isEmpty {
                            json.member("parameterTypeName", argument.parameterTypeName)
                        }
                    }
                }
            }
        }
    }
}

extension JSONWriter {
    /// A `Group`'s fields: its start, value and children, each when it has it.
    mutating func group(start: Int?, value: String?, children: [MatchedGroup]) {
        member("start", ifPresent: start)
        member("value", ifPresent: value)
        guard !children.isEmpty else { return }
        array("children", children) { json, child in
            json.object { json in json.group(start: child.start, value: child.value, children: child.children) }
        }
    }
}
