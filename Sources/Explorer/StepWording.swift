import StepLibrary
import Wire

/// Each action as the step of docs/steps.md that sends it, in English or Japanese, plain
/// or in its try form (for an action the rules refuse): a scenario's When lines. The
/// steps are the library's own (`StepLine`), named by their English expressions.
struct StepWording {
    let language: StepLanguage

    /// The library's step `english` in this language, plain.
    func line(_ english: String, _ values: StepLine.Value...) -> String {
        StepLine.text(english, in: language, values)
    }

    /// The step's text (without keyword) and its table rows; nil for the two questions.
    func step(_ action: ExploreAction, trying: Bool) -> (text: String, table: [[String]])? {
        func step(_ english: String, _ values: StepLine.Value...) -> (text: String, table: [[String]]) {
            (StepLine.text(english, trying: trying, in: language, values), [])
        }
        switch action {
        case .setCatalog(let products):
            return (step("the catalog:").text, [["name", "price"]] + products.map { [$0.name, String($0.number)] })
        case .addItem(let name, let price, let quantity):
            if let price { return step("I add {string} at {yen} to the cart", .string(name), .yen(price)) }
            if let quantity { return step("I add {int} {string} to the cart", .int(quantity), .string(name)) }
            return step("I add {string} to the cart", .string(name))
        case .setQuantity(let name, let quantity):
            return step("I change the quantity of {string} to {int}", .string(name), .int(quantity))
        case .removeItem(let name): return step("I remove {string} from the cart", .string(name))
        case .discountAmount(let amount): return step("I set a cart discount of {yen}", .yen(amount))
        case .discountPercent(let percent): return step("I set a cart discount of {int}%", .int(percent))
        case .clearDiscount: return step("I clear the cart discount")
        case .identifyMember(let points): return step("I identify a loyalty member with {int} points", .int(points))
        case .clearMember: return step("I clear the member")
        case .startCheckout: return step("I start checkout")
        case .applyPoints(let points): return step("I apply {int} points", .int(points))
        case .editCart: return step("I go back to edit the cart")
        case .takePayment(let payment, let amount):
            return step("the customer pays {yen} by {method}", .yen(amount), .method(payment))
        case .cancelPayments: return step("I cancel the payments")
        case .completeWithoutPayment: return step("I complete the order without payment")
        case .nextCustomer: return step("I serve the next customer")
        case .startRefund(let order): return step("I start a refund of order {string}", .string(order))
        case .confirmRefund: return step("I confirm the refund")
        case .cancelRefund: return step("I cancel the refund")
        case .setStaff, .book, .cancelBooking, .setMenu, .setService, .load, .release, .checkoutReservation:
            return calendarStep(action, trying: trying)
        case .layout, .viewState: return nil
        }
    }

    private func calendarStep(_ action: ExploreAction, trying: Bool) -> (text: String, table: [[String]])? {
        func step(_ english: String, _ values: StepLine.Value...) -> (text: String, table: [[String]]) {
            (StepLine.text(english, trying: trying, in: language, values), [])
        }
        switch action {
        case .setStaff(let staff):
            return (step("the staff:").text, [["name", "capacity"]] + staff.map { [$0.name, String($0.number)] })
        case .book(let id, let staff, let start, let end):
            return step(
                "I book {string} with {string} from {time} to {time}", .string(id), .string(staff), .time(start),
                .time(end))
        case .cancelBooking(let id): return step("I cancel booking {string}", .string(id))
        case .setMenu(let id, let menu):
            return (
                step("reservation {string} includes:", .string(id)).text,
                [["name", "price"]] + menu.map { [$0.name, String($0.number)] }
            )
        case .setService(let mode, let message):
            switch mode {
            case "empty": return (line("the booking service answers with no reservations"), [])
            case "failing": return (line("the booking service fails with {string}", .string(message ?? "")), [])
            case "hang": return (line("the booking service hangs"), [])
            default: return (line("the booking service answers normally"), [])
            }
        case .load: return step("the calendar loads")
        case .release: return step("the booking service responds")
        case .checkoutReservation(let id): return step("I check out reservation {string}", .string(id))
        default: return nil  // the register's actions and the questions: `step` answers them
        }
    }
}
