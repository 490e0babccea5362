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
