import StepInterface
import Wire

/// Reading the calendar's layout and viewport over the protocol, for the calendar steps.
enum CalendarLayout {
    /// Checks the number `key` of the layout row of staff `context`'s first argument.
    static func expectRow(
        _ context: StepContext, _ world: isolated QAWorld, _ key: String, _ english: String, _ japanese: String,
        _ expected: Double
    ) async throws {
        let staff: String = try context.argument(0)
        let rows = try await world.layoutRows(timeout: context.timeout)
        let language = world.language
        guard let row = rows.first(where: { isExactly($0["staff"], staff) }) else {
            let names = rows.compactMap { $0["staff"]?.stringValue }
            throw names.isEmpty
                ? language.failure(
                    "expected a row for \"\(staff)\", but the rows are none", "「\(staff)」の行があるはずが、行がありませんでした")
                : language.failure(
                    "expected a row for \"\(staff)\", but the rows are \(names.joined(separator: ", "))",
                    "「\(staff)」の行があるはずが、行は\(names.joined(separator: "、"))でした")
        }
        try expectNumber(
            language.pick("\(english) the row of \"\(staff)\"", "「\(staff)」の行の\(japanese)"), row[key], expected,
            language)
    }

    /// Ids and staff names are the simulator's, compared by code point as it compares
    /// them (docs/domain-decisions.md): `==` on `String` would take `é` typed as one code
    /// point for `e` + U+0301, another reservation.
    private static func isExactly(_ value: JSONValue?, _ text: String) -> Bool {
        guard let value = value?.stringValue else { return false }
        return value.utf8.elementsEqual(text.utf8)
    }

    /// Checks numbers of the layout item of reservation `context`'s first argument: each
    /// its key, its name in English and Japanese, and the value expected.
    static func expectItem(
        _ context: StepContext, _ world: isolated QAWorld, _ checks: [(String, String, String, Double)]
    ) async throws {
        let id: String = try context.argument(0)
        let items = try await world.layoutRows(timeout: context.timeout).flatMap { $0["items"]?.arrayValue ?? [] }
        let language = world.language
        guard let item = items.first(where: { isExactly($0["id"], id) }) else {
            let ids = items.compactMap { $0["id"]?.stringValue }
            // `Ｒ１` for `R1`: the same id in the other width.
            let narrow = ids.first { $0 != id && $0 == FullWidthText.ascii(id) }
            throw ids.isEmpty
                ? language.failure(
                    "expected reservation \"\(id)\" in the layout, but the layout has no reservations",
                    "予約「\(id)」がレイアウトにあるはずが、予約がありませんでした")
                : language.failure(
                    "expected reservation \"\(id)\" in the layout, but it has only \(ids.joined(separator: ", "))"
                        + (narrow.map { " (\"\(id)\" is typed in full width; the layout has \"\($0)\")" } ?? ""),
                    "予約「\(id)」がレイアウトにあるはずが、あるのは\(ids.joined(separator: "、"))でした"
                        + (narrow.map { "（「\(id)」は全角です。レイアウトにあるのは半角の「\($0)」です）" } ?? ""))
        }
        // One failure says every mismatch (`…; and …`).
        var messages: [String] = []
        for (key, english, japanese, expected) in checks {
            let what = language.pick("\(english) of reservation \"\(id)\"", "予約「\(id)」の\(japanese)")
            do { try expectNumber(what, item[key], expected, language) } catch let failure as StepFailure {
                messages.append(failure.message)
            }
        }
        guard messages.isEmpty else {
            throw StepFailure(.assertion, messages.joined(separator: language.pick("; and ", "。また、")))
        }
    }

    /// Fails unless `value` is a number within 0.001 of `expected`; `what` is named in
    /// the step's `language`.
    static func expectNumber(_ what: String, _ value: JSONValue?, _ expected: Double, _ language: StepLanguage) throws {
        guard let actual = value?.doubleValue else {
            if let value, !value.isNull {
                throw language.failure(
                    "expected \(what) to be \(format(expected)), but the register gave \(value.serialized), "
                        + "\(value.typeName), not a number (protocol.md)",
                    "\(what)は\(format(expected))のはずが、レジの値は数値ではなく\(value.serialized)でした（protocol.md）", .error)
            }
            throw language.failure(
                "expected \(what) to be \(format(expected)), but the register gave none",
                "\(what)は\(format(expected))のはずが、レジから値がありませんでした")
        }
        guard abs(actual - expected) <= 0.001 else {
            throw language.failure(
                "expected \(what) to be \(format(expected)), but it is \(format(actual))",
                "\(what)は\(format(expected))のはずが、\(format(actual))でした")
        }
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The x of a time of day, with the hour width the scenario set (default 120).
    static func position(of minutes: Int, _ world: QAWorld) async -> Double {
        Double(minutes) / 60 * (await world.hourWidth)
    }

    /// Scrolls one pane; remembers the grid's offsets from the answer.
    static func scroll(
        _ world: isolated QAWorld, _ context: StepContext, pane: String, x: Double?, y: Double?
    ) async throws -> ActionOutcome {
        var parameters: [(String, JSONValue)] = [("pane", .string(pane))]
        if let x { parameters.append(("x", JSONValue(x))) }
        if let y { parameters.append(("y", JSONValue(y))) }
        let response = try await world.send(.calendar(.scroll), parameters, timeout: context.timeout)
        if let viewport = response.member("viewport"), let gridX = viewport["gridX"]?.doubleValue,
            let gridY = viewport["gridY"]?.doubleValue
        {
            world.gridOffset = (gridX, gridY)
        }
        return response.outcome
    }

    /// The current viewport: a grid scroll to the offsets it already has, whose answer
    /// carries the viewport (the protocol has no read-only viewport query).
    ///
    /// The offsets are read from the calendar's state (`scroll`) first: a smaller viewport,
    /// other metrics or staff re-clamp them on the register's side, and scrolling back to
    /// the ones the scenario last set would move the view and report that instead. A
    /// register whose state has no `scroll` gets the scenario's last offsets.
    static func viewport(_ world: QAWorld, _ context: StepContext) async throws -> JSONValue {
        var offset = await world.gridOffset
        let state = try await world.query(.calendar(.getState), timeout: context.timeout).state
        if let scroll = state["scroll"], let x = scroll["gridX"]?.doubleValue, let y = scroll["gridY"]?.doubleValue {
            offset = (x, y)
        }
        let response = try await world.query(
            .calendar(.scroll), [("pane", "grid"), ("x", JSONValue(offset.x)), ("y", JSONValue(offset.y))],
            timeout: context.timeout)
        guard let viewport = response.member("viewport") else {
            throw StepFailure(.error, "the scroll response has no viewport")
        }
        return viewport
    }
}
