import StepLibrary
import Wire

/// The rules of domain.md and protocol.md that hold for any register build, checked on
/// what the target alone answered and showed (no model needed).
enum Invariants {
    /// The first rule `observation` breaks, if any, and how.
    ///
    /// `previousState`: the endpoint's state before the action (as the target last gave
    /// it); `lastSnapshot`: the display's snapshot before the action.
    static func check(
        _ observation: Observation, id: Int, previousState: JSONObject?, lastSnapshot: String,
        checksDisplay: Bool
    ) -> (Discrepancy.Rule, String)? {
        guard observation.response["id"]?.intValue == id else {
            let got = observation.response["id"]?.serialized ?? "no id"
            return (.answersInOrder, "request \(id) was answered with id \(got)")
        }
        let shown = [lastSnapshot] + observation.snapshots
        if zip(shown, shown.dropFirst()).contains(where: ==) {
            return (.noDuplicateSnapshot, "the display was sent the same snapshot twice in a row")
        }
        if !observation.ok {
            if let previousState, let after = observation.stateAfterRefusal, after != previousState {
                // The first member that differs, in the earlier state's order, or is new.
                let key =
                    previousState.members.first { after[$0.name] != $0.value }?.name
                    ?? after.members.first { previousState[$0.name] == nil }?.name ?? "state"
                return (
                    .refusalChangesNothing,
                    "after the refusal (\(observation.code ?? "?")) `\(key)` is \(after[key]?.serialized ?? "absent"), "
                        + "it was \(previousState[key]?.serialized ?? "absent")"
                )
            }
            if !observation.snapshots.isEmpty {
                return (.refusalChangesNothing, "the display changed after a refused action")
            }
            return nil
        }
        guard let state = observation.state, state["phase"] != nil else { return nil }
        if let problem = amounts(state) { return (.amountsAddUp, problem) }
        guard checksDisplay else { return nil }
        return display(DisplaySnapshot(html: shown.last ?? lastSnapshot), state)
    }

    private static func amounts(_ state: JSONObject) -> String? {
        let value = { (key: String) in state[key]?.intValue ?? 0 }
        let (subtotal, discount, points, total) = (
            value("subtotal"), value("discount"), value("pointsApplied"), value("total")
        )
        let (paid, remaining, change) = (value("paid"), value("remaining"), value("change"))
        let phase = state["phase"]?.stringValue ?? ""
        if phase != "complete" {
            let lines = state["lines"]?.arrayValue ?? []
            let sum = lines.reduce(0) { $0 + ($1["unitPrice"]?.intValue ?? 0) * ($1["quantity"]?.intValue ?? 0) }
            if sum != subtotal { return "subtotal is \(subtotal), the lines add up to \(sum)" }
        }
        if phase == "notEntered" || phase == "refunding", points != 0 {
            return "pointsApplied is \(points) in the \(phase) phase (it is 0 there)"
        }
        if total != subtotal - discount - points {
            return "total is \(total), subtotal \(subtotal) - discount \(discount) - points \(points) is "
                + "\(subtotal - discount - points)"
        }
        if remaining != max(total - paid, 0) { return "remaining is \(remaining) with total \(total) and paid \(paid)" }
        if change != max(paid - total, 0) { return "change is \(change) with total \(total) and paid \(paid)" }
        return nil
    }

    /// The screen of the phase, and points only where domain.md shows them.
    private static func display(_ snapshot: DisplaySnapshot, _ state: JSONObject) -> (Discrepancy.Rule, String)? {
        let expected =
            switch state["phase"]?.stringValue {
            case "notEntered": (state["lines"]?.arrayValue ?? []).isEmpty ? "welcome" : "cart"
            case "ordering": (state["paid"]?.intValue ?? 0) > 0 ? "partial" : "payment"
            case "complete": "complete"
            default: "refund"
            }
        guard snapshot.screen == expected else {
            let phase = state["phase"]?.stringValue ?? "?"
            return (
                .screenOfPhase,
                "in the \(phase) phase the display shows \(snapshot.screen ?? "no") screen, not \(expected)"
            )
        }
        let points = state["pointsApplied"]?.intValue ?? 0
        if snapshot.field("points") != nil, expected != "payment" || points <= 0 {
            return (.pointsShownWhereRulesShow, "the \(expected) screen shows points (pointsApplied \(points))")
        }
        return nil
    }
}
