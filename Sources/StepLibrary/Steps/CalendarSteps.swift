import StepInterface
import Wire

/// The calendar's steps (steps.md, "Calendar"): staff, reservations, layout and scrolling
/// (`CalendarSteps+Scrolling.swift`), the booking service and the view states
/// (`CalendarViewSteps.swift`).
enum CalendarSteps {
    static func define(in book: inout StepBook) {
        defineData(in: &book)
        defineReservationActions(in: &book)
        defineLayout(in: &book)
        defineScrolling(in: &book)
        defineTimeHeaderCheck(in: &book)
        defineViewportChecks(in: &book)
        defineService(in: &book)
    }

    static let staffTable = TableShape(required: ["name"], optional: ["capacity"], kinds: ["capacity": .int])
    static let bookingsTable = TableShape(
        required: ["id", "staff", "start", "end"], optional: ["customer"], kinds: ["start": .time, "end": .time])

    private static func defineData(in book: inout StepBook) {
        book.action(
            .calendar, .setup, en: Phrase("the staff:"), ja: Phrase("スタッフ:"),
            tries: .written(en: "I try to set the staff:", ja: "スタッフを設定しようとする:"), table: staffTable
        ) { context, world in
            let table = try StepTable(context, staffTable, language: world.language)
            let staff = try table.rows.map { row -> JSONValue in
                var member: JSONObject = ["name": .string(row["name"] ?? "")]
                if let capacity = row["capacity"], !capacity.isEmpty {
                    member.append("capacity", JSONValue(try row.int("capacity")))
                }
                return .object(member)
            }
            let outcome = try await world.perform(
                .calendar(.setStaff), [("staff", .array(staff))], timeout: context.timeout)
            return TableRejection.pointed(outcome, in: table, language: world.language)
        }
        book.action(
            .calendar, .setup,
            en: Phrase(
                "the calendar metrics are hour width {float}, item height {float}, padding {float}",
                "the calendar metrics are hour width 60, item height 40, padding 4"),
            ja: Phrase("カレンダーの寸法は時間幅{float}、予約の高さ{float}、余白{float}である", "カレンダーの寸法は時間幅60、予約の高さ40、余白4である"),
            tries: .written(
                en: "I try to set the calendar metrics to hour width {float}, item height {float}, padding {float}",
                ja: "カレンダーの寸法を時間幅{float}、予約の高さ{float}、余白{float}に設定しようとする")
        ) { context, world in
            let hourWidth = try context.number(0)
            let outcome = try await world.perform(
                .calendar(.setMetrics),
                [
                    ("hourWidth", JSONValue(hourWidth)), ("itemHeight", JSONValue(try context.number(1))),
                    ("padding", JSONValue(try context.number(2))),
                ], timeout: context.timeout)
            if outcome == .succeeded { world.hourWidth = hourWidth }
            return outcome
        }
        book.action(
            .calendar, .setup, en: Phrase("the reservations:"), ja: Phrase("予約:"),
            tries: .written(en: "I try to set the reservations:", ja: "予約を設定しようとする:"), table: bookingsTable
        ) { context, world in
            let table = try StepTable(context, bookingsTable, language: world.language)
            let bookings = try table.rows.map { row -> [(String, JSONValue)] in
                var parameters: [(String, JSONValue)] = [
                    ("reservation", .string(row["id"] ?? "")), ("staff", .string(row["staff"] ?? "")),
                    ("start", .string(try row.time("start"))), ("end", .string(try row.time("end"))),
                ]
                if let customer = row["customer"], !customer.isEmpty {
                    parameters.append(("customer", .string(customer)))
                }
                return parameters
            }
            // A plain step fails at a refused row anyway, so its rows go in one round trip;
            // a try step books row by row, stops at the first refusal and takes back the
            // rows it booked, so a refused table leaves the calendar as it was.
            let outcomes =
                StepBook.isTryForm
                ? try await bookOneByOne(bookings, world, context)
                : try await world.performAll(.calendar(.book), each: bookings, timeout: context.timeout)
            for case (let index, .rejected(let code, let message)) in outcomes.enumerated() {
                let row = table.rows[index]
                return .rejected(code: code, message: "\(row.label(row["id"] ?? "")): \(message)")
            }
            return .succeeded
        }
    }

    /// What is done to a reservation: its menu, booking it, cancelling it, checking it out.
    private static func defineReservationActions(in book: inout StepBook) {
        book.action(
            .calendar, .setup, en: Phrase("reservation {string} includes:", #"reservation "R1" includes:"#),
            ja: Phrase("予約{string}のメニュー:", "予約「R1」のメニュー:"),
            tries: .written(en: "I try to set the menu of reservation {string}:", ja: "予約{string}のメニューを設定しようとする:"),
            table: RegisterSteps.catalogTable
        ) { context, world in
            let menu = try RegisterSteps.products(
                StepTable(context, RegisterSteps.catalogTable, language: world.language))
            return try await world.perform(
                .calendar(.setMenu), [("reservation", .string(try context.argument(0))), ("menu", menu)],
                timeout: context.timeout)
        }
        book.action(
            sending: .calendar(.book),
            en: Phrase(
                "I book {string} with {string} from {time} to {time}", #"I book "R1" with "Aoi" from 10:00 to 11:00"#),
            ja: Phrase("{string}を{string}に{time}から{time}まで予約する", "「R1」を「Aoi」に10:00から11:00まで予約する")
        ) { context in
            [
                ("reservation", .string(try context.argument(0))), ("staff", .string(try context.argument(1))),
                // As written: whether 10:60 or 25:00 is a time is the simulator's rule.
                ("start", .string(try context.argument(2, as: WrittenTime.self).text)),
                ("end", .string(try context.argument(3, as: WrittenTime.self).text)),
            ]
        }
        book.action(
            sending: .calendar(.cancelBooking), en: Phrase("I cancel booking {string}", #"I cancel booking "R1""#),
            ja: Phrase("予約{string}を取り消す", "予約「R1」を取り消す")
        ) { context in [("reservation", .string(try context.argument(0)))] }
        book.action(
            sending: .calendar(.checkoutReservation),
            en: Phrase("I check out reservation {string}", #"I check out reservation "R1""#),
            ja: Phrase("予約{string}をお会計する", "予約「R1」をお会計する")
        ) { context in [("reservation", .string(try context.argument(0)))] }
    }

    /// Books row by row up to the first refusal, then takes back the rows it booked, last
    /// first: QA reads the table as one action, and a refused action leaves the calendar as
    /// it was (domain.md).
    private static func bookOneByOne(
        _ bookings: [[(String, JSONValue)]], _ world: QAWorld, _ context: StepContext
    ) async throws -> [ActionOutcome] {
        var outcomes: [ActionOutcome] = []
        for booking in bookings {
            let outcome = try await world.perform(.calendar(.book), booking, timeout: context.timeout)
            outcomes.append(outcome)
            guard outcome == .succeeded else { break }
        }
        guard let last = outcomes.last, last != .succeeded else { return outcomes }
        for booking in bookings.prefix(outcomes.count - 1).reversed() {
            guard case .string(let id)? = booking.first(where: { $0.0 == "reservation" })?.1 else { continue }
            let outcome = try await world.perform(
                .calendar(.cancelBooking), [("reservation", .string(id))], timeout: context.timeout)
            if case .rejected(let code, let message) = outcome {
                throw StepFailure(
                    .error,
                    "a refused table row could not be taken back: cancelling \"\(id)\" was refused (\(code): \(message))"
                )
            }
        }
        return outcomes
    }

    private static func defineLayout(in book: inout StepBook) {
        book.step(
            .calendar, .check,
            en: Phrase(
                "reservation {string} is drawn at x {float} with width {float}",
                #"reservation "R1" is drawn at x 600 with width 60"#),
            ja: Phrase("予約{string}はx{float}、幅{float}で描画される", "予約「R1」はx600、幅60で描画される")
        ) { context, world in
            // Both are checked, so that a wrong x does not hide a wrong width.
            try await CalendarLayout.expectItem(
                context, world,
                [("x", "the x", "x", try context.number(1)), ("width", "the width", "幅", try context.number(2))])
        }
        book.step(
            .calendar, .check,
            en: Phrase("reservation {string} is drawn at y {float}", #"reservation "R2" is drawn at y 48"#),
            ja: Phrase("予約{string}はy{float}で描画される", "予約「R2」はy48で描画される")
        ) { context, world in
            try await CalendarLayout.expectItem(context, world, [("y", "the y", "y", try context.number(1))])
        }
        book.step(
            .calendar, .check, en: Phrase("reservation {string} is in lane {int}", #"reservation "R2" is in lane 1"#),
            ja: Phrase("予約{string}はレーン{int}にある", "予約「R2」はレーン1にある")
        ) { context, world in
            try await CalendarLayout.expectItem(
                context, world, [("lane", "the lane", "レーン", Double(try context.integer(1)))])
        }
        book.step(
            .calendar, .check, en: Phrase("the row of {string} has {int} lane(s)", #"the row of "Aoi" has 2 lanes"#),
            ja: Phrase("{string}の行は{int}レーンである", "「Aoi」の行は2レーンである")
        ) { context, world in
            try await CalendarLayout.expectRow(
                context, world, "lanes", "the number of lanes in", "レーン数", Double(try context.integer(1)))
        }
        book.step(
            .calendar, .check, en: Phrase("the row of {string} is {float} high", #"the row of "Aoi" is 88 high"#),
            ja: Phrase("{string}の行の高さは{float}である", "「Aoi」の行の高さは88である")
        ) { context, world in
            try await CalendarLayout.expectRow(context, world, "height", "the height of", "高さ", try context.number(1))
        }
    }
}
