import SpecRunner
import Wire

/// The calendar's steps (steps.md, "Calendar"): staff, reservations, layout and scrolling.
/// Layout numbers are compared within 0.001. View states are in `CalendarViewSteps`.
enum CalendarSteps {
    static let tolerance = 0.001

    static func define(in book: inout StepBook) {
        defineData(in: &book)
        defineLayout(in: &book)
        defineScrolling(in: &book)
        CalendarViewSteps.define(in: &book)
    }

    /// A calendar action with the step's limit.
    static func act(
        _ world: isolated QAWorld, _ context: StepContext, _ action: String, _ parameters: [(String, JSONValue)] = []
    ) async throws -> ActionOutcome {
        try await world.perform(.calendar, action, parameters, timeout: context.timeout)
    }

    static func number(_ value: Double) -> JSONValue { JSONValue(value) }

    static let staffTable = TableShape(required: ["name"], optional: ["capacity"], kinds: ["capacity": .int])
    static let bookingsTable = TableShape(
        required: ["id", "staff", "start", "end"], optional: ["customer"], kinds: ["start": .time, "end": .time])
    static let menuTable = TableShape(required: ["name", "price"], kinds: ["price": .yen])

    private static func defineData(in book: inout StepBook) {
        book.action(
            .calendar, .given, en: Phrase("the staff:"), enTry: "I try to set the staff:",
            ja: Phrase("スタッフ:"), jaTry: "スタッフを設定しようとする:", table: staffTable
        ) { context, world in
            let table = try StepTable(context, staffTable, language: world.language)
            let staff = try table.rows.map { row -> JSONValue in
                var member: JSONObject = ["name": .string(row["name"] ?? "")]
                if let capacity = row["capacity"], !capacity.isEmpty {
                    member.append("capacity", JSONValue(try row.int("capacity")))
                }
                return .object(member)
            }
            let outcome = try await act(world, context, "setStaff", [("staff", .array(staff))])
            return TableRejection.pointed(outcome, in: table, language: world.language)
        }
        book.action(
            .calendar, .given,
            en: Phrase(
                "the calendar metrics are hour width {float}, item height {float}, padding {float}",
                "the calendar metrics are hour width 60, item height 40, padding 4"),
            enTry: "I try to set the calendar metrics to hour width {float}, item height {float}, padding {float}",
            ja: Phrase("カレンダーの寸法は時間幅{float}、予約の高さ{float}、余白{float}である", "カレンダーの寸法は時間幅60、予約の高さ40、余白4である"),
            jaTry: "カレンダーの寸法を時間幅{float}、予約の高さ{float}、余白{float}に設定しようとする"
        ) { context, world in
            let hourWidth = try context.number(0)
            let outcome = try await act(
                world, context, "setMetrics",
                [
                    ("hourWidth", number(hourWidth)), ("itemHeight", number(try context.number(1))),
                    ("padding", number(try context.number(2))),
                ])
            if outcome == .succeeded { world.setHourWidth(hourWidth) }
            return outcome
        }
        book.action(
            .calendar, .given, en: Phrase("the reservations:"),
            enTry: "I try to set the reservations:",
            ja: Phrase("予約:"), jaTry: "予約を設定しようとする:", table: bookingsTable
        ) { context, world in
            let table = try StepTable(context, bookingsTable, language: world.language)
            let bookings = try table.rows.map { row in
                var parameters: [(String, JSONValue)] = [
                    ("reservation", .string(row["id"] ?? "")), ("staff", .string(row["staff"] ?? "")),
                    ("start", .string(try row.time("start"))),
                    ("end", .string(try row.time("end"))),
                ]
                if let customer = row["customer"], !customer.isEmpty {
                    parameters.append(("customer", .string(customer)))
                }
                return (action: "book", parameters: parameters)
            }
            // A plain step fails at a refused row anyway, so its rows go in one round trip;
            // a try step books row by row, stops at the first refusal and takes back the
            // rows it booked, so a refused table leaves the calendar as it was.
            let outcomes =
                StepBook.isTryForm
                ? try await bookOneByOne(bookings, world, context)
                : try await world.performAll(.calendar, bookings, timeout: context.timeout)
            for (index, outcome) in outcomes.enumerated() {
                if case .rejected(let code, let message) = outcome {
                    let row = table.rows[index]
                    return .rejected(code: code, message: "\(row.label(row["id"] ?? "")): \(message)")
                }
            }
            return .succeeded
        }
        book.action(
            .calendar, .given, en: Phrase("reservation {string} includes:", #"reservation "R1" includes:"#),
            enTry: "I try to set the menu of reservation {string}:",
            ja: Phrase("予約{string}のメニュー:", "予約「R1」のメニュー:"), jaTry: "予約{string}のメニューを設定しようとする:",
            table: menuTable
        ) { context, world in
            let table = try StepTable(context, menuTable, language: world.language)
            let menu = try table.rows.map { row -> JSONValue in
                .object(["name": .string(row["name"] ?? ""), "price": JSONValue(try row.yen("price"))])
            }
            return try await act(
                world, context, "setMenu", [("reservation", .string(try context.argument(0))), ("menu", .array(menu))]
            )
        }
        book.action(
            .calendar, .when,
            en: Phrase(
                "I book {string} with {string} from {time} to {time}", #"I book "R1" with "Aoi" from 10:00 to 11:00"#),
            enTry: "I try to book {string} with {string} from {time} to {time}",
            ja: Phrase("{string}を{string}に{time}から{time}まで予約する", "「R1」を「Aoi」に10:00から11:00まで予約する"),
            jaTry: "{string}を{string}に{time}から{time}まで予約しようとする"
        ) { context, world in
            try await act(
                world, context, "book",
                [
                    ("reservation", .string(try context.argument(0))), ("staff", .string(try context.argument(1))),
                    // As written: whether 10:60 or 25:00 is a time is the simulator's rule.
                    ("start", .string(try context.argument(2, as: WrittenTime.self).text)),
                    ("end", .string(try context.argument(3, as: WrittenTime.self).text)),
                ]
            )
        }
        book.action(
            .calendar, .when, en: Phrase("I cancel booking {string}", #"I cancel booking "R1""#),
            enTry: "I try to cancel booking {string}",
            ja: Phrase("予約{string}を取り消す", "予約「R1」を取り消す"), jaTry: "予約{string}を取り消そうとする"
        ) { context, world in
            try await act(world, context, "cancelBooking", [("reservation", .string(try context.argument(0)))])
        }
        book.action(
            .calendar, .when, en: Phrase("I check out reservation {string}", #"I check out reservation "R1""#),
            enTry: "I try to check out reservation {string}",
            ja: Phrase("予約{string}をお会計する", "予約「R1」をお会計する"), jaTry: "予約{string}をお会計しようとする"
        ) { context, world in
            try await act(world, context, "checkoutReservation", [("reservation", .string(try context.argument(0)))])
        }
    }

    private static func bookOneByOne(
        _ bookings: [(action: String, parameters: [(String, JSONValue)])], _ world: QAWorld, _ context: StepContext
    ) async throws -> [ActionOutcome] {
        var outcomes: [ActionOutcome] = []
        for booking in bookings {
            let outcome = try await act(world, context, booking.action, booking.parameters)
            outcomes.append(outcome)
            if outcome != .succeeded {
                try await cancel(bookings.prefix(outcomes.count - 1), world, context)
                break
            }
        }
        return outcomes
    }

    /// Takes back the rows a refused table booked, last first: QA reads the table as one
    /// action, and a refused action leaves the calendar as it was (domain.md).
    private static func cancel(
        _ booked: ArraySlice<(action: String, parameters: [(String, JSONValue)])>, _ world: QAWorld,
        _ context: StepContext
    ) async throws {
        for booking in booked.reversed() {
            guard case .string(let id)? = booking.parameters.first(where: { $0.0 == "reservation" })?.1 else {
                continue
            }
            let outcome = try await act(world, context, "cancelBooking", [("reservation", .string(id))])
            if case .rejected(let code, let message) = outcome {
                throw StepFailure(
                    .error,
                    "a refused table row could not be taken back: cancelling \"\(id)\" was refused (\(code): \(message))"
                )
            }
        }
    }

    private static func defineLayout(in book: inout StepBook) {
        book.step(
            .calendar, .then,
            en: Phrase(
                "reservation {string} is drawn at x {float} with width {float}",
                #"reservation "R1" is drawn at x 600 with width 60"#),
            ja: Phrase("予約{string}はx{float}、幅{float}で描画される", "予約「R1」はx600、幅60で描画される")
        ) { context, world in
            let id: String = try context.argument(0)
            let item = try await CalendarLayout.item(id, world, context)
            let language = world.language
            // Both are checked, so that a wrong x does not hide a wrong width.
            try CalendarLayout.expectNumbers(
                [
                    (language.pick("the x of reservation \"\(id)\"", "予約「\(id)」のx"), item["x"], try context.number(1)),
                    (
                        language.pick("the width of reservation \"\(id)\"", "予約「\(id)」の幅"), item["width"],
                        try context.number(2)
                    ),
                ], language)
        }
        book.step(
            .calendar, .then, en: Phrase("reservation {string} is in lane {int}", #"reservation "R2" is in lane 1"#),
            ja: Phrase("予約{string}はレーン{int}にある", "予約「R2」はレーン1にある")
        ) { context, world in
            let id: String = try context.argument(0)
            let item = try await CalendarLayout.item(id, world, context)
            let language = world.language
            try CalendarLayout.expectNumber(
                language.pick("the lane of reservation \"\(id)\"", "予約「\(id)」のレーン"), item["lane"],
                Double(try context.integer(1)), language)
        }
        book.step(
            .calendar, .then, en: Phrase("the row of {string} has {int} lane(s)", #"the row of "Aoi" has 2 lanes"#),
            ja: Phrase("{string}の行は{int}レーンである", "「Aoi」の行は2レーンである")
        ) { context, world in
            let name: String = try context.argument(0)
            let row = try await CalendarLayout.row(name, world, context)
            let language = world.language
            try CalendarLayout.expectNumber(
                language.pick("the number of lanes in the row of \"\(name)\"", "「\(name)」の行のレーン数"), row["lanes"],
                Double(try context.integer(1)), language)
        }
        book.step(
            .calendar, .then, en: Phrase("the row of {string} is {float} high", #"the row of "Aoi" is 88 high"#),
            ja: Phrase("{string}の行の高さは{float}である", "「Aoi」の行の高さは88である")
        ) { context, world in
            let name: String = try context.argument(0)
            let row = try await CalendarLayout.row(name, world, context)
            let language = world.language
            try CalendarLayout.expectNumber(
                language.pick("the height of the row of \"\(name)\"", "「\(name)」の行の高さ"), row["height"],
                try context.number(1), language)
        }
    }

    private static func setViewport(_ context: StepContext, _ world: isolated QAWorld) async throws -> ActionOutcome {
        try await act(
            world, context, "setViewport",
            [("width", number(try context.number(0))), ("height", number(try context.number(1)))]
        )
    }

    /// Scrolls `pane` to a time's x. A time outside the day (`25:00`, `10:60`) has no x to
    /// send: the action is refused here with the code the simulator gives such a time in
    /// a booking, `invalidTime`, so that its try form records it like any refusal and a
    /// plain step fails as a refused action does.
    private static func scroll(
        to time: WrittenTime, pane: String, _ context: StepContext, _ world: isolated QAWorld
    ) async throws -> ActionOutcome {
        let minutes: Int
        do { minutes = try time.minutesOfDay() } catch {
            return .rejected(code: "invalidTime", message: world.language.pick(error.description, error.japanese))
        }
        let x = await CalendarLayout.position(of: minutes, world)
        return try await CalendarLayout.scroll(world, context, pane: pane, x: x, y: nil)
    }

    private static func defineScrolling(in book: inout StepBook) {
        book.action(
            .calendar, .given,
            en: Phrase("the viewport is {float} wide and {float} high", "the viewport is 600 wide and 200 high"),
            enTry: "I try to set the viewport to {float} wide and {float} high",
            ja: Phrase("表示領域は幅{float}、高さ{float}である", "表示領域は幅600、高さ200である"),
            jaTry: "表示領域を幅{float}、高さ{float}に設定しようとする"
        ) { context, world in
            try await setViewport(context, world)
        }
        // The plain form of the try form above, as QA write it after seeing the try form.
        book.action(
            .calendar, .when,
            en: Phrase(
                "I set the viewport to {float} wide and {float} high", "I set the viewport to 600 wide and 200 high"),
            enTry: nil,
            ja: Phrase("表示領域を幅{float}、高さ{float}に設定する", "表示領域を幅600、高さ200に設定する"), jaTry: nil,
            related: (
                en: "I try to set the viewport to {float} wide and {float} high",
                ja: "表示領域を幅{float}、高さ{float}に設定しようとする"
            )
        ) { context, world in
            try await setViewport(context, world)
        }
        book.action(
            .calendar, .when, en: Phrase("I scroll the grid to {time}", "I scroll the grid to 9:00"),
            enTry: "I try to scroll the grid to {time}",
            ja: Phrase("グリッドを{time}までスクロールする", "グリッドを9:00までスクロールする"), jaTry: "グリッドを{time}までスクロールしようとする"
        ) { context, world in
            try await scroll(to: try context.first(WrittenTime.self), pane: "grid", context, world)
        }
        book.action(
            .calendar, .when,
            en: Phrase("I scroll the grid to x {float} and y {float}", "I scroll the grid to x 540 and y 40"),
            enTry: "I try to scroll the grid to x {float} and y {float}",
            ja: Phrase("グリッドをx{float}、y{float}までスクロールする", "グリッドをx540、y40までスクロールする"),
            jaTry: "グリッドをx{float}、y{float}までスクロールしようとする"
        ) { context, world in
            try await CalendarLayout.scroll(
                world, context, pane: "grid", x: try context.number(0), y: try context.number(1))
        }
        book.action(
            .calendar, .when, en: Phrase("I scroll the staff column to y {float}", "I scroll the staff column to y 40"),
            enTry: "I try to scroll the staff column to y {float}",
            ja: Phrase("スタッフ列をy{float}までスクロールする", "スタッフ列をy40までスクロールする"), jaTry: "スタッフ列をy{float}までスクロールしようとする"
        ) { context, world in
            try await CalendarLayout.scroll(world, context, pane: "staff", x: nil, y: try context.number(0))
        }
        book.action(
            .calendar, .when, en: Phrase("I scroll the time header to {time}", "I scroll the time header to 13:00"),
            enTry: "I try to scroll the time header to {time}",
            ja: Phrase("時間ヘッダーを{time}までスクロールする", "時間ヘッダーを13:00までスクロールする"), jaTry: "時間ヘッダーを{time}までスクロールしようとする"
        ) { context, world in
            try await scroll(to: try context.first(WrittenTime.self), pane: "header", context, world)
        }
        book.step(
            .calendar, .then, en: Phrase("the time header starts at {time}", "the time header starts at 9:00"),
            ja: Phrase("時間ヘッダーは{time}から始まる", "時間ヘッダーは9:00から始まる")
        ) { context, world in
            let minutes = try context.first(WrittenTime.self).minutesOfDay(world.language)
            let viewport = try await CalendarLayout.viewport(world, context)
            let expected = await CalendarLayout.position(of: minutes, world)
            let language = world.language
            // The header starts in a minute as a clock reads it: part-way through 0:30 is
            // 0:30, as the simulator's `visibleFrom` (whole minutes, rounded down) says.
            // Told as times, as the step is written; the x follows for whoever checks it.
            if let actual = viewport["headerX"]?.doubleValue {
                let hourWidth = world.hourWidth
                let seen = actual / hourWidth * 60
                if Int((seen + 1e-6).rounded(.down)) == minutes { return }
                // The minute's whole width: a header anywhere in it starts at that time.
                let want =
                    "\(ClockTime.text(minutes, paddingHours: false)) (x \(CalendarLayout.format(expected))–"
                    + "\(CalendarLayout.format(expected + hourWidth / 60)))"
                let x = CalendarLayout.format(actual)
                var got = "\(ClockTime.text(Int(seen.rounded()), paddingHours: false)) (x \(x))"
                var gotJapanese = got
                if abs(seen - seen.rounded()) > 1e-6, seen > 0, seen < 24 * 60 {
                    // Part-way through a minute: the two minutes it lies between.
                    let (before, after) = (
                        ClockTime.text(Int(seen), paddingHours: false),
                        ClockTime.text(Int(seen) + 1, paddingHours: false)
                    )
                    got = "x \(x), between \(before) and \(after)"
                    gotJapanese = "x \(x)（\(before)と\(after)の間）"
                } else if abs(seen - seen.rounded()) > 1e-6 {
                    (got, gotJapanese) = ("x \(x)", "x \(x)")
                }
                throw StepFailure(
                    .assertion,
                    language.pick(
                        "expected the time header to start at \(want), but it starts at \(got)",
                        "時間ヘッダーは\(want)から始まるはずが、\(gotJapanese)から始まっていました"))
            }
            // No x at all: said as for any missing number.
            try CalendarLayout.expectNumber(
                language.pick(
                    "the time header's x (\(ClockTime.text(minutes, paddingHours: false)))",
                    "時間ヘッダーのx（\(ClockTime.text(minutes, paddingHours: false))）"),
                viewport["headerX"], expected, language)
        }
        book.step(
            .calendar, .then,
            en: Phrase("the staff column is scrolled to y {float}", "the staff column is scrolled to y 40"),
            ja: Phrase("スタッフ列はy{float}にスクロールされている", "スタッフ列はy40にスクロールされている")
        ) { context, world in
            let viewport = try await CalendarLayout.viewport(world, context)
            let language = world.language
            try CalendarLayout.expectNumber(
                language.pick("the staff column's y", "スタッフ列のy"), viewport["staffY"], try context.number(0), language)
        }
        book.step(
            .calendar, .then, en: Phrase("the visible staff are {string}", #"the visible staff are "Aoi, Ren""#),
            ja: Phrase("表示されているスタッフは{string}である", "表示されているスタッフは「Aoi、Ren」である")
        ) { context, world in
            let written: String = try context.argument(0)
            let expected = written.split(whereSeparator: { $0 == "," || $0 == "、" || $0 == "，" }).map {
                String($0).trimmingWhitespace
            }
            .filter { !$0.isEmpty }
            let viewport = try await CalendarLayout.viewport(world, context)
            let shown = viewport["visibleStaff"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard shown == expected else {
                let language = world.language
                let wanted = expected.joined(separator: language.pick(", ", "、"))
                throw StepFailure(
                    .assertion,
                    shown.isEmpty
                        ? language.pick(
                            "expected the visible staff to be \(wanted), but they are none",
                            "表示されているスタッフは\(wanted)のはずが、誰も表示されていませんでした")
                        : language.pick(
                            "expected the visible staff to be \(wanted), but they are \(shown.joined(separator: ", "))",
                            "表示されているスタッフは\(wanted)のはずが、\(shown.joined(separator: "、"))でした"))
            }
        }
    }
}
