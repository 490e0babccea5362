import StepInterface
import Wire

/// The calendar's scrolling steps (steps.md, "Calendar"): the viewport, scrolling the
/// grid, the staff column and the time header, and where each is left.
extension CalendarSteps {
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

    static func defineScrolling(in book: inout StepBook) {
        // Also `I set the viewport to … wide and … high`, as QA write it after reading the
        // try form (`OtherWordings.plainForm`).
        book.action(
            sending: .calendar(.setViewport), .setup,
            en: Phrase("the viewport is {float} wide and {float} high", "the viewport is 600 wide and 200 high"),
            ja: Phrase("表示領域は幅{float}、高さ{float}である", "表示領域は幅600、高さ200である"),
            tries: .written(
                en: "I try to set the viewport to {float} wide and {float} high", ja: "表示領域を幅{float}、高さ{float}に設定しようとする"
            )
        ) { context in [("width", JSONValue(try context.number(0))), ("height", JSONValue(try context.number(1)))] }
        book.action(
            .calendar, .action, en: Phrase("I scroll the grid to {time}", "I scroll the grid to 9:00"),
            ja: Phrase("グリッドを{time}までスクロールする", "グリッドを9:00までスクロールする")
        ) { context, world in
            try await scroll(to: try context.first(WrittenTime.self), pane: "grid", context, world)
        }
        book.action(
            .calendar, .action,
            en: Phrase("I scroll the grid to x {float} and y {float}", "I scroll the grid to x 540 and y 40"),
            ja: Phrase("グリッドをx{float}、y{float}までスクロールする", "グリッドをx540、y40までスクロールする")
        ) { context, world in
            try await CalendarLayout.scroll(
                world, context, pane: "grid", x: try context.number(0), y: try context.number(1))
        }
        book.action(
            .calendar, .action,
            en: Phrase("I scroll the staff column to y {float}", "I scroll the staff column to y 40"),
            ja: Phrase("スタッフ列をy{float}までスクロールする", "スタッフ列をy40までスクロールする")
        ) { context, world in
            try await CalendarLayout.scroll(world, context, pane: "staff", x: nil, y: try context.number(0))
        }
        book.action(
            .calendar, .action, en: Phrase("I scroll the time header to {time}", "I scroll the time header to 13:00"),
            ja: Phrase("時間ヘッダーを{time}までスクロールする", "時間ヘッダーを13:00までスクロールする")
        ) { context, world in
            try await scroll(to: try context.first(WrittenTime.self), pane: "header", context, world)
        }
    }

    /// Where the time header starts, as the scrolled grid leaves it.
    static func defineTimeHeaderCheck(in book: inout StepBook) {
        book.step(
            .calendar, .check, en: Phrase("the time header starts at {time}", "the time header starts at 9:00"),
            ja: Phrase("時間ヘッダーは{time}から始まる", "時間ヘッダーは9:00から始まる")
        ) { context, world in
            let minutes = try context.first(WrittenTime.self).minutesOfDay(world.language)
            let viewport = try await CalendarLayout.viewport(world, context)
            let expected = await CalendarLayout.position(of: minutes, world)
            let language = world.language
            let clock = { (minutes: Int) in ClockTime.text(minutes, paddingHours: false) }
            // The header starts in a minute as a clock reads it: part-way through 0:30 is
            // 0:30, as the simulator's `visibleFrom` (whole minutes, rounded down) says.
            // Told as times, as the step is written; the x follows for whoever checks it.
            if let actual = viewport["headerX"]?.doubleValue {
                let hourWidth = world.hourWidth
                let seen = actual / hourWidth * 60
                if Int((seen + 1e-6).rounded(.down)) == minutes { return }
                // The minute's whole width: a header anywhere in it starts at that time.
                let want =
                    "\(clock(minutes)) (x \(CalendarLayout.format(expected))–"
                    + "\(CalendarLayout.format(expected + hourWidth / 60)))"
                let x = CalendarLayout.format(actual)
                var got = "\(clock(Int(seen.rounded()))) (x \(x))"
                if abs(seen - seen.rounded()) > 1e-6 {
                    got = "x \(x)"
                    // Part-way through a minute of the day: the two minutes it lies between.
                    if seen > 0, seen < 24 * 60 {
                        let (before, after) = (clock(Int(seen)), clock(Int(seen) + 1))
                        got += language.pick(", between \(before) and \(after)", "（\(before)と\(after)の間）")
                    }
                }
                throw language.failure(
                    "expected the time header to start at \(want), but it starts at \(got)",
                    "時間ヘッダーは\(want)から始まるはずが、\(got)から始まっていました")
            }
            // No x at all: said as for any missing number.
            try CalendarLayout.expectNumber(
                language.pick("the time header's x (\(clock(minutes)))", "時間ヘッダーのx（\(clock(minutes))）"),
                viewport["headerX"], expected, language)
        }
    }

    /// What the viewport shows: the hours of the grid (its `visibleFrom` to `visibleTo`),
    /// how far the staff column is scrolled and which staff it shows.
    static func defineViewportChecks(in book: inout StepBook) {
        book.step(
            .calendar, .check,
            en: Phrase(
                "the visible time range is {time} to {time}", "the visible time range is 9:00 to 14:00",
                also: ["the visible time range is from {time} to {time}"],
                note: "checks the hours the calendar's grid shows (the viewport's visibleFrom and visibleTo)"),
            ja: Phrase("表示されている時間帯は{time}から{time}までである", "表示されている時間帯は9:00から14:00までである")
        ) { context, world in
            let language = world.language
            let from = try context.argument(0, as: WrittenTime.self).minutesOfDay(language)
            let to = try context.argument(1, as: WrittenTime.self).minutesOfDay(language)
            let viewport = try await CalendarLayout.viewport(world, context)
            let shown = (viewport["visibleFrom"]?.stringValue, viewport["visibleTo"]?.stringValue)
            let minutes = (shown.0.flatMap { try? ClockTime.parse($0) }, shown.1.flatMap { try? ClockTime.parse($0) })
            guard minutes.0 != from || minutes.1 != to else { return }
            let want = "\(ClockTime.text(from, paddingHours: false))–\(ClockTime.text(to, paddingHours: false))"
            let said = { (text: String?, minutes: Int?) in
                minutes.map { ClockTime.text($0, paddingHours: false) } ?? text ?? "?"
            }
            let got = "\(said(shown.0, minutes.0))–\(said(shown.1, minutes.1))"
            throw language.failure(
                "expected the visible time range to be \(want), but it is \(got)", "表示されている時間帯は\(want)のはずが、\(got)でした")
        }
        book.step(
            .calendar, .check,
            en: Phrase("the staff column is scrolled to y {float}", "the staff column is scrolled to y 40"),
            ja: Phrase("スタッフ列はy{float}にスクロールされている", "スタッフ列はy40にスクロールされている")
        ) { context, world in
            let viewport = try await CalendarLayout.viewport(world, context)
            let language = world.language
            try CalendarLayout.expectNumber(
                language.pick("the staff column's y", "スタッフ列のy"), viewport["staffY"], try context.number(0), language)
        }
        book.step(
            .calendar, .check, en: Phrase("the visible staff are {string}", #"the visible staff are "Aoi, Ren""#),
            ja: Phrase("表示されているスタッフは{string}である", "表示されているスタッフは「Aoi、Ren」である")
        ) { context, world in
            let written: String = try context.argument(0)
            let expected = written.split(whereSeparator: { ",、，".contains($0) }).map { String($0).trimmingWhitespace }
                .filter { !$0.isEmpty }
            let viewport = try await CalendarLayout.viewport(world, context)
            let shown = viewport["visibleStaff"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard shown == expected else {
                let language = world.language
                let wanted = expected.joined(separator: language.pick(", ", "、"))
                throw shown.isEmpty
                    ? language.failure(
                        "expected the visible staff to be \(wanted), but they are none",
                        "表示されているスタッフは\(wanted)のはずが、誰も表示されていませんでした")
                    : language.failure(
                        "expected the visible staff to be \(wanted), but they are \(shown.joined(separator: ", "))",
                        "表示されているスタッフは\(wanted)のはずが、\(shown.joined(separator: "、"))でした")
            }
        }
    }
}
