import Simulator
import Wire

/// One rule a faulty register breaks (`FaultyRegister`), across the register, the display
/// and the calendar: what it does to a request, an answer or a snapshot.
public enum RegisterFault: String, CaseIterable, Sendable {
    /// Setting a quantity to 0 is refused (the rule: 0 removes the line).
    case zeroQuantityRefused
    /// Going back to the cart after a payment cancels the payments instead of refusing.
    case editCartAfterPayment
    /// Checking out again after editing the cart forgets the retained points.
    case pointsLostAfterEdit
    /// A card or QR payment above what is owed is taken as cash (with change).
    case cardOverpaymentAccepted
    /// Adding 0 of an item is refused, but one is added all the same.
    case refusedAddStillAdds
    /// The complete screen hides the change when it is ¥0.
    case changeHiddenWhenZero
    /// The cart screen shows the retained points (a field in the wrong phase).
    case pointsOnCartScreen
    /// The display is sent the current snapshot after every register request.
    case duplicateSnapshots
    /// Names reach the display without escaping.
    case unescapedText
    /// Bookings that only touch (10:00-11:00 and 11:00-12:00) count as overlapping.
    case closedIntervalCapacity
    /// A failing reload drops the content it showed (error view, not the banner).
    case failedReloadDropsContent
    /// Starting checkout is answered with text that is not JSON.
    case checkoutAnsweredNotJSON
    /// Applying points closes the register's connection instead of answering.
    case pointsCloseTheConnection

    /// The rule the explorer should name for it.
    public var rule: String {
        switch self {
        case .zeroQuantityRefused, .editCartAfterPayment, .cardOverpaymentAccepted, .closedIntervalCapacity:
            return "acceptedOrRefused"
        case .pointsLostAfterEdit: return "stateFollowsRules"
        case .refusedAddStillAdds: return "refusalChangesNothing"
        case .changeHiddenWhenZero: return "fieldsShownWhereRulesShow"
        case .pointsOnCartScreen: return "pointsShownWhereRulesShow"
        case .duplicateSnapshots: return "noDuplicateSnapshot"
        case .unescapedText: return "displayIsRenderOfState"
        case .failedReloadDropsContent: return "calendarViewState"
        case .checkoutAnsweredNotJSON, .pointsCloseTheConnection: return "answersEveryRequest"
        }
    }

    /// What the faulty register does with `request` instead of handling it as is: the
    /// requests to run (the last one's answer is sent), or a canned answer. A canned
    /// refusal with nothing to run refuses only what the rules accept (the handler tries
    /// the request on a copy first).
    func requests(_ request: JSONObject, _ text: String, state: StoreState) -> (run: [String], answer: String?) {
        let action = request["action"]?.stringValue ?? ""
        let id = request["id"]?.serialized ?? "null"
        switch (self, action) {
        case (.zeroQuantityRefused, "setQuantity") where request["quantity"]?.intValue == 0:
            return ([], Self.refusal(id, "invalidQuantity"))
        case (.editCartAfterPayment, "editCart") where !state.register.payments.isEmpty:
            return ([#"{"id":0,"action":"cancelPayments"}"#, text], nil)
        case (.pointsLostAfterEdit, "startCheckout")
        where state.register.phase == .notEntered && state.register.pointsToUse > 0 && state.register.member != nil
            && !state.register.lines.isEmpty:
            return ([text, #"{"id":\#(id),"action":"applyPoints","points":0}"#], nil)
        case (.cardOverpaymentAccepted, "takePayment") where request["method"]?.stringValue != "cash":
            let amount = request["amount"]?.intValue ?? 0
            guard amount > state.register.remaining else { return ([text], nil) }
            return ([#"{"id":\#(id),"action":"takePayment","method":"cash","amount":\#(amount)}"#], nil)
        case (.refusedAddStillAdds, "addItem") where request["quantity"]?.intValue == 0:
            let fixed = JSONObject(request.members.map { ($0.name, $0.name == "quantity" ? JSONValue(1) : $0.value) })
            return ([JSONValue.object(fixed).serialized], Self.refusal(id, "invalidQuantity"))
        case (.checkoutAnsweredNotJSON, "startCheckout"):
            return ([text], "checkout started")
        case (.closedIntervalCapacity, "book"):
            let start = ClockTime.minutes(from: request["start"]?.stringValue ?? "") ?? -1
            let staff = request["staff"]?.stringValue ?? ""
            let touching = state.calendar.reservations.contains { $0.staff == staff && $0.end == start }
            let capacity = state.calendar.staff.first { $0.name == staff }?.capacity ?? 1
            if touching, capacity == 1 { return ([], Self.refusal(id, "overCapacity")) }
            return ([text], nil)
        default:
            return ([text], nil)
        }
    }

    /// Whether the faulty register closes the connection instead of answering `request`.
    func closesConnection(on request: JSONObject) -> Bool {
        self == .pointsCloseTheConnection && request["action"]?.stringValue == "applyPoints"
    }

    /// The answer as the faulty register sends it.
    func answer(_ text: String) -> String {
        guard self == .failedReloadDropsContent, text.contains(#""kind":"failed","hasContent":true"#) else {
            return text
        }
        return text.replacingOccurrences(
            of: #""kind":"failed","hasContent":true"#, with: #""kind":"failed","hasContent":false"#)
    }

    /// The snapshot as the faulty register renders it.
    func snapshot(_ html: String, state: StoreState) -> String {
        switch self {
        case .changeHiddenWhenZero:
            return html.replacingOccurrences(
                of: #"<p data-field="change" data-amount="0">"#, with: #"<p data-hidden="change" data-amount="0">"#)
        case .pointsOnCartScreen:
            let points = state.register.pointsToUse
            guard html.contains(#"data-screen="cart""#), points > 0, state.register.member != nil else { return html }
            return html.replacingOccurrences(
                of: #"<p data-field="total""#,
                with: #"<p data-field="points" data-amount="\#(points)">ポイント</p><p data-field="total""#)
        case .unescapedText:
            return html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        default:
            return html
        }
    }

    private static func refusal(_ id: String, _ code: String) -> String {
        #"{"id":\#(id),"ok":false,"error":{"code":"\#(code)","message":"Refused by the faulty register."}}"#
    }
}
