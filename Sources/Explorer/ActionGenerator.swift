import Simulator
import Wire

/// Draws the next action from a seeded random source, looking at the model's state so that
/// most actions are ones the current phase allows (deep states are reached: partial
/// payments, points after editing the cart, refunds, overlapping bookings, failing loads)
/// and some are ones the rules must refuse.
struct ActionGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The share of calendar actions in the current episode, in percent: most episodes
    /// are about the register, one in three mostly about the calendar.
    private var calendarShare = 10

    /// How many actions the next episode (a run from a fresh register and calendar) has.
    mutating func episodeLength() -> Int {
        calendarShare = random.pick([8, 8, 60])
        return 8 + Int(random.next() % 40)
    }

    mutating func next(after state: StoreState) -> ExploreAction {
        if random.chance(calendarShare) { return calendarAction(state.calendar) }
        let register = state.register
        switch register.phase {
        case .notEntered: return cartAction(register)
        case .ordering: return paymentAction(register)
        case .complete:
            return random.chance(70) ? .nextCustomer : anyRegisterAction(register)
        case .refunding:
            return random.pick([.confirmRefund, .confirmRefund, .cancelRefund, anyRegisterAction(register)])
        }
    }

    private mutating func cartAction(_ register: RegisterState) -> ExploreAction {
        let names = register.lines.map(\.name)
        switch random.next() % 100 {
        case 0..<6: return .setCatalog(catalog())
        case 6..<30: return addItem(register)
        case 30..<36: return .setQuantity(name: known(names), quantity: random.pick([0, 1, 2, 5, -1]))
        case 36..<40: return .removeItem(name: known(names))
        case 40..<44: return .discountAmount(random.pick(ExploreValues.discounts))
        case 44..<48: return .discountPercent(random.pick(ExploreValues.percents))
        case 48..<50: return .clearDiscount
        case 50..<58: return .identifyMember(points: random.pick(ExploreValues.points))
        case 58..<60: return .clearMember
        case 60..<80: return .startCheckout
        case 80..<90:
            let orders = register.orders.map(\.id)
            return .startRefund(order: orders.isEmpty || random.chance(15) ? "9999" : random.pick(orders))
        default: return anyRegisterAction(register)
        }
    }

    private mutating func paymentAction(_ register: RegisterState) -> ExploreAction {
        let remaining = register.remaining
        switch random.next() % 100 {
        case 0..<14: return .applyPoints(random.pick(ExploreValues.points + [register.subtotal - register.discount]))
        case 14..<24: return .editCart
        case 24..<60:
            let amounts = [remaining, remaining, remaining + 1, remaining - 1, max(1, remaining / 2), 1, 0, -1]
            return .takePayment(random.pick(PaymentMethod.allCases), amount: random.pick(amounts))
        case 60..<66: return .cancelPayments
        case 66..<74: return .completeWithoutPayment
        case 74..<84: return .identifyMember(points: random.pick(ExploreValues.points))
        case 84..<88: return .clearMember
        default: return anyRegisterAction(register)
        }
    }

    /// Any register action at all, whatever the phase: most are then refused.
    private mutating func anyRegisterAction(_ register: RegisterState) -> ExploreAction {
        random.pick([
            addItem(register), .startCheckout, .editCart, .applyPoints(100), .nextCustomer, .confirmRefund,
            .cancelRefund, .completeWithoutPayment, .cancelPayments, .clearDiscount, .startRefund(order: "1001"),
            .takePayment(.cash, amount: 100), .identifyMember(points: 100), .clearMember,
        ])
    }

    private mutating func addItem(_ register: RegisterState) -> ExploreAction {
        let catalog = register.catalog.map(\.name)
        if !catalog.isEmpty, random.chance(40) {
            let quantity: Int? = random.chance(50) ? nil : random.pick(ExploreValues.quantities)
            return .addItem(name: random.pick(catalog), price: nil, quantity: quantity)
        }
        if let line = register.lines.last, random.chance(15) {
            // The same name at another price: refused with priceMismatch.
            return .addItem(name: line.name, price: line.unitPrice + 1, quantity: nil)
        }
        if random.chance(5) { return .addItem(name: "Unknown", price: nil, quantity: nil) }
        return .addItem(name: random.pick(ExploreValues.names), price: random.pick(ExploreValues.prices), quantity: nil)
    }

    private mutating func catalog() -> [ExploreAction.Entry] {
        var entries = (0..<Int(1 + random.next() % 3)).map { _ in
            ExploreAction.Entry(name: random.pick(ExploreValues.names), number: random.pick(ExploreValues.prices))
        }
        if random.chance(80) {
            // Mostly valid: distinct names.
            var seen: Set<String> = []
            entries = entries.filter { seen.insert($0.name).inserted }
        }
        return entries
    }

    private mutating func known(_ names: [String]) -> String {
        names.isEmpty || random.chance(10) ? random.pick(ExploreValues.names) : random.pick(names)
    }

    private mutating func calendarAction(_ calendar: CalendarState) -> ExploreAction {
        let ids = calendar.reservations.map(\.id)
        // A calendar without staff refuses every booking: staff first, mostly.
        let roll = calendar.staff.isEmpty && random.chance(60) ? 0 : random.next() % 100
        switch roll {
        case 0..<12:
            let staff = ExploreValues.staff.map { ExploreAction.Entry(name: $0, number: random.pick([1, 1, 2])) }
            return .setStaff(random.chance(80) ? staff : [staff[0]])
        case 12..<40: return book(calendar)
        case 40..<46: return .cancelBooking(id: ids.isEmpty ? "R9" : random.pick(ids))
        case 46..<54:
            let menu = [
                ExploreAction.Entry(name: random.pick(ExploreValues.names), number: random.pick([0, 500, 3000]))
            ]
            return .setMenu(id: ids.isEmpty ? "R9" : random.pick(ids), menu)
        case 54..<64:
            let mode = random.pick(["normal", "empty", "failing", "failing", "hang"])
            return .setService(mode: mode, message: mode == "failing" ? random.pick(ExploreValues.messages) : nil)
        case 64..<78: return .load
        case 78..<84: return .release
        case 84..<92: return .checkoutReservation(id: ids.isEmpty ? "R9" : random.pick(ids))
        case 92..<96: return .viewState
        default: return .layout
        }
    }

    /// A booking: often next to or over an existing one (lanes, capacity), mostly with a
    /// new id; sometimes with an unknown staff member or an empty time.
    private mutating func book(_ calendar: CalendarState) -> ExploreAction {
        let unused = ExploreValues.reservations.filter { calendar.reservation($0) == nil }
        let id = unused.isEmpty || random.chance(10) ? random.pick(ExploreValues.reservations) : random.pick(unused)
        var staff = random.pick(ExploreValues.staff + ["Nobody"])
        var start = random.pick(ExploreValues.times)
        if let other = calendar.reservations.last, random.chance(50) {
            staff = other.staff
            start = random.pick([other.end, other.start, other.end - 10, max(0, other.start - 30)])
        }
        let end = random.chance(85) ? min(start + random.pick([10, 20, 30, 60, 90]), 24 * 60) : start
        return .book(id: id, staff: staff, start: start, end: end)
    }
}

/// The explorer's choices, drawn from Wire's seeded generator.
extension SplitMix64 {
    /// One of `items` (never empty at the call sites).
    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        Int(next() % 100) < percent
    }
}

/// The values the explorer draws from: ordinary ones, boundaries, and hostile ones
/// (markup characters, quotes, full-width and long text), so that escaping, limits and
/// off-by-one rules are all reached.
enum ExploreValues {
    /// Product names. Each can be written in a step: none holds both quote kinds, `|`,
    /// `\` or `」`, and none starts or ends with a space.
    static let names = [
        "Coffee", "Tea", #"<b>Tea & "Cake"</b>"#, "ほうじ茶ラテ", "Ｃａｆé ＬＡＴＴＥ", "O'Brien's Scone",
        String(repeating: "Croissant", count: 14), "Bag",
    ]
    static let prices = [0, 1, 100, 450, 999, 1200, 99_999, -1]
    static let quantities = [1, 1, 2, 3, 99, 0, -1]
    static let points = [0, 1, 100, 300, 500, 5_000, -1]
    static let percents = [1, 10, 33, 50, 100, 0, 101, -1]
    static let discounts = [0, 50, 100, 1_000, 100_000, -100]
    static let staff = ["Sato", "鈴木"]
    static let reservations = ["R1", "R2", "R3"]
    static let times = [0, 9 * 60, 10 * 60, 10 * 60 + 10, 10 * 60 + 20, 10 * 60 + 30, 11 * 60, 23 * 60 + 50, 24 * 60]
    static let messages = ["timeout", "<script>&</script>", "接続できません"]
}
