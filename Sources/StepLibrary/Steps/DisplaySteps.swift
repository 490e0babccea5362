import StepInterface
import Wire

/// The customer display's steps (steps.md, "Customer display"): each assertion waits, up
/// to the step's limit, for the latest snapshot to match.
enum DisplaySteps {
    static let linesTable = TableShape(
        required: ["name", "quantity", "amount"], kinds: ["quantity": .int, "amount": .yen])

    static func define(in book: inout StepBook) {
        defineScreenAndFields(in: &book)
        defineLinesAndText(in: &book)
        defineUpdates(in: &book)
    }

    private static func defineScreenAndFields(in book: inout StepBook) {
        book.step(
            .display, .check, en: Phrase("the display shows the {screen} screen", "the display shows the cart screen"),
            ja: Phrase(
                "カスタマーディスプレイは{screen}画面である", "カスタマーディスプレイはカート画面である",
                also: ["カスタマーディスプレイに{screen}画面が表示される"]),
            checksDisplay: true
        ) { context, world in try await expectScreen(context, world) }
        book.step(
            .display, .check,
            en: Phrase(
                "the display shows {field} {yen}", "the display shows total ¥1,200",
                also: ["the display shows the {field} {yen}"],
                note:
                    "checks an amount on the customer display; a discount or points used is written positive,"
                    + " though the screen shows it with a minus"
            ),
            ja: Phrase("カスタマーディスプレイに{field}{yen}が表示される", "カスタマーディスプレイに合計¥1,200が表示される"),
            checksDisplay: true
        ) { context, world in
            let field = try context.first(DisplayField.self)
            let amount = try context.firstInteger()
            let language = world.language
            let name = DisplaySnapshot.fieldName(field.rawValue, language)
            let expectation = language.pick("\(name) \(YenText.format(amount))", "\(name)\(YenText.format(amount))")
            // The screen writes `割引 -¥100`, and QA copy it; but every amount is its
            // `data-amount`, never negative (steps.md): no wait can make it match.
            if amount < 0 {
                // Told with the screen as the actions before it left it.
                try await world.settle()
                let positive = YenText.format(-amount)
                throw language.failure(
                    "expected the display to show \(expectation), but a step writes every amount positive,"
                        + " a discount or points used too, though the screen shows it with a minus"
                        + " (write \(name) \(positive))",
                    "\(expectation)の表示を期待しましたが、ステップでは金額をすべて正の数で書きます。画面でマイナス付きで"
                        + "表示される割引やポイント利用も同じです（\(name)\(positive)と書きます）", details: await world.displayNow(language))
            }
            try await expect(in: world, context, language, expectation) { snapshot in
                guard let shown = snapshot.field(field.rawValue) else {
                    return language.pick("\(name) is not shown", "\(name)は表示されていませんでした")
                }
                guard shown.amount != amount else { return nil }
                guard let actual = shown.amount.map(YenText.format) else {
                    return language.pick(
                        "\(name) is shown without data-amount", "\(name)は金額（data-amount）なしで表示されていました")
                }
                return language.pick("\(name) is \(actual)", "\(name)は\(actual)でした")
            }
        }
        // A field the display does not show, and hidden points.
        let hidden: QAStepBody = { context, world in
            let field = (try? context.first(DisplayField.self)) ?? .points
            let language = world.language
            let name = DisplaySnapshot.fieldName(field.rawValue, language)
            try await expect(in: world, context, language, language.pick("no \(name)", "\(name)非表示")) { snapshot in
                snapshot.field(field.rawValue).map {
                    let shown = $0.amount.map(YenText.format) ?? $0.text
                    return language.pick(
                        "\(name) \(name.hasSuffix("s") ? "are" : "is") shown (\(shown))", "\(name)が\(shown)と表示されていました")
                }
            }
        }
        book.step(
            .display, .check,
            en: Phrase(
                "the display does not show {field}", "the display does not show discount",
                also: ["the display does not show the {field}"]),
            ja: Phrase("カスタマーディスプレイに{field}が表示されない", "カスタマーディスプレイに割引が表示されない"),
            checksDisplay: true, hidden)
        book.step(
            .display, .check, en: Phrase("points are hidden"),
            ja: Phrase("ポイントは表示されない"), checksDisplay: true, hidden)
    }

    /// The cart lines and a text the display shows.
    private static func defineLinesAndText(in book: inout StepBook) {
        book.step(
            .display, .check, en: Phrase("the display shows the lines:"),
            ja: Phrase("カスタマーディスプレイに次の明細が表示される:"),
            table: linesTable, checksDisplay: true
        ) { context, world in
            let table = try StepTable(context, linesTable, language: world.language)
            let expected = try table.rows.map { row in
                ExpectedLine(name: row["name"] ?? "", quantity: try row.int("quantity"), amount: try row.yen("amount"))
            }
            let language = world.language
            // A table with its header row only expects an empty cart: say so, not "the lines ".
            let wanted =
                expected.isEmpty
                ? language.pick("no lines", "明細なし")
                : language.pick("the lines ", "明細 ") + expected.map(\.description).joined(separator: "; ")
            try await expect(in: world, context, language, wanted) { snapshot in
                let shown = snapshot.lines.map {
                    ExpectedLine(name: $0.itemName ?? "", quantity: $0.quantity ?? -1, amount: $0.amount ?? -1)
                }
                guard shown != expected else { return nil }
                let lines = shown.map(\.description).joined(separator: "; ")
                return shown.isEmpty
                    ? language.pick("the lines are none", "明細はありませんでした")
                    : language.pick("the lines are \(lines)", "明細は \(lines) でした")
                        + difference(expected: expected, shown: shown, language)
            }
        }
        book.step(
            .display, .check, en: Phrase("the display shows the text {string}", #"the display shows the text "ありがとう""#),
            ja: Phrase("カスタマーディスプレイに{string}と表示される", "カスタマーディスプレイに「ありがとう」と表示される"),
            checksDisplay: true
        ) { context, world in
            let wanted = (try context.first(String.self)).collapsingWhitespace
            // Compared whichever width the digits, signs and `￥` were typed in (`合計 ￥４５０`).
            let comparable = FullWidthText.comparable(wanted)
            let language = world.language
            try await expect(
                in: world, context, language, language.pick("the text \"\(wanted)\"", "「\(wanted)」の表示")
            ) { snapshot in
                FullWidthText.comparable(snapshot.text).contains(comparable)
                    ? nil : language.pick("its text is \"\(snapshot.text)\"", "表示されていたテキストは「\(snapshot.text)」でした")
            }
        }
    }

    private static func defineUpdates(in book: inout StepBook) {
        book.step(
            .display, .check, en: Phrase("the display was not updated"),
            ja: Phrase("カスタマーディスプレイは更新されない")
        ) { _, world in
            let update: DisplaySnapshot?
            do { update = try await world.updateSincePreviousStep(settle: .milliseconds(100)) } catch {
                throw StepFailure(.error, "\(error)")
            }
            if let update {
                let language = world.language
                throw language.failure(
                    "expected no display update since the previous step started, but one arrived",
                    "前のステップ以降カスタマーディスプレイは更新されないはずが、更新されました",
                    details: world.shown(update, language, unlessWelcome: false))
            }
        }
        // The first display's updates and the second's, counted alike.
        for (second, en, ja, count) in [
            (false, "the display", "カスタマーディスプレイ", 2), (true, "the second display", "2台目のディスプレイ", 1),
        ] {
            book.step(
                .display, .check,
                en: Phrase(
                    "\(en) received {int} update(s)", "\(en) received \(count) update\(count == 1 ? "" : "s")",
                    also: ["\(en) has been updated {int} time(s)", "\(en) was updated {int} time(s)"],
                    note: second ? nil : "counts the customer display's updates after the snapshot it got on connecting"
                ),
                ja: Phrase("\(ja)は{int}回更新された", "\(ja)は\(count)回更新された", also: ["\(ja)が{int}回更新された"])
            ) { context, world in
                // Waits (up to the step's limit) for the step's number of updates after the
                // snapshot it got on connecting, takes any already queued beyond, and
                // compares exactly.
                let watcher = second ? try secondDisplay(world) : world.display
                let language = world.language
                let expected = try context.firstInteger()
                // The snapshot on connecting and `expected` more; `Int.max` waits out the limit.
                let snapshots = expected < Int.max ? expected + 1 : expected
                do { try await watcher.waitForSnapshots(snapshots, timeout: context.timeout) } catch {
                    throw StepFailure(.error, "\(error)")
                }
                let count = watcher.updateCount
                guard count != expected else { return }
                let display = language.pick(String(en.dropFirst("the ".count)), ja)
                let shown = (0..<watcher.count).map { "#\($0): \(watcher.snapshot(at: $0).readable(language))" }
                throw language.failure(
                    "expected \(expected) \(display) update(s) after the snapshot it got on connecting, but there"
                        + " \(count == 1 ? "was" : "were") \(count)",
                    "\(display)は接続したときの表示のあと\(expected)回更新されるはずが、\(count)回でした",
                    details: shown.joined(separator: "\n"))
            }
        }
        book.step(
            .display, .action, en: Phrase("a second display connects"),
            ja: Phrase("2台目のディスプレイが接続する")
        ) { _, world in
            do { try await world.connectSecondDisplay() } catch {
                throw StepFailure(.error, "the second display could not connect: \(error)")
            }
        }
        book.step(
            .display, .check,
            en: Phrase("the second display shows the {screen} screen", "the second display shows the cart screen"),
            ja: Phrase(
                "2台目のディスプレイは{screen}画面である", "2台目のディスプレイはカート画面である",
                also: ["2台目のディスプレイに{screen}画面が表示される"])
        ) { context, world in
            try await expectScreen(context, world, second: try secondDisplay(world))
        }
    }

    private static func secondDisplay(_ world: isolated QAWorld) throws -> DisplayWatcher {
        guard let second = world.secondDisplay else {
            throw world.language.failure(
                "no second display is connected (write `a second display connects` first)",
                "2台目のディスプレイが接続されていません（先に「2台目のディスプレイが接続する」と書いてください）", .error)
        }
        return second
    }

    /// Where two lists of several lines differ, as QA would look for it: the same lines in
    /// another order, or the lines missing and the lines not expected.
    private static func difference(expected: [ExpectedLine], shown: [ExpectedLine], _ language: StepLanguage) -> String
    {
        guard max(expected.count, shown.count) > 1 else { return "" }
        var extra = shown
        var missing: [ExpectedLine] = []
        for line in expected {
            if let index = extra.firstIndex(of: line) { extra.remove(at: index) } else { missing.append(line) }
        }
        if missing.isEmpty, extra.isEmpty {
            return language.pick(" (the same lines, in another order)", "（同じ明細で、順番が違います）")
        }
        let listed = { (lines: [ExpectedLine]) in lines.map(\.description).joined(separator: "; ") }
        let parts =
            (missing.isEmpty ? [] : [language.pick("missing: ", "足りない明細: ") + listed(missing)])
            + (extra.isEmpty ? [] : [language.pick("not expected: ", "余分な明細: ") + listed(extra)])
        return language.pick(" (\(parts.joined(separator: "; ")))", "（\(parts.joined(separator: "、"))）")
    }

    private struct ExpectedLine: Equatable, CustomStringConvertible {
        var name: String
        var quantity: Int
        var amount: Int
        var description: String { "\(name) ×\(quantity) \(YenText.format(amount))" }
    }

    /// Checks that `second` (else the first display) shows the step's `{screen}`.
    private static func expectScreen(
        _ context: StepContext, _ world: isolated QAWorld, second: DisplayWatcher? = nil
    ) async throws {
        let screen = try context.first(DisplayScreen.self)
        let language = world.language
        try await expect(
            in: world, second: second, context, language,
            language.pick("the \(screen.rawValue) screen", "\(screen.japaneseName)画面")
        ) { snapshot in
            guard snapshot.screen != screen.rawValue else { return nil }
            guard let shown = snapshot.screen else {
                return language.pick("the screen is unnamed", "画面名（data-screen）のない表示でした")
            }
            return language.pick("the screen is \(shown)", "\(DisplaySnapshot.screenName(shown, language))画面でした")
        }
    }

    /// A display check's verdict on the snapshot it judged (nil: none came): the check's
    /// failure when `problem` is not nil. `waited`: the check waited for the screen (up to
    /// the step's limit) rather than reading the snapshot that followed the answers.
    typealias Judge = @Sendable (_ problem: String?, _ snapshot: DisplaySnapshot?, _ waited: Bool) -> StepFailure?

    /// Waits for the display's screen to pass `mismatch` (the `second` display's, else the
    /// first's, which may be judged once the answers before it are read: `checkLater`);
    /// fails with what was expected and what the display showed, worded only then. The
    /// snapshot judged is attached to the step, as HTML (shown in the registry's
    /// `fragmentPage`) and as readable text.
    private static func expect(
        in world: isolated QAWorld, second secondDisplay: DisplayWatcher? = nil, _ context: StepContext,
        _ language: StepLanguage, _ expectation: @escaping @Sendable @autoclosure () -> String,
        mismatch: @escaping @Sendable (DisplaySnapshot) -> String?
    ) async throws {
        let second = secondDisplay != nil
        let readableTexts = world.readableTexts
        let judge: Judge = { problem, snapshot, waited in
            if let snapshot, context.keepsAttachments {
                context.attach(snapshot.html, mediaType: "text/html", fileName: "display.html")
                context.attach(
                    readableTexts.text(of: snapshot, language), mediaType: "text/plain", fileName: "display.txt")
            }
            guard let problem else { return nil }
            let shown = snapshot?.readable(language) ?? language.pick("(no snapshot received)", "（表示を受け取っていません）")
            let display =
                second ? language.pick("the second display", "2台目のディスプレイ") : language.pick("the display", "カスタマーディスプレイ")
            // The step's limit, as QA set it, which the wait lasts: "waited 1.9 seconds" would
            // read as a check that gave up early. A check made on the snapshot that followed
            // the answers before it did not wait, and does not say it did.
            let waitedFor = waited ? language.wait(context.timeout) : nil
            return language.failure(
                "expected \(display) to show \(expectation()), but \(problem)"
                    + (waitedFor.map { " (waited until the step's limit of \($0))" } ?? ""),
                "\(display)は\(expectation())のはずが、\(problem)" + (waitedFor.map { "（ステップの制限時間\($0)まで待ちました）" } ?? ""),
                details: language.pick("\(display) shows:", "\(display)の表示:") + "\n" + shown)
        }
        // The step's whole limit: the runner lets a step that reached its limit end by
        // itself for a moment (`ScenarioExecutor.stepGrace`), so the check reports what it saw.
        let limit = context.timeout
        if !second, world.checkLater(timeout: limit, mismatch: mismatch, judge: judge) { return }
        let watcher = secondDisplay ?? world.display
        let problem: String?
        do { problem = try await watcher.wait(timeout: limit, until: mismatch) } catch {
            throw StepFailure(.error, "\(error)")
        }
        if let failure = judge(problem, watcher.latest(), true) { throw failure }
    }
}
