import Foundation
import Wire

extension ReportedRunReporter {
    /// The JUnit report, its test cases in file order whatever the execution order was;
    /// the suites' `file` is relative to `currentDirectory` (runner.md).
    static func junit(hostname: String, currentDirectory: String = "") -> ReportedRunReporter {
        ReportedRunReporter { run, end, write in
            JUnitReportBuilder(
                start: run.started, finished: run.finished, end: end, hostname: hostname,
                currentDirectory: currentDirectory
            ).build().render(into: write)
        }
    }
}

/// Maps results to test cases as runner.md describes.
struct JUnitReportBuilder {
    let start: RunStart
    let finished: [ScenarioResult]
    let end: RunEnd
    let hostname: String
    /// The working directory, for the suites' `file` property.
    var currentDirectory = ""

    func build() -> JUnitDocument {
        let pathSuffixes = Self.pathSuffixes(start.plan.suites, from: currentDirectory)
        var casesBySuite: [Int: [JUnitDocument.TestCase]] = [:]
        for (suiteIndex, testCase) in testCases(ReportedRun(start: start, finished: finished).scenarios(ending: end)) {
            var testCase = testCase
            if let suffix = pathSuffixes[suiteIndex] { testCase.classname += suffix }
            casesBySuite[suiteIndex, default: []].append(testCase)
        }
        var suites: [JUnitDocument.Suite] = start.plan.suites.compactMap { suite in
            let file = RelativePath.of(suite.path, from: currentDirectory)
            guard suite.parseErrors.isEmpty else {
                let errors = suite.parseErrors.map(\.description).joined(separator: "\n")
                let outcome = JUnitDocument.Outcome.error(
                    type: "parse", message: FailureText.headline(errors), body: errors)
                return .init(
                    name: file, file: file, tags: [],
                    cases: [.init(name: "(parse error)", classname: file, outcome: outcome)])
            }
            guard let cases = casesBySuite[suite.index], !cases.isEmpty else { return nil }
            return .init(
                name: suite.name + (pathSuffixes[suite.index] ?? ""), file: file, tags: suite.tags, cases: cases)
        }
        let runCases = runLevelCases()
        if !runCases.isEmpty {
            suites.append(.init(name: "spec-run", file: "", tags: [], cases: runCases))
        }
        return JUnitDocument(
            timestamp: Self.timestamp(start.date), hostname: hostname, suites: suites,
            duration: end.duration > .zero ? end.duration : nil)
    }

    /// What failed the run as a whole (`ReportedRun.problems`), in one `spec-run` suite.
    private func runLevelCases() -> [JUnitDocument.TestCase] {
        ReportedRun(start: start, finished: finished).problems(ending: end).map { problem in
            let outcome =
                problem.kind.map {
                    JUnitDocument.Outcome.error(type: $0.rawValue, message: problem.message, body: problem.body)
                }
                ?? .skipped(problem.message)
            return .init(name: problem.name, classname: "spec-run", outcome: outcome)
        }
    }

    /// ` (path)` for each suite whose Feature has the name of another file's Feature: a
    /// report with two suites (and two sets of test cases) of one name is what CI servers
    /// merge or show twice (runner.md: no duplicate names). Worked out over every file
    /// the run read, selected or not, so a suite's name does not change with `--tags`,
    /// `--shard` or `:LINE`. The path is relative to `directory` (the working directory),
    /// however the command line named the file.
    static func pathSuffixes(_ suites: [PlannedSuite], from directory: String) -> [Int: String] {
        let parsed = suites.filter { $0.parseErrors.isEmpty }
        let suitesByName = Dictionary(parsed.map { ($0.name, 1) }, uniquingKeysWith: +)
        var suffixes: [Int: String] = [:]
        for suite in parsed where suitesByName[suite.name, default: 0] > 1 {
            // Without `.feature`: Jenkins reads a classname's last `.` as its package's end,
            // and would show `feature)` as the class.
            let path = RelativePath.of(suite.path, from: directory)
            suffixes[suite.index] = " (\(path.hasSuffix(".feature") ? String(path.dropLast(".feature".count)) : path))"
        }
        return suffixes
    }

    /// Every listed scenario's test case, in order, made on all cores: a big run's report is
    /// written after its last scenario, when both the worker and its simulator are done.
    private func testCases(_ listed: [ReportedScenario]) -> [(suiteIndex: Int, JUnitDocument.TestCase)] {
        let undefined = Dictionary(start.plan.undefined.map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
        let ambiguous = Dictionary(start.plan.ambiguous.map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
        return ResultSlots.map(count: listed.count) {
            (listed[$0].scenario.suiteIndex, testCase(for: listed[$0], undefined: undefined, ambiguous: ambiguous))
        }
    }

    private func testCase(
        for listed: ReportedScenario, undefined: [String: UndefinedStep], ambiguous: [String: AmbiguousStep]
    ) -> JUnitDocument.TestCase {
        let scenario = listed.scenario
        // The steps shown in the output: those that ran.
        let (time, outcome, shown): (Duration, JUnitDocument.Outcome, ScenarioResult)
        switch listed {
        case .finished(let result):
            time = result.duration
            outcome = self.outcome(of: result, undefined: undefined, ambiguous: ambiguous)
            shown = result
        case .interrupted(let cut):
            let signal = end.interruptSignal ?? "interrupt"
            let running = cut.runningStep.map { "\nthe step running: \(FailureText.written(scenario.steps[$0]))" } ?? ""
            time = cut.elapsed
            outcome = .error(
                type: "interrupted", message: "interrupted by \(signal) while running",
                body: "\(scenario.location)\nthe run was interrupted by \(signal) while this scenario was running"
                    + running)
            shown = ScenarioResult(scenario: scenario, steps: cut.finishedSteps, duration: cut.elapsed)
        case .notRun:
            // In the report as skipped, so that CI shows what was not tested (Cucumber
            // reports them so).
            time = .zero
            outcome = .skipped(end.notRunReason.skippedText)
            shown = ScenarioResult(scenario: scenario, steps: scenario.steps.map { _ in StepResult.skipped })
        }
        // The scenario's name in the file, after its Rule's (runner.md, "Report details").
        return JUnitDocument.TestCase(
            name: RunPlanner.reportName(scenario.testName, rule: scenario.rule?.name ?? ""),
            classname: scenario.classname, time: time, outcome: outcome, systemOut: systemOut(of: shown))
    }

    private func outcome(
        of result: ScenarioResult, undefined: [String: UndefinedStep], ambiguous: [String: AmbiguousStep]
    ) -> JUnitDocument.Outcome {
        let scenario = result.scenario
        for (index, step) in result.steps.enumerated() where step.status != .passed && step.status != .skipped {
            let planned = scenario.steps[index]
            let written = FailureText.written(planned)
            switch step.status {
            case .passed, .skipped: continue
            case .failed:
                let failure = step.failure ?? StepFailure(.error, "the step failed")
                return .failure(
                    type: failure.kind.rawValue, message: FailureText.headline(failure.message),
                    body: FailureText.body(step: planned, failure: failure))
            case .undefined:
                // Every undefined step of the scenario, each with its snippet: one report
                // tells the author all that is missing, not one step per run.
                let texts = (index..<result.steps.count).filter { result.steps[$0].status == .undefined }.map {
                    let step = scenario.steps[$0]
                    let help = FailureText.undefinedHelp(undefined[step.text], snippets: start.plan.showsSnippets)
                    return "\(FailureText.written(step))\n\(help.joined(separator: "\n"))"
                }
                let body = texts.joined(separator: "\n\n")
                guard start.strict else { return .skipped("undefined: \(body)") }
                // `もし` alone: the keyword is what was written. A description line meant as a
                // step (`Givn …`) has no snippet: it is no new step.
                let text =
                    planned.text.allSatisfy(\.isWhitespace)
                    ? planned.keyword.trimmingCharacters(in: .whitespaces) : planned.text
                let message = RunnerWording.of(language: scenario.pickle.language).reportUndefined(
                    text, texts.count - 1, undefined[planned.text]?.isLostLine == true)
                return .failure(type: "undefined", message: FailureText.headline(message), body: body)
            case .ambiguous:
                let candidates = ambiguous[planned.text]?.candidates ?? []
                let text = "\(written)\nmatches \(candidates.count) definitions:\n" + candidates.joined(separator: "\n")
                guard start.strict else { return .skipped("ambiguous: \(text)") }
                let message = RunnerWording.of(language: scenario.pickle.language).reportAmbiguous(planned.text)
                return .failure(type: "ambiguous", message: FailureText.headline(message), body: text)
            case .pending:
                return .skipped("pending: \(step.message ?? "TODO") (\(written))")
            }
        }
        if let hook = result.hookFailures.first {
            return .failure(
                type: hook.failure.kind.rawValue,
                message: FailureText.headline(
                    "\(hook.shortHeading(language: scenario.pickle.language)): \(hook.failure.message)"),
                body: FailureText.body(hook: hook, scenario: scenario))
        }
        if result.dryRun { return .skipped("dry run: not run") }
        return .passed
    }

    private func systemOut(of result: ScenarioResult) -> String {
        var lines: [String] = []
        lines.reserveCapacity(result.hookFailures.count + 2)
        // The steps as one text, written as UTF-8 and made a String once: a report has a
        // line per step, and String appends cost more than the bytes they copy.
        if !result.steps.isEmpty {
            var steps = UTF8Buffer(capacity: result.steps.count * 80)
            let planned = result.scenario.steps
            for (index, step) in result.steps.enumerated() {
                if index > 0 { steps.append(0x0A) }
                steps.append(contentsOf: planned[index].keyword)
                if planned[index].keywordNeedsSpace { steps.append(0x20) }
                steps.append(contentsOf: planned[index].text)
                steps.append(" ... ")
                steps.append(contentsOf: step.status.rawValue)
                steps.append(" (")
                JUnitDocument.appendSeconds(step.duration, to: &steps)
                steps.append("s)")
            }
            lines.append(steps.text)
        }
        for hook in result.hookFailures {
            // In the reader's terms when it is the scenario's own check (an unchecked try
            // outcome), with the hook's source when the hook itself broke.
            let what =
                hook.isEndOfScenarioCheck
                ? RunnerWording.of(language: result.scenario.pickle.language).endOfScenario
                : "\(hook.phase.rawValue) \(hook.sourceLocation)"
            lines.append("\(what) ... failed: \(hook.failure.message)")
        }
        if let note = result.attemptsNote { lines.append(note) }
        return lines.joined(separator: "\n")
    }

    /// `2026-11-21T17:30:05` in UTC: no fraction, no zone (what the strictest schema takes).
    /// `roundingToMilliseconds` (the HTML report's) rounds the date to the millisecond
    /// first, as Foundation's `ISO8601DateFormatter` does.
    ///
    /// Worked out from the seconds since 1970: Foundation's `Calendar` loads ICU's
    /// calendar and zone data on first use, about 4 ms of a run's report.
    static func timestamp(_ date: Date, roundingToMilliseconds: Bool = false) -> String {
        let since1970 = date.timeIntervalSince1970
        let rounded = roundingToMilliseconds ? (since1970 * 1000 + 0.5).rounded(.down) / 1000 : since1970
        let seconds = Int(rounded.rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        let (year, month, dayOfMonth) = civilDate(daysSince1970: day)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let time = "\(two(second / 3600)):\(two(second % 3600 / 60)):\(two(second % 60))"
        return "\(year)-\(two(month))-\(two(dayOfMonth))T" + time
    }

    /// The proleptic Gregorian year, month and day `days` after 1970-01-01, counted in
    /// 400-year eras of 146,097 days that start on 1 March (so the leap day ends a year).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468  // days from 0000-03-01 to 1970-01-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
