import Gherkin

/// The console's text blocks, made of results.
extension ConsoleReporter {
    /// A scenario as written, each step coloured by its result, failures under the step.
    func scenario(_ result: ScenarioResult) -> String {
        let scenario = result.scenario
        var lines: [String] = []
        // Its tags (the Feature's and Rule's it inherits too), as Cucumber's pretty prints them.
        let tags = scenario.pickle.tags.map { ConsoleEscaping.visible($0.name) }
        if !tags.isEmpty { lines.append(style.paint("  " + tags.joined(separator: " "), .cyan)) }
        lines.append(
            "  \(scenario.keyword): \(ConsoleEscaping.visible(scenario.testName))  \(style.paint("# \(scenario.location)", .grey))"
        )
        for hook in result.hookFailures where hook.phase != .after {
            lines += hookLines(hook, language: scenario.pickle.language)
        }
        let wording = RunnerWording.of(language: scenario.pickle.language)
        for (index, step) in result.steps.enumerated() {
            let planned = scenario.steps[index]
            var line = "    \(ConsoleEscaping.visible(planned.sentence))"
            if !style.colored && step.status != .passed { line += "  (\(wording.statusName(step.status.rawValue)))" }
            lines.append(style.paint(line, style.color(for: step.status)))
            lines += argumentLines(planned.argument, delimiter: planned.docStringDelimiter)
            if let failure = step.failure {
                lines += indented(failure.description, by: 6, .red)
                lines.append(style.paint("      \(planned.location)", .grey))
            } else if step.status == .pending, let message = step.message {
                lines.append(style.paint("      pending: \(ConsoleEscaping.visible(message))", .yellow))
            }
        }
        for hook in result.hookFailures where hook.phase == .after {
            lines += hookLines(hook, language: scenario.pickle.language)
        }
        if let note = result.attemptsNote {
            lines.append(style.paint("    " + ConsoleEscaping.visible(note), result.isFlaky ? .yellow : .red))
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// A failed hook or end-of-scenario check, marked `(failed)` without colour as a
    /// failed step is, with its message under it.
    private func hookLines(_ hook: HookFailure, language: String) -> [String] {
        var heading = "    \(hook.heading(language: language))"
        if !style.colored {
            heading += "  (\(RunnerWording.of(language: language).statusName(StepStatus.failed.rawValue)))"
        }
        return [style.paint(heading, .red)] + indented(hook.failure.description, by: 6)
    }

    /// A step's table or doc string as Gherkin writes it: cells with `\|`, `\\` and `\n`
    /// escaped again, the doc string between its delimiter (with its media type), a
    /// delimiter inside it escaped.
    private func argumentLines(_ argument: PickleStepArgument?, delimiter: String) -> [String] {
        switch argument {
        case .none: return []
        case .dataTable(let table):
            let rows = table.rows.map { row in row.cells.map { ConsoleEscaping.visible(Self.escapedCell($0.value)) } }
            return TableLayout.padded(rows).map { cells in "      | " + cells.joined(separator: " | ") + " |" }
        case .docString(let docString):
            let content = docString.content.replacing(delimiter, with: String(delimiter.map { "\\\($0)" }.joined()))
            return ["      " + delimiter + (docString.mediaType ?? "")] + indented(content, by: 6) + [
                "      " + delimiter
            ]
        }
    }

    private static func escapedCell(_ value: String) -> String {
        value.replacing("\\", with: "\\\\").replacing("|", with: "\\|").replacing("\n", with: "\\n")
    }

    /// What is wrong with the input, printed before the scenarios run.
    func inputProblems(_ plan: RunPlan) -> String {
        var text = ""
        let parseErrors = [
            ("Parse errors:", plan.parseFailures.flatMap(\.parseErrors)),
            (
                // The broken scenarios this run has (a shard has its own), in file order.
                "Parse errors (each fails only its scenario, not the others):",
                plan.scenarios.filter { !$0.parseErrors.isEmpty }
                    .sorted { ($0.suiteIndex, $0.location.line) < ($1.suiteIndex, $1.location.line) }
                    .flatMap(\.parseErrors)
            ),
        ]
        for (heading, errors) in parseErrors where !errors.isEmpty {
            text += block(heading, .red, errors.map { "  \(ConsoleEscaping.visible($0.description))" }) + "\n\n"
        }
        for warning in plan.warnings {
            text += style.paint("Warning: \(ConsoleEscaping.visible(warning))", .yellow) + "\n"
        }
        return text
    }

    /// Everything after the scenarios: problems, notes, the two summary lines.
    func ending(_ end: RunEnd, _ state: State) -> String {
        let (plan, tally) = (state.run.started.plan, RunTally(state.run, ending: end))
        let failed = state.run.finished.filter { $0.verdict(strict: tally.strict) == .failed }
        let flaky = state.run.finished.filter(\.isFlaky)
        var blocks: [String] = []
        if !plan.undefined.isEmpty { blocks.append(undefinedBlock(plan.undefined, snippets: plan.showsSnippets)) }
        if !plan.ambiguous.isEmpty { blocks.append(ambiguousBlock(plan.ambiguous)) }
        // A scenario stopped by an undefined step is told in the block above, with its step;
        // one Gherkin could not read, in the parse errors before the run.
        let failures = failed.filter {
            $0.firstProblem?.result.status != .undefined && $0.scenario.parseErrors.isEmpty
        }
        if format != .pretty, !failures.isEmpty { blocks.append(failuresBlock(failures)) }
        if !failed.isEmpty || !end.interrupted.isEmpty {
            let interrupted = end.interrupted.map { Self.listed($0.scenario) + " (interrupted)" }
            blocks.append(block("Failing scenarios:", .red, failed.map { Self.listed($0.scenario) } + interrupted))
        }
        if !flaky.isEmpty {
            let lines = flaky.map {
                Self.listed($0.scenario) + ": failed \($0.failedAttempts) of \($0.attempts) attempts"
                    + ($0.firstFailure.map { "; the first at " + ConsoleEscaping.visible($0) } ?? "")
            }
            blocks.append(block("Flaky scenarios (passed on retry):", .yellow, lines))
        }
        if !plan.nothingSelected.isEmpty {
            let reasons = plan.nothingSelected.map { "  " + ConsoleEscaping.visible($0) }
            blocks.append(block("Nothing to run, so the run fails (CI must not pass on no scenario):", .red, reasons))
        }
        if let reason = end.startFailure {
            blocks.append(block("The run could not start:", .red, indented(reason, by: 2)))
        }
        if let signal = end.interruptSignal {
            let what =
                end.interruptedWhilePreparing
                ? " before any scenario ran."
                : ": \(RunTally.counted(end.interrupted.count, "scenario")) cut short, the rest not run."
            blocks.append(style.paint("Interrupted by \(signal)" + what, .yellow))
        }
        if !end.notRun.isEmpty {
            blocks.append(end.notRunReason.note(notRun: end.notRun.count))
        }
        // A dry run's scenarios are all `skipped`: say what that means, so that a clean one
        // does not read as if nothing was checked.
        if state.run.start?.dryRun == true, end.startFailure == nil {
            blocks.append(
                failed.isEmpty && plan.parseFailures.isEmpty && plan.nothingSelected.isEmpty && plan.undefined.isEmpty
                    && plan.ambiguous.isEmpty
                    ? "Dry run: nothing ran; every step is defined and every table can be read by its step."
                    : "Dry run: nothing ran; the problems above are what a run would meet.")
        }
        blocks.append(tally.summaryLine(duration: end.duration) + "\n" + tally.verdictLine)
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// A heading in `color` and its lines under it.
    private func block(_ heading: String, _ color: TerminalStyle.Color, _ lines: [String]) -> String {
        ([style.paint(heading, color)] + lines).joined(separator: "\n")
    }

    /// `  features/cart.feature:9  # Scenario name`, as a list of scenarios shows one.
    private static func listed(_ scenario: PlannedScenario) -> String {
        "  \(ConsoleEscaping.visible(scenario.location.description))  # \(ConsoleEscaping.visible(scenario.testName))"
    }

    /// Each undefined step once, however many scenarios it is in (a Background's step,
    /// an outline's step whatever its rows write in it), with those scenarios; the code for
    /// the step library only with `--snippets` (`snippets`), as it is a developer's.
    func undefinedBlock(_ undefined: [UndefinedStep], snippets: Bool) -> String {
        var lines = [style.paint("Undefined steps:", .yellow)]
        var snippetLeftOut: RunnerWording?
        for group in RunPlan.grouped(undefined) {
            let step = group[0]
            let wording = RunnerWording.of(language: step.language)
            lines.append("")
            // `もし` alone on its line: nothing but the note says what is there.
            let text = group.count > 1 ? step.written ?? step.text : step.text
            let shown = text.allSatisfy(\.isWhitespace) ? "(—)" : ConsoleEscaping.visible(text)
            lines.append(style.paint("  \(shown)", .yellow))
            lines += step.locations.prefix(5).map { "    at \($0)" }
            if step.locations.count > 5 { lines.append("    … and \(step.locations.count - 5) more") }
            var scenarios: [SourceLine] = []
            for place in group.flatMap(\.scenarios) where !scenarios.contains(place) { scenarios.append(place) }
            if scenarios.count > 1 {
                let shownPlaces = scenarios.prefix(10).map(\.description).joined(separator: ", ")
                let more = scenarios.count > 10 ? ", … (\(scenarios.count - 10) more)" : ""
                lines.append("    \(wording.inScenarios(scenarios.count)) \(shownPlaces)\(more)")
            }
            // What the author can fix first (the wording, a value); the snippet, for
            // whoever adds a new step to the library, last.
            lines += FailureText.undefinedHelp(step, snippets: snippets, indent: 2, shown: ConsoleEscaping.visible)
            // A line meant as a keyword (`Givn the catalog:`) is no new step to add.
            if !snippets, !step.snippet.isEmpty { snippetLeftOut = snippetLeftOut ?? wording }
        }
        if let wording = snippetLeftOut { lines += ["", "  \(wording.snippetsOption)"] }
        return lines.joined(separator: "\n")
    }

    func ambiguousBlock(_ ambiguous: [AmbiguousStep]) -> String {
        let lines = ambiguous.flatMap { step in
            ["", style.paint("  \(ConsoleEscaping.visible(step.text))", .yellow)]
                + step.locations.prefix(5).map { "    at \($0)" } + ["  matches:"] + step.candidates.map { "    \($0)" }
        }
        return block("Ambiguous steps:", .yellow, lines)
    }

    func failuresBlock(_ failed: [ScenarioResult]) -> String {
        var lines = [style.paint("Failures:", .red)]
        for (number, result) in failed.enumerated() {
            let scenario = result.scenario
            lines.append("")
            lines.append(
                "\(number + 1)) \(scenario.keyword): \(ConsoleEscaping.visible(scenario.testName))  # \(scenario.location)"
            )
            // --retry: the failure shown is the last attempt's; say there were others.
            if result.attempts > 1 { lines.append("   failed all \(result.attempts) attempts; the last one:") }
            if let hook = result.hookFailures.first, result.firstProblem == nil {
                lines += indented(FailureText.body(hook: hook, scenario: scenario), by: 3, .red)
            } else if let problem = result.firstProblem {
                let planned = scenario.steps[problem.index]
                if let failure = problem.result.failure {
                    lines += indented(FailureText.body(step: planned, failure: failure), by: 3, .red)
                } else {
                    let status = RunnerWording.of(language: scenario.pickle.language).statusName(
                        problem.result.status.rawValue)
                    lines.append("   \(ConsoleEscaping.visible(planned.sentence))  (\(status))")
                    lines.append("   \(planned.location)")
                    if let message = problem.result.message { lines.append("   \(ConsoleEscaping.visible(message))") }
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Each line of `text`, `count` spaces in, painted `color` when it has one.
    private func indented(_ text: String, by count: Int, _ color: TerminalStyle.Color? = nil) -> [String] {
        let prefix = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let shown = prefix + ConsoleEscaping.visible(String(line))
            return color.map { style.paint(shown, $0) } ?? shown
        }
    }
}
