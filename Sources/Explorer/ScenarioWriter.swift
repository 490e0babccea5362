import Gherkin
import StepLibrary
import Wire

/// Writes a sequence of actions as a ready-to-run Gherkin scenario in the QA vocabulary:
/// each action as its step (the try form and `it is rejected with` where the rules refuse
/// it), then Then steps stating what the built-in model shows after the last action —
/// the display, the last order, the member's points, the calendar. On the built-in
/// simulator it passes; on a register that breaks the rule it fails at the step that
/// shows it.
public struct ScenarioWriter {
    let language: StepLanguage

    /// A step's text (without keyword) and its table rows.
    typealias Step = (text: String, table: [[String]])

    public init(language: StepLanguage) {
        self.language = language
    }

    /// The feature file's text. `observed`: the target's display after the last action,
    /// to pick the hidden fields and texts worth stating.
    public func feature(
        _ actions: [ExploreAction], discrepancy: Discrepancy, seed: UInt64, observedDisplay: String?
    ) -> String {
        var comments =
            ["spec-run explore --seed \(seed): \(discrepancy.rule.sentence)"]
            + discrepancy.detail.split(separator: "\n").map(String.init)
        // A rule of the state, on a register whose display shows what the rules give: no step
        // reads what differs.
        if [.amountsAddUp, .stateFollowsRules].contains(discrepancy.rule),
            observedDisplay == Self.modelDisplay(after: actions)
        {
            comments.append(
                language.pick(
                    "Only the register's state shows this: the display agrees with the rules and no step reads the"
                        + " state, so this scenario may pass against the register (getState shows the difference).",
                    "これはレジの状態にだけ現れます。カスタマーディスプレイは規則どおりで、状態を読むステップはないため、"
                        + "このシナリオはレジで成功することがあります（getState で違いを確かめられます）。"))
        }
        let scenario = language.pick(discrepancy.rule.sentence, discrepancy.rule.japanese)
        return head(comments, feature: Self.findingName(language), scenario: scenario)
            + steps(actions, observedDisplay: observedDisplay, checkingScreensSeen: false)
    }

    /// A recorded session (the register page of `spec-run simulate`) as a feature file:
    /// the actions from a fresh register and calendar, the display checks of each screen
    /// seen on the way, and the Then steps of the end, as `feature(…)` writes them.
    /// `name` is the scenario's name (its runs of white space written as one space; an
    /// empty one gets a default).
    public func recordedFeature(_ actions: [ExploreAction], name: String) -> String {
        let comment = language.pick(
            "Recorded on the register page of spec-run simulate", "spec-run simulate のレジ画面で記録した操作")
        let feature = language.pick("Recorded on the register page", "レジ画面で記録した操作")
        let oneLine = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return head([comment], feature: feature, scenario: oneLine.isEmpty ? feature : oneLine)
            + steps(actions, observedDisplay: nil, checkingScreensSeen: true)
    }

    /// The built-in model's display after `actions`, from a fresh register.
    private static func modelDisplay(after actions: [ExploreAction]) -> String {
        var model = ModelRegister()
        var shown = model.begin()
        for (index, action) in actions.enumerated() {
            shown = model.apply(action, id: index + 1).snapshots.last ?? shown
        }
        return shown
    }

    /// Whether `text` is a feature `feature(…)` wrote, as far as its outline shows: its first
    /// lines name the command and the rule (`# spec-run explore --seed N: RULE`), its Feature
    /// line is the one written, and its one block below it (in English or Japanese, any
    /// keyword: a Scenario, an Example, an outline, Examples, a Background, a Rule) is the
    /// scenario named for that rule. A renamed one, or one with anything added, is the user's.
    public static func isFinding(_ text: String) -> Bool {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let header = lines.prefix(2).first(where: { $0.hasPrefix("# spec-run explore --seed ") }),
            let rule = Discrepancy.Rule.allCases.first(where: { header.hasSuffix(": " + $0.sentence) })
        else { return false }
        let dialects = [GherkinDialect.english] + [GherkinDialect.named("ja")].compactMap { $0 }
        let keywords = dialects.flatMap { $0.scenario + $0.scenarioOutline + $0.background + $0.rule + $0.examples }
        let blocks = lines.filter { line in keywords.contains { line.hasPrefix($0 + ":") } }
        let features = lines.filter { line in dialects.contains { $0.feature.contains { line.hasPrefix($0 + ":") } } }
        // Japanese has two words for Feature: a finding under either is one.
        let headings = ["Feature: " + findingName(.en)] + ["機能: ", "フィーチャ: "].map { $0 + findingName(.ja) }
        return features.count == 1 && headings.contains(String(features[0]))
            && (blocks == ["Scenario: " + rule.sentence] || blocks == ["シナリオ: " + rule.japanese])
    }

    /// The Feature's name in a finding.
    private static func findingName(_ language: StepLanguage) -> String {
        language.pick("Found by spec-run explore", "spec-run explore が見つけた問題")
    }

    /// The file's lines above the steps: the language line (in Japanese), the comments, the
    /// Feature line and the Scenario line.
    private func head(_ comments: [String], feature: String, scenario: String) -> String {
        let lines = (language == .ja ? ["# language: ja"] : []) + comments.map { "# " + $0 }
        return lines.map { $0 + "\n" }.joined() + language.pick("Feature: ", "機能: ") + feature + "\n\n  "
            + language.pick("Scenario: ", "シナリオ: ") + scenario + "\n"
    }

    /// The scenario's steps: each action as its When step (and `it is rejected with` where
    /// the model refuses it), each question's answer as Then steps, and the Then steps of
    /// the end. `checkingScreensSeen`: after each action before the last that changes the
    /// display, Then steps of the screen it shows (`seenThen`).
    func steps(_ actions: [ExploreAction], observedDisplay: String?, checkingScreensSeen: Bool) -> String {
        var out = ""
        var model = ModelRegister()
        var seen = DisplaySnapshot(html: model.begin())
        var lastKeyword = ""
        func write(_ keyword: String, _ step: Step) {
            let shown = keyword == lastKeyword ? language.pick("And", "かつ") : keyword
            lastKeyword = keyword
            out += "    \(shown) \(step.text)\n" + Self.table(step.table)
        }
        let (givenWord, whenWord, thenWord) = (
            language.pick("Given", "前提"), language.pick("When", "もし"), language.pick("Then", "ならば")
        )
        for (index, action) in actions.enumerated() {
            let outcome = model.apply(action, id: index + 1)
            guard let written = step(action, trying: !outcome.ok) else {
                for line in calendarThen(&model, layout: action == .layout) { write(thenWord, line) }
                continue
            }
            // A state set up (`the catalog:`, as the catalogue writes it) is a Given; a try is a When.
            write(action.isSetUp && outcome.ok ? givenWord : whenWord, written)
            if !outcome.ok {
                write(thenWord, then("it is rejected with {string}", .string(outcome.code ?? "")))
            }
            if checkingScreensSeen, let snapshot = outcome.snapshots.last {
                let now = DisplaySnapshot(html: snapshot)
                if index < actions.count - 1 { for line in seenThen(seen, now) { write(thenWord, line) } }
                seen = now
            }
        }
        let observed = observedDisplay.map(DisplaySnapshot.init(html:))
        for line in finalThen(&model, observed: observed) { write(thenWord, line) }
        if actions.contains(where: { $0.endpoint == .calendar }), actions.last?.isQuestion != true {
            for line in calendarThen(&model, layout: true) { write(thenWord, line) }
        }
        return out
    }

    static func table(_ rows: [[String]]) -> String {
        let escaped = rows.map {
            $0.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|") }
        }
        return TableLayout.padded(escaped).map { row in "      |" + row.map { " \($0) |" }.joined() + "\n" }.joined()
    }

    /// The display, the last order and the member's points as the model has them.
    private func finalThen(_ model: inout ModelRegister, observed: DisplaySnapshot?) -> [Step] {
        let shown = DisplaySnapshot(html: model.engine.displaySnapshot)
        var lines: [Step] = []
        if let screen = shown.screen { lines.append(then("the display shows the {screen} screen", .screen(screen))) }
        if !shown.lines.isEmpty {
            let rows = shown.lines.map {
                [$0.itemName ?? "", $0.quantity.map(String.init) ?? "", $0.amount.map(String.init) ?? ""]
            }
            lines.append((then("the display shows the lines:").text, [["name", "quantity", "amount"]] + rows))
        }
        for field in DisplayField.allCases {
            if let value = shown.field(field.rawValue), let amount = value.amount {
                lines.append(then("the display shows {field} {yen}", .field(field.rawValue), .yen(amount)))
            } else if field == .points || observed?.field(field.rawValue) != nil {
                lines.append(then("the display does not show {field}", .field(field.rawValue)))
            }
        }
        if let observed, observed.fields.map(\.name) == shown.fields.map(\.name) {
            for (got, want) in zip(observed.fields, shown.fields) where got.text != want.text && !want.text.isEmpty {
                lines.append(then("the display shows the text {string}", .string(want.text)))
            }
        }
        lines.append(then("the display received {int} update(s)", .int(model.engine.displayRevision)))
        let register = model.engine.state.register
        if let order = register.lastOrder { lines.append(then("the last order is {string}", .string(order.id))) }
        if let member = register.lastMember { lines.append(then("the member has {int} points", .int(member.points))) }
        return lines
    }

    /// The display checks of a screen seen after an action: its screen when it differs
    /// from the one before, and each amount it shows that the one before did not show, or
    /// showed with another value.
    func seenThen(_ before: DisplaySnapshot, _ now: DisplaySnapshot) -> [Step] {
        var lines: [Step] = []
        if let screen = now.screen, screen != before.screen {
            lines.append(then("the display shows the {screen} screen", .screen(screen)))
        }
        for field in DisplayField.allCases {
            guard let amount = now.field(field.rawValue)?.amount,
                before.screen != now.screen || before.field(field.rawValue)?.amount != amount
            else { continue }
            lines.append(then("the display shows {field} {yen}", .field(field.rawValue), .yen(amount)))
        }
        return lines
    }

    /// The calendar's view state as the model has it and, with `layout`, where each
    /// reservation is drawn and how many lanes each row has.
    func calendarThen(_ model: inout ModelRegister, layout: Bool) -> [Step] {
        let view = model.ask(.calendar(.viewState))["viewState"]
        let error = StepLine.Value.string(view?["error"]?.stringValue ?? "")
        let shows: Step =
            switch (view?["kind"]?.stringValue ?? "", view?["hasContent"]?.boolValue ?? false) {
            case ("loading", false): then("the calendar shows the loading view")
            case ("loading", true): then("the calendar shows the content with a loading indicator")
            case ("loaded", _): then("the calendar shows the content")
            case ("failed", false): then("the calendar shows the error view")
            case ("failed", true): then("the calendar shows the content with the error banner {string}", error)
            default: then("the calendar shows the empty view")
            }
        var lines = [shows]
        guard layout else { return lines }
        for row in model.ask(.calendar(.layout))["layout"]?["rows"]?.arrayValue ?? [] {
            let staff = StepLine.Value.string(row["staff"]?.stringValue ?? "")
            lines.append(then("the row of {string} has {int} lane(s)", staff, .int(row["lanes"]?.intValue ?? 0)))
            for item in row["items"]?.arrayValue ?? [] {
                let id = StepLine.Value.string(item["id"]?.stringValue ?? "")
                let (x, width) = (item["x"]?.doubleValue ?? 0, item["width"]?.doubleValue ?? 0)
                let drawn = "reservation {string} is drawn at x {float} with width {float}"
                lines.append(then(drawn, id, .float(x), .float(width)))
                let lane = item["lane"]?.intValue ?? 0
                lines.append(then("reservation {string} is in lane {int}", id, .int(lane)))
            }
        }
        return lines
    }

    // MARK: Each action as its step

    /// The library's step `english` in this language, plain, as a step without a table (a
    /// Then step).
    func then(_ english: String, _ values: StepLine.Value...) -> Step {
        (StepLine.text(english, in: language, values), [])
    }

    /// The step's text and table; nil for the two questions. The booking service's steps
    /// have no try form.
    func step(_ action: ExploreAction, trying: Bool) -> Step? {
        let tries = if case .setService = action { false } else { trying }
        /// The library's step `english`, in its try form when `tries`.
        func written(_ english: String, _ values: StepLine.Value..., table: [[String]] = []) -> Step {
            (StepLine.text(english, trying: tries, in: language, values), table)
        }
        switch action {
        case .setCatalog(let products): return written("the catalog:", table: Self.rows(products, "price"))
        case .addItem(let name, let price, let quantity):
            if let price { return written("I add {string} at {yen} to the cart", .string(name), .yen(price)) }
            if let quantity { return written("I add {int} {string} to the cart", .int(quantity), .string(name)) }
            return written("I add {string} to the cart", .string(name))
        case .setQuantity(let name, let quantity):
            return written("I change the quantity of {string} to {int}", .string(name), .int(quantity))
        case .removeItem(let name): return written("I remove {string} from the cart", .string(name))
        case .discountAmount(let amount): return written("I set a cart discount of {yen}", .yen(amount))
        case .discountPercent(let percent): return written("I set a cart discount of {int}%", .int(percent))
        case .identifyMember(let points): return written("I identify a loyalty member with {int} points", .int(points))
        case .applyPoints(let points): return written("I apply {int} points", .int(points))
        case .takePayment(let payment, let amount):
            return written("the customer pays {yen} by {method}", .yen(amount), .method(payment))
        case .startRefund(let order): return written("I start a refund of order {string}", .string(order))
        case .setStaff(let staff): return written("the staff:", table: Self.rows(staff, "capacity"))
        case .book(let id, let staff, let start, let end):
            let booking = "I book {string} with {string} from {time} to {time}"
            return written(booking, .string(id), .string(staff), .time(start), .time(end))
        case .cancelBooking(let id): return written("I cancel booking {string}", .string(id))
        case .setMenu(let id, let menu):
            return written("reservation {string} includes:", .string(id), table: Self.rows(menu, "price"))
        case .setService("empty", _): return written("the booking service answers with no reservations")
        case .setService("failing", let message):
            return written("the booking service fails with {string}", .string(message ?? ""))
        case .setService("hang", _): return written("the booking service hangs")
        case .setService: return written("the booking service answers normally")
        case .checkoutReservation(let id): return written("I check out reservation {string}", .string(id))
        default: return ExploreAction.bare.first { $0.action == action }?.step.map { written($0) }
        }
    }

    /// A table of entries: a `name` column and the `number` one.
    private static func rows(_ entries: [ExploreAction.Entry], _ number: String) -> [[String]] {
        [["name", number]] + entries.map { [$0.name, String($0.number)] }
    }
}
