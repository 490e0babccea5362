import StepLibrary
import Wire

/// Compares what the target did with what the built-in model did on the same action:
/// the same outcome and code, the same state, the same calendar answers, the same screen
/// and fields on the display.
///
/// A register is held to what protocol.md asks of every register, not to the simulator's
/// own shape: the members it requires are compared whether or not the register sends them;
/// the model's other members (`screen`, `cartDiscount`, a line's `amount`, the calendar's
/// state, which protocol.md leaves to the register) only where the register sends them.
/// Members a register adds are ignored at every depth, and numbers compare by value
/// (`120.0` is `120`; layout values to 1e-9, as protocol.md says).
enum ModelComparison {
    /// The register state's members protocol.md requires.
    static let requiredState: Set<String> = [
        "phase", "lines", "subtotal", "discount", "pointsToUse", "pointsApplied", "total", "paid", "remaining",
        "change", "member", "members", "lastOrder", "orders",
    ]
    /// The members protocol.md requires of the calendar's answers.
    static let requiredAnswers: [String: Set<String>] = [
        "layout": ["rows"], "viewState": ["kind", "hasContent", "error"],
    ]

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
            guard let expected = model.response[key] else { continue }
            if !(target.response[key].map { agrees($0, expected, required: requiredAnswers[key] ?? []) } ?? false) {
                return (
                    rule,
                    "`\(action)`: expected \(key) \(expected.serialized), got \(target.response[key]?.serialized ?? "none")"
                )
            }
        }
        if let expected = model.state ?? model.stateAfterRefusal {
            let actual = target.state ?? target.stateAfterRefusal ?? JSONObject()
            let required = action.endpoint == .register ? requiredState : []
            if let key = firstDifference(expected, actual, required: required) {
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

    /// The first member of `expected` that `actual` has with another value, or leaves out
    /// though it is `required`.
    static func firstDifference(_ expected: JSONObject, _ actual: JSONObject, required: Set<String>) -> String? {
        expected.members.first { member in
            guard let value = actual[member.name] else { return required.contains(member.name) }
            return !agrees(value, member.value, required: [])
        }?.name
    }

    /// Whether the register's `actual` value is the model's `expected`: numbers by value,
    /// objects by the members of `expected` that `actual` has (and the `required` ones),
    /// arrays item by item.
    static func agrees(_ actual: JSONValue, _ expected: JSONValue, required: Set<String>) -> Bool {
        switch (actual, expected) {
        case (.number(let got), .number(let want)):
            guard got != want else { return true }
            guard let got = Double(got), let want = Double(want) else { return false }
            return abs(got - want) <= 1e-9
        case (.object(let got), .object(let want)):
            return firstDifference(want, got, required: required) == nil
        case (.array(let got), .array(let want)):
            return got.count == want.count && zip(got, want).allSatisfy { agrees($0, $1, required: []) }
        default:
            return actual == expected
        }
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
