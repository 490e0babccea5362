import Wire

@testable import Simulator

/// Random store actions drawn from small pools, so collisions (same names, overlapping
/// times, exact totals) happen often enough to exercise every rule and rejection.
enum RandomActions {
    static let names = ["Coffee", "Cake", "Tea", #"<b>Tea & "Cake"</b>"#, "お茶"]
    static let prices = [-10, 0, 1, 100, 450, 600, 1_000, 9_999_999, 10_000_000]
    static let quantities = [-1, 0, 1, 1, 2, 3, 9_999]
    static let amounts = [-1, 0, 1, 50, 100, 450, 500, 1_000, 5_000, 100_000_000]
    static let staff = ["Sato", "Suzuki", "Tanaka"]
    static let reservationIDs = ["R1", "R2", "R3", "R4", "r1"]

    static func action(using random: inout SeededGenerator) -> StoreAction {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<70: return .register(register(using: &random))
        case 70..<95: return .calendar(calendar(using: &random))
        default: return .reservationCheckedOut(random.pick(reservationIDs))
        }
    }

    static func register(using random: inout SeededGenerator) -> RegisterAction {
        switch Int.random(in: 0..<24, using: &random) {
        case 0:
            return .catalogSet(
                (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    Product(name: random.pick(names), price: random.pick(prices))
                })
        case 1, 2, 3:
            let price: Int? = Bool.random(using: &random) ? nil : random.pick(prices)
            return .itemAdded(name: random.pick(names), price: price, quantity: random.pick(quantities))
        case 4: return .quantityChanged(name: random.pick(names), quantity: random.pick(quantities))
        case 5: return .itemRemoved(name: random.pick(names))
        case 6:
            return .cartDiscountSet(
                Bool.random(using: &random)
                    ? .amount(random.pick(amounts)) : .percent(random.pick([-1, 0, 1, 10, 50, 100, 101])))
        case 7: return .cartDiscountCleared
        case 8: return .memberIdentified(id: random.pick(["M-1", "M-2", ""]), points: random.pick(amounts))
        case 9: return .memberCleared
        case 10, 11: return .checkoutStarted
        case 12: return .pointsApplied(random.pick(amounts))
        case 13: return .cartEditRequested
        case 14, 15, 16: return .paymentTaken(random.pick(PaymentMethod.allCases), amount: random.pick(amounts))
        case 17: return .paymentsCancelled
        case 18: return .completedWithoutPayment
        case 19: return .nextCustomerServed
        case 20: return .refundStarted(order: random.pick(["1001", "1002", "1003", "9999"]))
        case 21: return Bool.random(using: &random) ? .refundConfirmed : .refundCancelled
        case 22: return Int.random(in: 0..<10, using: &random) == 0 ? .registerReset : .nextCustomerServed
        default: return .itemAdded(name: random.pick(names), price: 100, quantity: 1)
        }
    }

    static func calendar(using random: inout SeededGenerator) -> CalendarAction {
        switch Int.random(in: 0..<14, using: &random) {
        case 0:
            return .staffSet(
                staff.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)).map {
                    StaffMember(name: $0, capacity: random.pick([0, 1, 1, 2, 3]))
                })
        case 1, 2, 3:
            let start = Int.random(in: -10...1_450, using: &random)
            let end = start + random.pick([-5, 0, 5, 10, 30, 60, 90, 600])
            return .reservationBooked(
                Reservation(
                    id: random.pick(reservationIDs), staff: random.pick(staff + ["Nobody"]), start: start, end: end,
                    menu: [Product(name: random.pick(names), price: random.pick(prices))]))
        case 4: return .bookingCancelled(random.pick(reservationIDs))
        case 5:
            return .metricsSet(
                CalendarMetrics(
                    hourWidth: random.pick([0, 60, 120, 97.3]), itemHeight: random.pick([-1, 30, 44]),
                    padding: random.pick([0, 4, 2.5])))
        case 6:
            return .viewportResized(
                ViewportSize(width: random.pick([0, 300, 800, 5_000]), height: random.pick([50, 600, 0])))
        case 7:
            return .scrolled(
                random.pick(ScrollPane.allCases), x: random.pick([nil, -50, 0, 500, 1e9]),
                y: random.pick([nil, -1, 0, 48, 1e9]))
        case 8:
            return .serviceSet(random.pick([.normal, .empty, .failing(message: "Timeout"), .hang]))
        case 9, 10: return .loadStarted
        case 11: return .serviceReleased
        case 12: return .menuSet(reservation: random.pick(reservationIDs), menu: [Product(name: "Cut", price: 4_000)])
        default: return Int.random(in: 0..<8, using: &random) == 0 ? .calendarReset : .loadStarted
        }
    }
}
