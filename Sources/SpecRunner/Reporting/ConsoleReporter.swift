import Synchronization

/// Prints the run for people: scenario by scenario (`pretty`), a character per step
/// (`progress`) or only the end (`summary`); every format ends with the problems, the
/// summary line and the `N passed, N failed` line.
final class ConsoleReporter: RunReporter {
    struct State {
        /// The run so far, which the ending counts.
        var run = ReportedRun()
        var lastSuite: Int?
        var lastRule: PlannedRule?
        /// Marks on the current progress line (`progressWidth` a line).
        var progressColumn = 0
        /// Whether `endProgressLine` has marked the interrupted scenarios' steps.
        var interruptedMarked = false
    }

    let format: ConsoleFormat
    let style: TerminalStyle
    /// Writes only what the run found in its input (parse errors, warnings) as it starts:
    /// the console on standard error while a report takes standard output.
    let inputProblemsOnly: Bool
    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// `write` receives whole lines or progress characters, unbuffered.
    init(
        format: ConsoleFormat, style: TerminalStyle, inputProblemsOnly: Bool = false,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.format = format
        self.style = style
        self.inputProblemsOnly = inputProblemsOnly
        self.write = write
    }

    func handle(_ event: RunEvent) {
        if inputProblemsOnly {
            if case .runStarted(let start) = event, case let text = inputProblems(start.plan), !text.isEmpty {
                write(text)
            }
            return
        }
        let text: String = state.withLock { state in
            state.run.record(event)
            switch event {
            case .runStarted(let start):
                return inputProblems(start.plan)
            case .scenarioFinished(let result):
                return scenarioText(result, state: &state)
            case .runFinished(let end):
                return endProgressLine(end, &state) + ending(end, state)
            }
        }
        if !text.isEmpty { write(text) }
    }

    /// Ends the progress line (the marks of an interrupted run's last scenarios included),
    /// so that what is written next (a report sent to stdout) starts a line of its own.
    func endProgressLine(_ end: RunEnd) {
        guard !inputProblemsOnly else { return }
        let text = state.withLock { endProgressLine(end, &$0) }
        if !text.isEmpty { write(text) }
    }

    /// The steps the interrupted scenarios finished count in the summary: they get their
    /// progress marks too (once), so that the marks add up.
    private func endProgressLine(_ end: RunEnd, _ state: inout State) -> String {
        var text = ""
        if !state.interruptedMarked, format == .progress {
            for step in end.interrupted.flatMap(\.finishedSteps) { mark(step.status, into: &text, &state) }
        }
        state.interruptedMarked = true
        if state.progressColumn > 0 {
            text += "\n"
            state.progressColumn = 0
        }
        return text
    }

    private func scenarioText(_ result: ScenarioResult, state: inout State) -> String {
        switch format {
        case .summary:
            return ""
        case .progress:
            var text = ""
            for step in result.steps { mark(step.status, into: &text, &state) }
            // An expectation checked at the end (an unchecked try outcome) fails the
            // scenario like a step; a hook that broke is the library's problem: `H`.
            for hook in result.hookFailures {
                mark(hook.isEndOfScenarioCheck ? "F" : "H", .red, into: &text, &state)
            }
            return text
        case .pretty:
            var text = ""
            if state.lastSuite != result.scenario.suiteIndex {
                state.lastSuite = result.scenario.suiteIndex
                let suite = state.run.start?.plan.suites.first { $0.index == result.scenario.suiteIndex }
                let keyword = ConsoleEscaping.visible(suite?.keyword ?? "Feature")
                text += "\(style.paint("\(keyword):", .bold)) \(ConsoleEscaping.visible(suite?.name ?? ""))\n\n"
                state.lastRule = nil
            }
            // The Rule as written, when the scenarios enter one (`ルール: 空のカート`).
            if let rule = result.scenario.rule, rule != state.lastRule {
                let heading = "\(ConsoleEscaping.visible(rule.keyword)): \(ConsoleEscaping.visible(rule.name))"
                text += "  \(style.paint(heading, .bold))\n\n"
            }
            state.lastRule = result.scenario.rule
            return text + scenario(result)
        }
    }

    /// Progress marks a line: a CI log that shows whole lines only (most do) then shows
    /// the run as it goes, not in one line at its end.
    static let progressWidth = 80

    private func mark(_ status: StepStatus, into text: inout String, _ state: inout State) {
        mark(Self.progressMark(status), style.color(for: status), into: &text, &state)
    }

    /// Appends one progress mark, and a line break after every `progressWidth`.
    private func mark(_ mark: String, _ color: TerminalStyle.Color, into text: inout String, _ state: inout State) {
        text += style.paint(mark, color)
        state.progressColumn += 1
        if state.progressColumn == Self.progressWidth {
            text += "\n"
            state.progressColumn = 0
        }
    }

    /// `.` passed, `F` failed, `U` undefined, `A` ambiguous, `P` pending, `-` skipped.
    static func progressMark(_ status: StepStatus) -> String {
        switch status {
        case .passed: "."
        case .failed: "F"
        case .undefined: "U"
        case .ambiguous: "A"
        case .pending: "P"
        case .skipped: "-"
        }
    }
}

extension ReportedRunReporter {
    /// A console format sent to a file (`--format pretty:run.txt`): the same text, without
    /// colour, written when the run ends. The run is replayed into a console of its own at
    /// the end, so that a second ending (an interrupt while the files are written) replaces
    /// the first rather than following it.
    static func console(_ format: ConsoleFormat) -> ReportedRunReporter {
        ReportedRunReporter { run, end, write in
            let text = Mutex("")
            let console = ConsoleReporter(format: format, style: TerminalStyle(colored: false)) { piece in
                text.withLock { $0 += piece }
            }
            if let start = run.start { console.handle(.runStarted(start)) }
            for result in run.finished { console.handle(.scenarioFinished(result)) }
            console.handle(.runFinished(end))
            write(text.withLock { $0 })
        }
    }
}
