import TestSupport
import Testing
import Wire

@testable import Simulator

@Suite("Randomized: invariants hold after every action")
struct RandomizedInvariantTests {
    static let actionsPerSeed = 4_000

    @Test("random action sequences keep every invariant", arguments: [1, 2, 3, 42, 2_026] as [UInt64])
    func invariants(seed: UInt64) async throws {
        // Seconds of work in a debug build: on a thread of its own, not the pool's.
        let run = try await offPool { Self.run(seed: seed) }
        #expect(run.problem == nil, "seed \(seed): \(run.problem ?? "")")
        // The run must exercise the domain, not bounce off the first rule.
        #expect(run.accepted > Self.actionsPerSeed / 4)
        #expect(run.codes.count >= 15, "only \(run.codes.sorted { $0.rawValue < $1.rawValue })")
    }

    /// What one seed's actions did: the first problem found (a rejected action that changed
    /// the state, a broken invariant), how many were accepted, the codes of the others.
    struct Run: Sendable {
        var problem: String?
        var accepted = 0
        var codes = Set<RejectionCode>()
    }

    static func run(seed: UInt64) -> Run {
        var random = SeededGenerator(seed: seed)
        var state = StoreState()
        let environment = SimulatorEnvironment.fixed()
        var run = Run()
        for step in 0..<actionsPerSeed {
            let action = RandomActions.action(using: &random)
            let before = state
            do throws(Rejection) {
                try StoreReducer.reduce(&state, action, environment)
                run.accepted += 1
            } catch {
                run.codes.insert(error.code)
                if state != before {
                    run.problem = "step \(step): rejected \(action) changed the state"
                    return run
                }
            }
            let problems = violations(state)
            if !problems.isEmpty {
                run.problem = "step \(step) after \(action): \(problems)"
                return run
            }
        }
        return run
    }

    /// Every broken invariant of `state`, as sentences.
    static func violations(_ state: StoreState) -> [String] {
        var problems: [String] = []
        let register = state.register
        let amounts = [
            ("subtotal", register.subtotal), ("discount", register.discount), ("pointsApplied", register.pointsApplied),
            ("total", register.total), ("paid", register.paid), ("remaining", register.remaining),
            ("change", register.change), ("pointsToUse", register.pointsToUse),
        ]
        for (name, value) in amounts where value < 0 { problems.append("\(name) is negative: \(value)") }
        for member in register.members where member.points < 0 { problems.append("\(member.id) has \(member.points)") }
        if register.total != register.subtotal - register.discount - register.pointsApplied {
            problems.append("total \(register.total) ≠ subtotal − discount − points")
        }
        if register.discount > register.subtotal { problems.append("discount above subtotal") }
        // While refunding, the phase's order is the past one, not what the amounts describe.
        var payments = register.payments
        if case .complete(let order) = register.phase { payments = order.payments }
        let cash = payments.filter { $0.method == .cash }.reduce(0) { $0 + $1.amount }
        if register.change > cash { problems.append("change \(register.change) exceeds cash \(cash)") }
        if payments.filter({ $0.method != .cash }).reduce(0, { $0 + $1.amount }) > register.total {
            problems.append("card and qr paid more than the total")
        }
        if case .ordering = register.phase, register.paid >= register.total, !register.payments.isEmpty {
            problems.append("fully paid but not complete")
        }
        if case .notEntered = register.phase, !register.payments.isEmpty { problems.append("payments in the cart") }
        for order in register.orders where order.total != order.subtotal - order.discount - order.pointsUsed {
            problems.append("order \(order.id) does not add up")
        }
        problems += displayViolations(register)
        problems += calendarViolations(state.calendar)
        return problems
    }

    /// The snapshot shows the screen the phase calls for, with the state's own amounts.
    static func displayViolations(_ register: RegisterState) -> [String] {
        let html = CustomerDisplay.render(register)
        var problems: [String] = []
        let screen = CustomerDisplay.screen(for: register)
        if !html.hasPrefix("<main data-screen=\"\(screen.rawValue)\">") { problems.append("wrong screen in \(html)") }
        let shown: [(String, Int, Bool)] = [
            ("total", register.total, screen != .welcome && screen != .refund),
            ("points", register.pointsApplied, screen == .payment && register.pointsApplied > 0),
            ("discount", register.discount, (screen == .cart || screen == .payment) && register.discount > 0),
            ("change", register.change, screen == .complete),
            ("remaining", register.remaining, screen == .partial),
        ]
        for (field, amount, visible) in shown {
            let present = html.contains("data-field=\"\(field)\" data-amount=\"\(amount)\"")
            let anyPresent = html.contains("data-field=\"\(field)\"")
            if visible != present || visible != anyPresent { problems.append("\(field) shown wrongly in \(html)") }
        }
        if html.contains("<b>") { problems.append("unescaped markup") }
        return problems
    }

    static func calendarViolations(_ calendar: CalendarState) -> [String] {
        var problems: [String] = []
        let layout = calendar.layout
        let maximum = CalendarViewport.maximumOffsets(calendar, layout: layout)
        if calendar.scrollX < 0 || calendar.scrollX > maximum.x || calendar.scrollY < 0 || calendar.scrollY > maximum.y
        {
            problems.append("scroll out of bounds")
        }
        // Capacity is a booking's rule (a lowered capacity keeps older bookings); that every
        // reservation belongs to someone on the list holds always.
        let names = Set(calendar.staff.map(\.name))
        for reservation in calendar.reservations where !names.contains(reservation.staff) {
            problems.append("\(reservation.id) belongs to \(reservation.staff), who is not on the staff list")
        }
        for reservation in calendar.reservations
        where reservation.start < 0 || reservation.end > ClockTime.endOfDay || reservation.end <= reservation.start {
            problems.append("\(reservation.id) has invalid times")
        }
        for row in layout.rows {
            if row.lanes < 1 || row.height != Double(row.lanes) * calendar.metrics.laneHeight {
                problems.append("row \(row.staff) height")
            }
            for (index, item) in row.items.enumerated() {
                for other in row.items[..<index] where other.lane == item.lane && other.x + other.width > item.x + 1e-9
                {
                    problems.append("\(other.id) and \(item.id) overlap in lane \(item.lane)")
                }
            }
        }
        if calendar.loadPending, case .loading = calendar.viewState {
        } else if calendar.loadPending {
            problems.append("pending load without the loading view")
        }
        return problems
    }
}
