import StepLibrary
import Wire

/// Writes a sequence of actions as a ready-to-run Gherkin scenario in the QA vocabulary:
/// each action as its step (the try form and `it is rejected with` where the rules refuse
/// it), then Then steps stating what the built-in model shows after the last action —
/// the display, the last order, the member's points, the calendar. On the built-in
/// simulator it passes; on a register that breaks the rule it fails at the step that
/// shows it.
public struct ScenarioWriter {
    let wording: StepWording

    public init(language: StepLanguage) {
        wording = StepWording(language: language)
    }

    /// The feature file's text. `observed`: the target's display after the last action,
    /// to pick the hidden fields and texts worth stating.
    public func feature(
        _ actions: [ExploreAction], discrepancy: Discrepancy, seed: UInt64, observedDisplay: String?
    ) -> String {
        let ja = wording.language == .ja
        var out = ja ? "# language: ja\n" : ""
        out += "# spec-run explore --seed \(seed): \(discrepancy.rule.sentence)\n"
        for line in discrepancy.detail.split(separator: "\n") { out += "# \(line)\n" }
        out += wording.language.pick("Feature: Found by spec-run explore\n\n", "フィーチャ: spec-run explore が見つけた問題\n\n")
        out += "  " + wording.language.pick("Scenario: ", "シナリオ: ") + discrepancy.rule.sentence + "\n"
        return out + steps(actions, observedDisplay: observedDisplay, checkingScreensSeen: false)
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
        func write(_ keyword: String, _ text: String, _ table: [[String]] = []) {
            let shown = keyword == lastKeyword ? wording.language.pick("And", "かつ") : keyword
            lastKeyword = keyword
            out += "    \(shown) \(text)\n" + Self.table(table)
        }
        let (when, then) = (wording.language.pick("When", "もし"), wording.language.pick("Then", "ならば"))
        var usesCalendar = false
        for (index, action) in actions.enumerated() {
            let outcome = model.apply(action, id: index + 1)
            usesCalendar = usesCalendar || action.endpoint == .calendar
            guard let step = wording.step(action, trying: !outcome.ok) else {
                for line in calendarThen(&model, layout: action == .layout) { write(then, line.text, line.table) }
                continue
            }
            write(when, step.text, step.table)
            if !outcome.ok {
                write(then, wording.line("it is rejected with {string}", .string(outcome.code ?? "")))
            }
            if checkingScreensSeen, let snapshot = outcome.snapshots.last {
                let now = DisplaySnapshot(html: snapshot)
                if index < actions.count - 1 { for line in seenThen(seen, now) { write(then, line.text, line.table) } }
                seen = now
            }
        }
        for line in finalThen(&model, observed: observedDisplay.map(DisplaySnapshot.init(html:))) {
            write(then, line.text, line.table)
        }
        if usesCalendar, actions.last?.isQuestion != true {
            for line in calendarThen(&model, layout: true) { write(then, line.text, line.table) }
        }
        return out
    }

    static func table(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        let escaped = rows.map {
            $0.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|") }
        }
        // Columns as a terminal shows them: a full-width character takes two.
        let columns = { (text: String) in text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 2 : 1) } }
        var widths = header.map { _ in 0 }
        for row in escaped {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], columns(cell)) }
        }
        return escaped.map { row in
            "      |"
                + row.enumerated().map { " " + $1 + String(repeating: " ", count: widths[$0] - columns($1)) + " |" }
                .joined() + "\n"
        }.joined()
    }

    /// The display, the last order and the member's points as the model has them.
    private func finalThen(_ model: inout ModelRegister, observed: DisplaySnapshot?) -> [(
        text: String, table: [[String]]
    )] {
        let w = wording
        let shown = DisplaySnapshot(html: model.engine.displaySnapshot)
        var lines: [(text: String, table: [[String]])] = []
        if let screen = shown.screen {
            lines.append((w.line("the display shows the {screen} screen", .screen(screen)), []))
        }
        if !shown.lines.isEmpty {
            lines.append(
                (
                    w.line("the display shows the lines:"),
                    [["name", "quantity", "amount"]]
                        + shown.lines.map {
                            [$0.itemName ?? "", $0.quantity.map(String.init) ?? "", $0.amount.map(String.init) ?? ""]
                        }
                ))
        }
        for field in DisplayField.allCases {
            if let value = shown.field(field.rawValue), let amount = value.amount {
                lines.append((w.line("the display shows {field} {yen}", .field(field.rawValue), .yen(amount)), []))
            } else if field == .points || observed?.field(field.rawValue) != nil {
                lines.append((w.line("the display does not show {field}", .field(field.rawValue)), []))
            }
        }
        if let observed, observed.fields.map(\.name) == shown.fields.map(\.name) {
            for (got, want) in zip(observed.fields, shown.fields) where got.text != want.text && !want.text.isEmpty {
                lines.append((w.line("the display shows the text {string}", .string(want.text)), []))
            }
        }
        let updates = model.engine.displayRevision
        lines.append((w.line("the display received {int} update(s)", .int(updates)), []))
        let register = model.state.register
        if let order = register.lastOrder {
            lines.append((w.line("the last order is {string}", .string(order.id)), []))
        }
        if let member = register.lastMember {
            lines.append((w.line("the member has {int} points", .int(member.points)), []))
        }
        return lines
    }
}
