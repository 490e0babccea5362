import StepLibrary
import Wire

extension ScenarioWriter {
    /// The calendar's view state as the model has it and, with `layout`, where each
    /// reservation is drawn and how many lanes each row has.
    func calendarThen(_ model: inout ModelRegister, layout: Bool) -> [(text: String, table: [[String]])] {
        let w = wording
        var lines: [(text: String, table: [[String]])] = []
        let view = model.ask("viewState", on: .calendar)["viewState"]
        let kind = view?["kind"]?.stringValue ?? ""
        let content = view?["hasContent"]?.boolValue ?? false
        let error = view?["error"]?.stringValue ?? ""
        let text: String
        switch (kind, content) {
        case ("loading", false): text = w.pick("the calendar shows the loading view", "カレンダーは読み込み中画面を表示している")
        case ("loading", true):
            text = w.pick("the calendar shows the content with a loading indicator", "カレンダーは予約一覧と読み込み中表示を表示している")
        case ("loaded", _): text = w.pick("the calendar shows the content", "カレンダーは予約一覧を表示している")
        case ("failed", false): text = w.pick("the calendar shows the error view", "カレンダーはエラー画面を表示している")
        case ("failed", true):
            text = w.pick(
                "the calendar shows the content with the error banner \(w.quoted(error))",
                "カレンダーは予約一覧とエラー\(w.quoted(error))を表示している")
        default: text = w.pick("the calendar shows the empty view", "カレンダーは空の画面を表示している")
        }
        lines.append((text, []))
        guard layout else { return lines }
        for row in model.ask("layout", on: .calendar)["layout"]?["rows"]?.arrayValue ?? [] {
            let staff = w.quoted(row["staff"]?.stringValue ?? "")
            let lanes = row["lanes"]?.intValue ?? 0
            lines.append(
                (
                    w.pick(
                        "the row of \(staff) has \(lanes) lane\(lanes == 1 ? "" : "s")", "\(staff)の行は\(lanes)レーンである"),
                    []
                ))
            for item in row["items"]?.arrayValue ?? [] {
                let id = w.quoted(item["id"]?.stringValue ?? "")
                let (x, width) = (Self.number(item["x"]), Self.number(item["width"]))
                let lane = item["lane"]?.intValue ?? 0
                lines.append(
                    (
                        w.pick(
                            "reservation \(id) is drawn at x \(x) with width \(width)", "予約\(id)はx\(x)、幅\(width)で描画される"),
                        []
                    ))
                lines.append((w.pick("reservation \(id) is in lane \(lane)", "予約\(id)はレーン\(lane)にある"), []))
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
