import StepLibrary
import Wire

extension ScenarioWriter {
    /// A recorded session (the register page of `spec-run simulate`) as a feature file:
    /// the actions from a fresh register and calendar, the display checks of each screen
    /// seen on the way, and the Then steps of the end, as `feature(…)` writes them.
    /// `name` is the scenario's name (its runs of white space written as one space; an
    /// empty one gets a default).
    public func recordedFeature(_ actions: [ExploreAction], name: String) -> String {
        let ja = wording.language == .ja
        var out = ja ? "# language: ja\n" : ""
        out += wording.language.pick(
            "# Recorded on the register page of spec-run simulate\n", "# spec-run simulate のレジ画面で記録した操作\n")
        out += wording.language.pick("Feature: Recorded on the register page\n\n", "フィーチャ: レジ画面で記録した操作\n\n")
        let oneLine = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let title = oneLine.isEmpty ? wording.language.pick("Recorded on the register page", "レジ画面で記録した操作") : oneLine
        out += "  " + wording.language.pick("Scenario: ", "シナリオ: ") + title + "\n"
        return out + steps(actions, observedDisplay: nil, checkingScreensSeen: true)
    }

    /// The display checks of a screen seen after an action: its screen when it differs
    /// from the one before, and each amount it shows that the one before did not show, or
    /// showed with another value.
    func seenThen(_ before: DisplaySnapshot, _ now: DisplaySnapshot) -> [(text: String, table: [[String]])] {
        let w = wording
        var lines: [(text: String, table: [[String]])] = []
        if let screen = now.screen, screen != before.screen {
            lines.append((w.line("the display shows the {screen} screen", .screen(screen)), []))
        }
        for field in DisplayField.allCases {
            guard let amount = now.field(field.rawValue)?.amount,
                before.screen != now.screen || before.field(field.rawValue)?.amount != amount
            else { continue }
            lines.append((w.line("the display shows {field} {yen}", .field(field.rawValue), .yen(amount)), []))
        }
        return lines
    }
}
