import StepInterface

/// The outcomes of a scenario's try steps, and which of them a step has checked.
///
/// A try step never fails by itself; `it is rejected with …` / `it succeeds` check the
/// last one, and any left unchecked fail the scenario at its end.
struct OutcomeLedger: Sendable, Equatable {
    /// One try step and how its action went.
    struct Entry: Sendable, Equatable {
        var location: SourceLine
        var stepText: String
        var outcome: ActionOutcome
        var checked: Bool
        /// The language of the try form written, for the checks a message names.
        var language: StepLanguage
    }

    private(set) var entries: [Entry] = []

    mutating func record(
        _ outcome: ActionOutcome, at location: SourceLine, stepText: String, language: StepLanguage = .en
    ) {
        entries.append(
            Entry(location: location, stepText: stepText, outcome: outcome, checked: false, language: language))
    }

    /// The failure for the scenario's end when some outcome went unchecked, else nil;
    /// worded in the language the first unchecked try step was written in.
    var uncheckedFailure: StepFailure? {
        let open = entries.filter { !$0.checked }
        guard let first = open.first else { return nil }
        let language = first.language
        let lines = open.map { "\($0.location): \($0.stepText) (\(language.outcome($0.outcome)))" }
        let locations = open.map(\.location.description).joined(separator: ", ")
        return StepFailure(
            .assertion,
            // A check reads the try step just before it: a try step followed by another
            // try step is unchecked, even when a check comes later.
            language.pick(
                "unchecked outcome: nothing checks the try step at \(locations): each try step needs its own "
                    + "`it is rejected with \"CODE\"` or `it succeeds`, before the next try step",
                "未確認の結果: \(locations) の「…しようとする」ステップの結果を確かめていません。"
                    + "「…しようとする」ステップごとに、次の「…しようとする」より前に"
                    + "「「CODE」で拒否される」か「成功する」で確かめます"),
            details: lines.joined(separator: "\n"))
    }

    /// Checks that the last try step was rejected with `code`; a failure is worded in
    /// `language`, the check step's.
    mutating func expectRejection(_ code: String, language: StepLanguage = .en) -> StepFailure? {
        // A code the simulator never gives is most likely a typo: say which one is meant.
        expect(
            language, check: language.pick("it is rejected with \"\(code)\"", "「\(code)」で拒否される"),
            expected: language.pick("be rejected with \"\(code)\"", "\(language.code(code))で拒否される"),
            hint: Self.unknownCode(code, language: language)
        ) { if case .rejected(let actual, _) = $0 { actual == code } else { false } }
    }

    /// Checks that the last try step succeeded; a failure is worded in `language`.
    mutating func expectSuccess(language: StepLanguage = .en) -> StepFailure? {
        expect(language, check: language.pick("it succeeds", "成功する"), expected: language.pick("succeed", "成功する")) {
            $0 == .succeeded
        }
    }

    /// Checks the last try step's outcome with `passes`, marking it checked. The failure
    /// names the `check` step when no try step came before it, else what it `expected` of
    /// the try step, which its details quote, with `hint` after it.
    private mutating func expect(
        _ language: StepLanguage, check: @autoclosure () -> String, expected: @autoclosure () -> String,
        hint: @autoclosure () -> String? = nil, passes: (ActionOutcome) -> Bool
    ) -> StepFailure? {
        guard !entries.isEmpty else { return StepFailure.noTryStep(check(), language) }
        entries[entries.count - 1].checked = true
        let entry = entries[entries.count - 1]
        guard !passes(entry.outcome) else { return nil }
        let outcome = entry.outcome == .succeeded ? "succeeded" : "was " + entry.outcome.summary
        let tryStep = language.pick("the try step: ", "試した操作: ") + entry.stepText
        return StepFailure(
            .assertion,
            language.pick(
                "expected the try step at \(entry.location) to \(expected()), but it \(outcome)",
                "\(entry.location) の操作は\(expected())はずが、\(language.outcome(entry.outcome))"),
            details: [tryStep, hint()].compactMap { $0 }.joined(separator: "\n"))
    }

    /// `"emptyCrt" is no rejection code of the built-in simulator (did you mean
    /// "emptyCart"?)…` for a code the simulator never gives; nil for one it gives. Also
    /// what `--dry-run` says of the check step.
    static func unknownCode(_ code: String, language: StepLanguage) -> String? {
        guard !RejectionCodeGloss.isKnown(code) else { return nil }
        let guess = RejectionCodeGloss.closestKnown(to: code)
        return language.pick(
            "\"\(code)\" is no rejection code of the built-in simulator"
                + (guess.map { " (did you mean \"\($0)\"?)" } ?? "") + "; `spec-run steps` lists them",
            "「\(code)」は内蔵シミュレーターの拒否コードではありません"
                + (guess.map { "（もしかして「\($0)」）" } ?? "") + "。`spec-run steps --lang ja` に一覧があります")
    }
}

extension StepFailure {
    static func noTryStep(_ check: String, _ language: StepLanguage) -> StepFailure {
        StepFailure(
            .error,
            language.pick(
                "`\(check)` checks the outcome of a try step (`I try to …`, `…しようとする`), "
                    + "but no try step came before it in this scenario",
                "「\(check)」は「…しようとする」ステップの結果を確かめますが、このシナリオではその前に「…しようとする」ステップがありません"))
    }
}
