import Synchronization

/// A console format sent to a file (`--format pretty:run.txt`): the same text, without
/// colour, written when the run ends. The events are kept and replayed into a console of
/// their own at the end, so that a second ending (an interrupt while the files are
/// written) replaces the first rather than following it.
final class ConsoleFileReporter: DocumentReporter {
    private let format: ConsoleFormat
    private let events = Mutex<[RunEvent]>([])

    init(format: ConsoleFormat) { self.format = format }

    func handle(_ event: RunEvent) {
        switch event {
        case .runStarted, .scenarioFinished: events.withLock { $0.append(event) }
        case .scenarioStarted, .runFinished: break
        }
    }

    func render(ending end: RunEnd, into write: (String) -> Void) {
        let text = Mutex("")
        let console = ConsoleReporter(format: format, style: TerminalStyle(colored: false)) { piece in
            text.withLock { $0 += piece }
        }
        for event in events.withLock({ $0 }) { console.handle(event) }
        console.endProgressLine(end)
        console.handle(RunEvent.runFinished(end))
        write(text.withLock { $0 })
    }
}
