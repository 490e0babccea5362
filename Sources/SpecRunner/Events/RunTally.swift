/// Counts of a run's results, for the summary lines and the exit status.
struct RunTally: Sendable {
    let strict: Bool
    let plan: RunPlan
    let end: RunEnd
    private(set) var scenarios: [ScenarioStatus: Int] = [:]
    private(set) var steps: [StepStatus: Int] = [:]
    private(set) var verdicts: [Verdict: Int] = [:]

    /// The tally of a run that ended with `end`: its plan's unparsed files and a selection
    /// of nothing, its scenarios, and what the end adds: the interrupted scenarios (failed,
    /// with the steps they had finished as those ended), those `--fail-fast` left unrun
    /// (skipped, with their steps), and a run that could not start.
    init(_ run: ReportedRun, ending end: RunEnd) {
        (strict, plan, self.end) = (run.started.strict, run.started.plan, end)
        for result in run.finished {
            scenarios[result.status, default: 0] += 1
            // One dictionary update per status, not per step: that cost more than the rest.
            for status in StepStatus.allCases {
                let count = result.steps.count { $0.status == status }
                if count > 0 { steps[status, default: 0] += count }
            }
            verdicts[result.verdict(strict: strict), default: 0] += 1
        }
        for scenario in end.interrupted {
            verdicts[.failed, default: 0] += 1
            for step in scenario.finishedSteps { steps[step.status, default: 0] += 1 }
        }
        for scenario in end.notRun {
            scenarios[.skipped, default: 0] += 1
            verdicts[.skipped, default: 0] += 1
            if !scenario.steps.isEmpty { steps[.skipped, default: 0] += scenario.steps.count }
        }
    }

    var interrupted: Int { end.interrupted.count }
    var parseFailures: Int { plan.parseFailures.count }
    var startFailed: Bool { end.startFailure != nil }
    /// The run selected no scenario (`RunPlan.nothingSelected`).
    var nothingSelected: Bool { !plan.nothingSelected.isEmpty }
    var scenarioCount: Int { scenarios.values.reduce(0, +) + interrupted }
    var stepCount: Int { steps.values.reduce(0, +) }

    /// 0 when nothing counts as failed in `verdictLine`: everything selected passed (or was
    /// skipped without strictness), and the run's afterAll hooks and reports did their part;
    /// else 1.
    var exitStatus: Int32 { failed > 0 ? 1 : 0 }

    /// `12 scenarios (11 passed, 1 failed), 73 steps (71 passed, 1 failed, 1 skipped) in 0.84s`;
    /// then `; in the order of --seed N` when shuffled, and `; N files not parsed`, `; nothing
    /// selected` or `; the run could not start` when that happened, so that what made the
    /// run red besides its scenarios is said right above its last line.
    func summaryLine(duration: Duration) -> String {
        let interruptedPart = interrupted > 0 ? ["\(interrupted) interrupted"] : []
        let scenarioText = Self.counted(scenarioCount, "scenario") + Self.parenthesised(scenarios, interruptedPart)
        let stepText = Self.counted(stepCount, "step") + Self.parenthesised(steps)
        var line = "\(scenarioText), \(stepText) in \(Self.seconds(duration))s"
        if let seed = plan.seed, scenarioCount > 1 { line += "; in the order of --seed \(seed)" }
        if parseFailures > 0 { line += "; \(Self.counted(parseFailures, "file")) not parsed" }
        if nothingSelected { line += "; nothing selected" }
        if startFailed { line += "; the run could not start" }
        if end.afterAllFailure != nil { line += "; an afterAll hook failed" }
        if !end.unwrittenReports.isEmpty {
            line += "; \(Self.counted(end.unwrittenReports.count, "report")) not written"
        }
        return line
    }

    /// `N passed, N failed` (`, N skipped` when any were), counting scenarios: exactly
    /// runner.md's form, for CI logs that read it. A file that did not parse and a run
    /// that could not start count as failed too, as the failed test case each is in the
    /// report, as does a run that selected nothing, and one whose afterAll hook failed or whose
    /// report could not be written: a red run never ends its log with `0 failed`.
    var verdictLine: String {
        var line = "\(verdicts[.passed, default: 0]) passed, \(failed) failed"
        if let skipped = verdicts[.skipped], skipped > 0 { line += ", \(skipped) skipped" }
        return line
    }

    /// The failed scenarios, the files not parsed, and each failure of the run itself.
    private var failed: Int {
        let runLevel = [
            startFailed, nothingSelected, end.interruptedOutsideScenarios, end.afterAllFailure != nil,
            !end.unwrittenReports.isEmpty,
        ].filter { $0 }.count
        return verdicts[.failed, default: 0] + parseFailures + runLevel
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// ` (11 passed, 1 failed)`: each status counted, in order, then `more`.
    private static func parenthesised(_ counts: [StepStatus: Int], _ more: [String] = []) -> String {
        let parts =
            StepStatus.allCases.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } } + more
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    /// Seconds with two decimals (`0.84`).
    static func seconds(_ duration: Duration) -> String {
        let hundredths = (duration.components.seconds * 100) + duration.components.attoseconds / 10_000_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
