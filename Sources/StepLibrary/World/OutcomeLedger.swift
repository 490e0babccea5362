import SpecRunner

/// The outcomes of a scenario's try steps, and which of them a step has checked.
///
/// A try step never fails by itself; `it is rejected with …` / `it succeeds` check the
/// last one, and any left unchecked fail the scenario at its end.
public struct OutcomeLedger: Sendable, Equatable {
    /// One try step and how its action went.
    public struct Entry: Sendable, Equatable {
        public var location: SourceLine
        public var stepText: String
        public var outcome: ActionOutcome
        public var checked: Bool
        /// The language of the try form written, for the checks a message names.
        public var language: StepLanguage
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    /// Records the outcome of the try step written at `location`.
    public mutating func record(
        _ outcome: ActionOutcome, at location: SourceLine, stepText: String, language: StepLanguage = .en
    ) {
        entries.append(
            Entry(location: location, stepText: stepText, outcome: outcome, checked: false, language: language))
    }

    /// The last try step's entry, now marked checked; nil when no try step came before.
    public mutating func checkLast() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries[entries.count - 1].checked = true
        return entries[entries.count - 1]
    }

    /// Try steps whose outcome no step checked.
    public var unchecked: [Entry] { entries.filter { !$0.checked } }

    /// The failure for the scenario's end when some outcome went unchecked, else nil.
    public var uncheckedFailure: StepFailure? {
        let open = unchecked
        guard !open.isEmpty else { return nil }
        let lines = open.map { "\($0.location): \($0.stepText) (\($0.outcome.summary))" }
        // The checks are named in the language the try step was written in.
        let checks =
            open[0].language == .ja
            ? "`「CODE」で拒否される` or `成功する`" : "`it is rejected with \"CODE\"` or `it succeeds`"
        return StepFailure(
            .assertion,
            "unchecked outcome: the try step at \(open.map(\.location.description).joined(separator: ", ")) "
                + "is never followed by \(checks)",
            details: lines.joined(separator: "\n"))
    }

    /// Checks that the last try step was rejected with `code`.
    public mutating func expectRejection(_ code: String) -> StepFailure? {
        guard let entry = checkLast() else { return StepFailure.noTryStep("it is rejected with \"\(code)\"") }
        switch entry.outcome {
        case .rejected(let actual, _) where actual == code:
            return nil
        case .rejected:
            return StepFailure(
                .assertion,
                "expected the try step at \(entry.location) to be rejected with \"\(code)\", but it was "
                    + entry.outcome.summary, details: entry.stepText)
        case .succeeded:
            return StepFailure(
                .assertion,
                "expected the try step at \(entry.location) to be rejected with \"\(code)\", but it succeeded",
                details: entry.stepText)
        }
    }

    /// Checks that the last try step succeeded.
    public mutating func expectSuccess() -> StepFailure? {
        guard let entry = checkLast() else { return StepFailure.noTryStep("it succeeds") }
        guard entry.outcome == .succeeded else {
            return StepFailure(
                .assertion,
                "expected the try step at \(entry.location) to succeed, but it was \(entry.outcome.summary)",
                details: entry.stepText)
        }
        return nil
    }
}

extension StepFailure {
    static func noTryStep(_ check: String) -> StepFailure {
        StepFailure(
            .error,
            "`\(check)` checks the outcome of a try step (`I try to …`, `…しようとする`), "
                + "but no try step came before it in this scenario")
    }
}
