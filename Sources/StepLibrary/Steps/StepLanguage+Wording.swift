import StepInterface

/// The step library's failure messages in the language of the step that failed: a
/// Japanese feature's checks fail in Japanese (docs/steps.md, "Failure messages").
extension StepLanguage {
    /// The English or the Japanese wording, whichever this language is.
    public func pick(_ english: @autoclosure () -> String, _ japanese: @autoclosure () -> String) -> String {
        self == .ja ? japanese() : english()
    }

    /// A step's failure worded in this language: an assertion unless `kind` says otherwise.
    func failure(
        _ english: @autoclosure () -> String, _ japanese: @autoclosure () -> String,
        _ kind: StepFailure.Kind = .assertion, details: String? = nil
    ) -> StepFailure {
        StepFailure(kind, pick(english(), japanese()), details: details)
    }

    /// How long a check waited, as this language writes it: `2 seconds`, `2秒`.
    func wait(_ duration: Duration) -> String {
        guard self == .ja else { return "\(duration)" }
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)秒" }
        return "\(Double(milliseconds) / 1000)秒"
    }

    /// An action's outcome: `succeeded`, `rejected with "emptyCart" (…)` / `成功しました`,
    /// `「emptyCart」で拒否されました（…）`.
    func outcome(_ outcome: ActionOutcome) -> String {
        switch (self, outcome) {
        case (.en, _): return outcome.summary
        case (.ja, .succeeded): return "成功しました"
        case (.ja, .rejected(let code, let message)):
            return message.isEmpty
                ? "\(self.code(code))で拒否されました" : "\(self.code(code))で拒否されました（\(message)）\(meant(in: message))"
        }
    }

    /// The name a register's refusal says was meant (`… Did you mean "ラテ"?`), said again in
    /// Japanese: `もしかして「ラテ」`; empty otherwise, and in English.
    func meant(in message: String) -> String {
        guard self == .ja, let start = message.range(of: " Did you mean \""),
            let end = message[start.upperBound...].range(of: "\"?")
        else { return "" }
        return "（もしかして「\(message[start.upperBound..<end.lowerBound])」）"
    }

    /// A rejection code as a failure names it: `"emptyCart"`; in Japanese with what it
    /// means, `「emptyCart」（カートが空）`, where domain.md lists it.
    func code(_ code: String) -> String {
        guard self == .ja else { return "\"\(code)\"" }
        return RejectionCodeGloss.japanese(code).map { "「\(code)」（\($0)）" } ?? "「\(code)」"
    }
}
