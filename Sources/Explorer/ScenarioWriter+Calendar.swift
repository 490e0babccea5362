import StepLibrary
import Wire

extension ScenarioWriter {
    /// The calendar's view state as the model has it and, with `layout`, where each
    /// reservation is drawn and how many lanes each row has.
    func calendarThen(_ model: inout ModelRegister, layout: Bool) -> [(text: String, table: [[String]])] {
        let w = wording
        var lines: [(text: String, table: [[String]])] = []
        let view = model.ask(.calendar(.viewState))["viewState"]
        let kind = view?["kind"]?.stringValue ?? ""
        let content = view?["hasContent"]?.boolValue ?? false
        let error = view?["error"]?.stringValue ?? ""
        let text: String
        switch (kind, content) {
        case ("loading", false): text = w.line("the calendar shows the loading view")
        case ("loading", true): text = w.line("the calendar shows the content with a loading indicator")
        case ("loaded", _): text = w.line("the calendar shows the content")
        case ("failed", false): text = w.line("the calendar shows the error view")
        case ("failed", true):
            text = w.line("the calendar shows the content with the error banner {string}", .string(error))
        default: text = w.line("the calendar shows the empty view")
        }
        lines.append((text, []))
        guard layout else { return lines }
        for row in model.ask(.calendar(.layout))["layout"]?["rows"]?.arrayValue ?? [] {
            let staff = StepLine.Value.string(row["staff"]?.stringValue ?? "")
            let lanes = row["lanes"]?.intValue ?? 0
            lines.append((w.line("the row of {string} has {int} lane(s)", staff, .int(lanes)), []))
            for item in row["items"]?.arrayValue ?? [] {
                let id = StepLine.Value.string(item["id"]?.stringValue ?? "")
                let (x, width) = (Self.number(item["x"]), Self.number(item["width"]))
                let lane = item["lane"]?.intValue ?? 0
                lines.append(
                    (
                        w.line(
                            "reservation {string} is drawn at x {float} with width {float}", id, .float(x),
                            .float(width)), []
                    ))
                lines.append((w.line("reservation {string} is in lane {int}", id, .int(lane)), []))
            }
        }
        return lines
    }

    /// A layout number as a step writes it: `1200`, `1212.5`.
    static func number(_ value: JSONValue?) -> String {
        let double = value?.doubleValue ?? 0
        if double == double.rounded(), abs(double) < 1e15 { return String(Int(double)) }
        return String(double)
    }
}
