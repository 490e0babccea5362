import SpecRunner

/// The customer display's steps (steps.md, "Customer display"): each assertion waits, up
/// to the step's limit, for the latest snapshot to match.
enum DisplaySteps {
    static let linesTable = TableShape(required: ["name", "quantity", "amount"])

    static func define(in book: inout StepBook) {
        defineScreenAndFields(in: &book)
        defineUpdates(in: &book)
    }

    private static func defineScreenAndFields(in book: inout StepBook) {
        book.step(
            .display, .then, en: Phrase("the display shows the {screen} screen", "the display shows the cart screen"),
            ja: Phrase("カスタマーディスプレイは{screen}画面である", "カスタマーディスプレイはカート画面である")
        ) { context, world in
            let screen = try context.first(DisplayScreen.self)
            try await expect(world.display, context, "the \(screen.dataScreen) screen") { screenMismatch(screen, $0) }
        }
        book.step(
            .display, .then, en: Phrase("the display shows {field} {yen}", "the display shows total ¥1,200"),
            ja: Phrase("カスタマーディスプレイに{field}{yen}が表示される", "カスタマーディスプレイに合計¥1,200が表示される")
        ) { context, world in
            let field = try context.first(DisplayField.self)
            let amount = try context.firstInteger()
            try await expect(world.display, context, "\(field.dataField) \(YenAmount.format(amount))") { snapshot in
                guard let shown = snapshot.field(field.dataField) else { return "\(field.dataField) is not shown" }
                guard shown.amount == amount else {
                    return "\(field.dataField) is \(shown.amount.map(YenAmount.format) ?? "shown without data-amount")"
                }
                return nil
            }
        }
        let hidden: QAStepBody = { context, world in
            let field = (try? context.first(DisplayField.self)) ?? .points
            try await expect(world.display, context, "no \(field.dataField)") { snapshot in
                snapshot.field(field.dataField).map { "\(field.dataField) is shown (\(describe($0)))" }
            }
        }
        book.step(
            .display, .then, en: Phrase("the display does not show {field}", "the display does not show discount"),
            ja: Phrase("カスタマーディスプレイに{field}が表示されない", "カスタマーディスプレイに割引が表示されない"), hidden)
        book.step(
            .display, .then, en: Phrase("points are hidden"),
            ja: Phrase("ポイントは表示されない"), hidden)
        book.step(
            .display, .then, en: Phrase("the display shows the lines:"),
            ja: Phrase("カスタマーディスプレイに次の明細が表示される:"),
            table: linesTable
        ) { context, world in
            let table = try StepTable(context, linesTable)
            let expected = try table.rows.enumerated().map { index, row in
                ExpectedLine(
                    name: row["name"] ?? "", quantity: try StepTable.int(row, "quantity", row: index),
                    amount: try StepTable.yen(row, "amount", row: index))
            }
            let summary = expected.map(\.description).joined(separator: "; ")
            try await expect(world.display, context, "the lines \(summary)") { snapshot in
                let shown = snapshot.lines.map {
                    ExpectedLine(name: $0.itemName ?? "", quantity: $0.quantity ?? -1, amount: $0.amount ?? -1)
                }
                guard shown != expected else { return nil }
                return "the lines are " + (shown.isEmpty ? "none" : shown.map(\.description).joined(separator: "; "))
            }
        }
        book.step(
            .display, .then, en: Phrase("the display shows the text {string}", #"the display shows the text "ありがとう""#),
            ja: Phrase("カスタマーディスプレイに{string}と表示される", "カスタマーディスプレイに「ありがとう」と表示される")
        ) { context, world in
            let wanted = (try context.first(String.self)).collapsingWhitespace
            try await expect(world.display, context, "the text \"\(wanted)\"") { snapshot in
                snapshot.text.contains(wanted) ? nil : "its text is \"\(snapshot.text)\""
            }
        }
    }

    private static func defineUpdates(in book: inout StepBook) {
        book.step(
            .display, .then, en: Phrase("the display was not updated"),
            ja: Phrase("カスタマーディスプレイは更新されない")
        ) { _, world in
            let update: DisplaySnapshot?
            do { update = try await world.updateSincePreviousStep(settle: .milliseconds(100)) } catch {
                throw StepFailure(.error, "\(error)")
            }
            if let update {
                throw StepFailure(
                    .assertion, "expected no display update since the previous step started, but one arrived",
                    details: "the display shows:\n" + update.readable)
            }
        }
        book.step(
            .display, .then, en: Phrase("the display received {int} update(s)", "the display received 2 updates"),
            ja: Phrase("カスタマーディスプレイは{int}回更新された", "カスタマーディスプレイは2回更新された")
        ) { context, world in
            let expected = try context.firstInteger()
            do { try await world.display.waitForSnapshots(expected + 1, timeout: waitLimit(context)) } catch {
                throw StepFailure(.error, "\(error)")
            }
            let count = world.display.updateCount
            guard count == expected else {
                let snapshots = world.display.all()
                throw StepFailure(
                    .assertion,
                    "expected \(expected) display update(s) after the first snapshot, but there were \(count)",
                    details: snapshots.enumerated().map { "#\($0.offset): \($0.element.readable)" }.joined(
                        separator: "\n"))
            }
        }
        book.step(
            .display, .when, en: Phrase("a second display connects"),
            ja: Phrase("2台目のディスプレイが接続する")
        ) { _, world in
            do { _ = try await world.connectSecondDisplay() } catch {
                throw StepFailure(.error, "the second display could not connect: \(error)")
            }
        }
        book.step(
            .display, .then,
            en: Phrase("the second display shows the {screen} screen", "the second display shows the cart screen"),
            ja: Phrase("2台目のディスプレイは{screen}画面である", "2台目のディスプレイはカート画面である")
        ) { context, world in
            let screen = try context.first(DisplayScreen.self)
            guard let second = world.secondDisplay else {
                throw StepFailure(.error, "no second display is connected (write `a second display connects` first)")
            }
            try await expect(second, context, "the \(screen.dataScreen) screen", display: "the second display") {
                screenMismatch(screen, $0)
            }
        }
    }

    private struct ExpectedLine: Equatable, CustomStringConvertible {
        var name: String
        var quantity: Int
        var amount: Int
        var description: String { "\(name) × \(quantity) = \(amount)" }
    }

    private static func screenMismatch(_ screen: DisplayScreen, _ snapshot: DisplaySnapshot) -> String? {
        snapshot.screen == screen.dataScreen ? nil : "the screen is \(snapshot.screen ?? "unnamed")"
    }

    private static func describe(_ field: DisplaySnapshot.Field) -> String {
        field.amount.map(YenAmount.format) ?? field.text
    }

    /// A little under the step's limit, so the assertion reports what it saw before the
    /// runner's own timeout fires.
    static func waitLimit(_ context: StepContext) -> Duration {
        let margin = min(context.timeout / 10, .milliseconds(100))
        return context.timeout - margin
    }

    /// Waits for `watcher`'s screen to pass `mismatch`; fails with what was expected and
    /// what the display showed, as text (worded only then: most checks pass).
    nonisolated(nonsending) private static func expect(
        _ watcher: DisplayWatcher, _ context: StepContext, _ expectation: @autoclosure () -> String,
        display: String = "the display",
        mismatch: @escaping @Sendable (DisplaySnapshot) -> String?
    ) async throws {
        let limit = waitLimit(context)
        let problem: String?
        do { problem = try await watcher.wait(timeout: limit, until: mismatch) } catch {
            throw StepFailure(.error, "\(error)")
        }
        guard let problem else { return }
        let shown = watcher.latest()?.readable ?? "(no snapshot received)"
        throw StepFailure(
            // The step timeout the reader set (or the default), not the margin under it.
            .assertion, "expected \(display) to show \(expectation()), but \(problem) (waited \(context.timeout))",
            details: "\(display) shows:\n" + shown)
    }
}
