import CucumberExpressions
import Wire

/// The step library's envelopes: `parameterType`, `stepDefinition`, `hook` and
/// `undefinedParameterType`, in the order they were registered, each with where it is written (`sourceReference`).
extension MessageStream {
    mutating func writeGlue(_ registry: StepRegistry, into json: inout JSONWriter) {
        for registration in registry.registrationOrder {
            switch registration {
            case .parameterType(let name, let location):
                guard let type = registry.parameterTypes.lookup(name: name) else { continue }
                let id = ids.next()
                json.envelope("parameterType") { json in
                    json.member("id", id)
                    json.member("name", type.name)
                    json.array("regularExpressions", type.regexps) { json, regex in json.string(regex) }
                    json.member("preferForRegularExpressionMatch", type.preferForRegexpMatch)
                    json.member("useForSnippets", type.useForSnippets)
                    json.sourceReference(location)
                }
            case .definition(let index):
                let definition = registry.definitions[index]
                let id = ids.next()
                definitionIDs[index] = id
                json.envelope("stepDefinition") { json in
                    json.member("id", id)
                    json.object("pattern") { json in
                        json.member("source", definition.expression.source)
                        json.member(
                            "type",
                            definition.expression is RegularExpression ? "REGULAR_EXPRESSION" : "CUCUMBER_EXPRESSION")
                    }
                    json.sourceReference(definition.sourceLocation)
                }
            case .runHook(let index):
                let hook = registry.runHooks[index]
                let id = ids.next()
                runHookIDs[index] = id
                json.hookEnvelope(
                    id: id, type: hook.phase == .beforeRun ? "BEFORE_TEST_RUN" : "AFTER_TEST_RUN", name: hook.name,
                    location: hook.sourceLocation)
            case .undefinedParameterType(let name, let expression, _):
                json.envelope("undefinedParameterType") { json in
                    json.member("name", name)
                    json.member("expression", expression)
                }
            case .hook(let index):
                let hook = registry.hooks[index]
                let id = ids.next()
                hookIDs[index] = id
                json.hookEnvelope(
                    id: id, type: hook.phase == .beforeScenario ? "BEFORE_TEST_CASE" : "AFTER_TEST_CASE",
                    name: hook.name, tagExpression: hook.tagExpression, location: hook.sourceLocation)
            }
        }
    }
}

extension MessageStream {
    /// A `hook` envelope for each description line planned as a step, named by its text and
    /// placed at its line (`lostLineIDs`).
    mutating func writeLostLines(_ scenarios: [PlannedScenario], into json: inout JSONWriter) {
        for scenario in scenarios {
            for step in scenario.steps where step.isLost && lostLineIDs[step.location] == nil {
                let id = ids.next()
                lostLineIDs[step.location] = id
                json.hookEnvelope(
                    id: id, type: "BEFORE_TEST_CASE", name: step.text,
                    location: "\(step.location.uri):\(step.location.line)")
            }
        }
    }
}

extension JSONWriter {
    /// A `hook` envelope: a scenario's hook has a tag expression, a run's never.
    fileprivate mutating func hookEnvelope(
        id: String, type: String, name: String?, tagExpression: String? = nil, location: String
    ) {
        envelope("hook") { json in
            json.member("id", id)
            json.member("type", type)
            json.member("name", ifPresent: name)
            json.member("tagExpression", ifPresent: tagExpression)
            json.sourceReference(location)
        }
    }

    /// `"sourceReference":{"uri":…,"location":{"line":…}}` from `Module/File.swift:12`.
    mutating func sourceReference(_ location: String) {
        let parts = location.split(separator: ":", omittingEmptySubsequences: false)
        object("sourceReference") { json in
            if parts.count >= 2, let line = Int(parts[parts.count - 1]) {
                json.member("uri", parts.dropLast().joined(separator: ":"))
                json.object("location") { json in json.member("line", line) }
            } else {
                json.member("uri", location)
            }
        }
    }
}
