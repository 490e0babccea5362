import StepLibrary
import Wire

/// Compares what the target did with what the built-in model did on the same action:
/// the same outcome and code, the same state (every member the model's state has), the
/// same calendar answers, the same screen and fields on the display.
enum ModelComparison {
    /// The first rule the target broke where it differs from the model, if any, and how.
    static func check(
        _ action: ExploreAction, target: Observation, model: Observation,
        targetDisplay: String, modelDisplay: String
    ) -> (Discrepancy.Rule, String)? {
        if target.ok != model.ok {
            let said =
                model.ok
                ? "the rules accept it; the register refused it with \(target.code ?? "?") (\(target.message ?? ""))"
                : "the rules refuse it with \(model.code ?? "?") (\(model.message ?? "")); the register accepted it"
            return (.acceptedOrRefused, "`\(action)`: \(said)")
        }
        if !model.ok, target.code != model.code {
            return (
                .refusalCode,
                "`\(action)`: the rules' code is \(model.code ?? "?"), the register's \(target.code ?? "?")"
            )
        }
        for (key, rule) in [("viewState", Discrepancy.Rule.calendarViewState), ("layout", .calendarLayout)] {
            if let expected = model.response[key], target.response[key] != expected {
                return (
                    rule,
                    "`\(action)`: expected \(key) \(expected.serialized), got \(target.response[key]?.serialized ?? "none")"
                )
            }
        }
        if let expected = model.state ?? model.stateAfterRefusal {
            let actual = target.state ?? target.stateAfterRefusal ?? JSONObject()
            if let key = firstDifference(expected, actual) {
                let rule: Discrepancy.Rule = model.ok ? .stateFollowsRules : .refusalChangesNothing
                return (
                    rule,
                    "after `\(action)`, `\(key)` is \(actual[key]?.serialized ?? "absent"), "
                        + "the rules give \(expected[key]?.serialized ?? "absent")"
                )
            }
        }
        if target.snapshots.isEmpty, !model.snapshots.isEmpty, targetDisplay != modelDisplay {
            return (.displayUpdates, "the screen changed after `\(action)` but the display was sent no snapshot")
        }
        guard targetDisplay != modelDisplay else { return nil }
        return display(DisplaySnapshot(html: targetDisplay), expected: DisplaySnapshot(html: modelDisplay))
            .map { ($0.0, "after `\(action)`, \($0.1)") }
    }

    /// The first member of `expected` whose value `actual` does not have.
    static func firstDifference(_ expected: JSONObject, _ actual: JSONObject) -> String? {
        expected.members.first { actual[$0.name] != $0.value }?.name
    }

    /// How the display differs from the model's render, as a rule and a sentence.
    static func display(_ actual: DisplaySnapshot, expected: DisplaySnapshot) -> (Discrepancy.Rule, String)? {
        if actual.screen != expected.screen {
            return (
                .screenOfPhase,
                "the display shows the \(actual.screen ?? "no") screen, the rules give the \(expected.screen ?? "no") screen"
            )
        }
        let actualNames = actual.fields.map(\.name)
        let expectedNames = expected.fields.map(\.name)
        if actualNames != expectedNames {
            let extra = actualNames.filter { !expectedNames.contains($0) }
            let missing = expectedNames.filter { !actualNames.contains($0) }
            let rule: Discrepancy.Rule =
                (extra + missing).contains("points") ? .pointsShownWhereRulesShow : .fieldsShownWhereRulesShow
            var parts: [String] = []
            if !extra.isEmpty { parts.append("shows \(extra.joined(separator: ", ")) (hidden on this screen)") }
            if !missing.isEmpty { parts.append("does not show \(missing.joined(separator: ", "))") }
            if parts.isEmpty { parts.append("shows the fields \(actualNames), the rules give \(expectedNames)") }
            return (rule, "the \(expected.screen ?? "") screen " + parts.joined(separator: " and "))
        }
        for (got, want) in zip(actual.fields, expected.fields) where got != want {
            return (
                .displayIsRenderOfState,
                "the \(want.name) field shows \"\(got.text)\" (amount \(got.amount.map(String.init) ?? "none")), "
                    + "the rules give \"\(want.text)\" (amount \(want.amount.map(String.init) ?? "none"))"
            )
        }
        return nil
    }
}
