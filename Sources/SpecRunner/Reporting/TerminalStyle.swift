/// ANSI colours for the console, or none (not a terminal, or `NO_COLOR` set).
struct TerminalStyle: Sendable {
    var colored: Bool

    /// Colour when standard output is a terminal and `NO_COLOR` is unset, as runner.md
    /// says: set to anything, even empty (`NO_COLOR=`), it turns colour off. A terminal
    /// that says it has no colours (`TERM=dumb`: Emacs' shell, some CI consoles) gets none.
    static func detect(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        TerminalStyle(colored: isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
    }

    enum Color: String, Sendable {
        case green = "32"
        case red = "31"
        case yellow = "33"
        case cyan = "36"
        case grey = "90"
        case bold = "1"
    }

    func paint(_ text: String, _ color: Color) -> String {
        colored ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    func color(for status: StepStatus) -> Color {
        switch status {
        case .passed: .green
        case .failed: .red
        case .undefined, .ambiguous, .pending: .yellow
        case .skipped: .cyan
        }
    }
}

/// How many columns a text takes in a terminal: East Asian wide and full-width
/// characters (漢字, かな, ＡＢＣ, most emoji) take two, so a table of Japanese cells lines
/// up as it does in the feature file.
enum TerminalWidth {
    static func of(_ text: String) -> Int {
        text.reduce(0) { columns, character in
            columns + (character.unicodeScalars.first.map { isWide($0.value) } == true ? 2 : 1)
        }
    }

    /// The wide and full-width ranges of Unicode's East Asian Width property (UAX #11),
    /// the blocks a feature file meets: Hangul, CJK, kana, full-width forms, emoji.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
