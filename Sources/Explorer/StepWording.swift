import StepLibrary
import Wire

/// Each action as the step of docs/steps.md that sends it, in English or Japanese, plain
/// or in its try form (for an action the rules refuse): a scenario's When lines. The
/// steps are the library's own (`StepLine`), named by their English expressions.
struct StepWording {
    let language: StepLanguage

    /// A step's text (without keyword) and its table rows.
    typealias Step = (text: String, table: [[String]])

    /// The library's step `english` in this language, plain.
    func line(_ english: String, _ values: StepLine.Value...) -> String {
        StepLine.text(english, in: language, values)
    }

    /// `line(english, values…)` as a step without a table (a Then step).
    func then(_ english: String, _ values: StepLine.Value...) -> Step {
        (StepLine.text(english, in: language, values), [])
    }

    /// The step's text and table; nil for the two questions. The booking service's steps
    /// have no try form.
    func step(_ action: ExploreAction, trying: Bool) -> Step? {
        guard let phrase = Self.phrase(action) else { return nil }
        let tries: Bool
        if case .setService = action { tries = false } else { tries = trying }
        return (StepLine.text(phrase.english, trying: tries, in: language, phrase.values), phrase.table)
    }

    /// The English expression of the action's step, its values and its table rows.
    private static func phrase(_ action: ExploreAction) -> (
        english: String, values: [StepLine.Value], table: [[String]]
    )? {
        switch action {
        case .setCatalog(let products):
            return ("the catalog:", [], [["name", "price"]] + products.map { [$0.name, String($0.number)] })
        case .addItem(let name, let price, let quantity):
            if let price { return ("I add {string} at {yen} to the cart", [.string(name), .yen(price)], []) }
            if let quantity { return ("I add {int} {string} to the cart", [.int(quantity), .string(name)], []) }
            return ("I add {string} to the cart", [.string(name)], [])
        case .setQuantity(let name, let quantity):
            return ("I change the quantity of {string} to {int}", [.string(name), .int(quantity)], [])
        case .removeItem(let name): return ("I remove {string} from the cart", [.string(name)], [])
        case .discountAmount(let amount): return ("I set a cart discount of {yen}", [.yen(amount)], [])
        case .discountPercent(let percent): return ("I set a cart discount of {int}%", [.int(percent)], [])
        case .clearDiscount: return ("I clear the cart discount", [], [])
        case .identifyMember(let points): return ("I identify a loyalty member with {int} points", [.int(points)], [])
        case .clearMember: return ("I clear the member", [], [])
        case .startCheckout: return ("I start checkout", [], [])
        case .applyPoints(let points): return ("I apply {int} points", [.int(points)], [])
        case .editCart: return ("I go back to edit the cart", [], [])
        case .takePayment(let payment, let amount):
            return ("the customer pays {yen} by {method}", [.yen(amount), .method(payment)], [])
        case .cancelPayments: return ("I cancel the payments", [], [])
        case .completeWithoutPayment: return ("I complete the order without payment", [], [])
        case .nextCustomer: return ("I serve the next customer", [], [])
        case .startRefund(let order): return ("I start a refund of order {string}", [.string(order)], [])
        case .confirmRefund: return ("I confirm the refund", [], [])
        case .cancelRefund: return ("I cancel the refund", [], [])
        case .setStaff(let staff):
            return ("the staff:", [], [["name", "capacity"]] + staff.map { [$0.name, String($0.number)] })
        case .book(let id, let staff, let start, let end):
            let values: [StepLine.Value] = [.string(id), .string(staff), .time(start), .time(end)]
            return ("I book {string} with {string} from {time} to {time}", values, [])
        case .cancelBooking(let id): return ("I cancel booking {string}", [.string(id)], [])
        case .setMenu(let id, let menu):
            return (
                "reservation {string} includes:", [.string(id)],
                [["name", "price"]] + menu.map { [$0.name, String($0.number)] }
            )
        case .setService("empty", _): return ("the booking service answers with no reservations", [], [])
        case .setService("failing", let message):
            return ("the booking service fails with {string}", [.string(message ?? "")], [])
        case .setService("hang", _): return ("the booking service hangs", [], [])
        case .setService: return ("the booking service answers normally", [], [])
        case .load: return ("the calendar loads", [], [])
        case .release: return ("the booking service responds", [], [])
        case .checkoutReservation(let id): return ("I check out reservation {string}", [.string(id)], [])
        case .layout, .viewState: return nil
        }
    }
}
