/// The HTML report's page: the summary and the filters, then each feature with its
/// scenarios and their steps, and what the steps attached, each page and text stored once
/// and put in place when its scenario is opened (`AttachmentTable`, `HTMLReportPage`).
struct HTMLReport {
    let start: RunStart
    /// What the run lists, in file order (`ReportedRun`).
    let scenarios: [ReportedScenario]
    let end: RunEnd
    let tally: RunTally
    /// Each undefined step's help ("did you mean"), by where it is written.
    private let undefinedAt: [SourceLine: UndefinedStep]
    /// What made the run red besides its scenarios (`ReportedRun.problems`).
    private let problems: [RunProblem]

    init(_ run: ReportedRun, ending end: RunEnd) {
        start = run.started
        scenarios = run.scenarios(ending: end)
        self.end = end
        tally = RunTally(run, ending: end)
        let places = start.plan.undefined.flatMap { undefined in undefined.locations.map { ($0, undefined) } }
        undefinedAt = Dictionary(places, uniquingKeysWith: { _, last in last })
        problems = run.problems(ending: end)
    }

    func render(into write: (String) -> Void) {
        var table = AttachmentTable(fragmentPage: start.registry?.fragmentPage)
        write(HTMLReportPage.head)
        write(header)
        write("<main>\n")
        for suite in start.plan.suites where !suite.parseErrors.isEmpty {
            write(parseFailure(suite))
        }
        for problem in problems {
            write("<p class=\"run-error\">\(Self.escape(problem.body))</p>\n")
        }
        // As the console warns before the scenarios: a scenario a warning names may pass
        // without checking what was meant (no steps, a line read as description).
        let warnings = start.plan.warnings
        if !warnings.isEmpty {
            write("<section class=\"warnings\">\n<h2>Warnings</h2>\n<ul>\n")
            for warning in warnings { write("<li>\(Self.escape(warning))</li>\n") }
            write("</ul>\n</section>\n")
        }
        let bySuite = Dictionary(grouping: scenarios, by: { $0.scenario.suiteIndex })
        for suite in start.plan.suites {
            guard let listed = bySuite[suite.index] else { continue }
            var text = "<section class=\"feature\">\n<h2>\(Self.escape(suite.keyword)): \(Self.escape(suite.name))"
            text += " <span class=\"w\">\(Self.escape(suite.path))</span></h2>\n"
            // A Rule's scenarios in a section of their own, headed by the Rule as written.
            var rule: PlannedRule?
            for entry in listed {
                if entry.scenario.rule != rule {
                    if rule != nil { text += "</section>\n" }
                    if let entered = entry.scenario.rule {
                        text +=
                            "<section class=\"rule\">\n<h3>\(Self.escape(entered.keyword)):"
                            + " \(Self.escape(entered.name))</h3>\n"
                    }
                    rule = entry.scenario.rule
                }
                text += scenario(entry, table: &table)
            }
            if rule != nil { text += "</section>\n" }
            write(text + "</section>\n")
        }
        write("</main>\n")
        write(table.script())
        write(HTMLReportPage.tail)
    }

    private var header: String {
        let verdict = tally.exitStatus == 0 ? "passed" : "failed"
        var text = "<header class=\"run \(verdict)\">\n<h1>spec-run</h1>\n"
        text += "<p class=\"summary\">\(Self.escape(tally.summaryLine(duration: end.duration)))</p>\n"
        text += "<p class=\"verdict\">\(Self.escape(tally.verdictLine))</p>\n"
        let started = JUnitReportBuilder.timestamp(start.date, roundingToMilliseconds: true)
        text += "<p class=\"started\">started \(started)Z"
        if let signal = end.interruptSignal { text += "; interrupted by \(Self.escape(signal))" }
        text += "</p>\n<nav class=\"filters\" aria-label=\"filters\">\n"
        for (status, count) in Self.counts(tally) {
            text += "<button type=\"button\" data-filter-status=\"\(status)\">\(status) \(count)</button>"
        }
        text += "\n<select id=\"tag-filter\" aria-label=\"tag\"><option value=\"\">every tag</option>"
        let tags = Set(scenarios.flatMap { $0.scenario.tags }).sorted()
        for tag in tags { text += "<option>\(Self.escape(tag))</option>" }
        text += "</select>\n<input id=\"text-filter\" type=\"search\" placeholder=\"text\" aria-label=\"text\">\n"
        text += "<span id=\"shown\"></span>\n</nav>\n</header>\n"
        return text
    }

    private func parseFailure(_ suite: PlannedSuite) -> String {
        "<section class=\"feature\">\n<details class=\"scenario failed\" data-status=\"failed\" data-verdict=\"failed\""
            + " data-tags=\"\" open>"
            + "<summary><span class=\"st\">failed</span> \(Self.escape(suite.path))"
            + " <span class=\"w\">not parsed: none of its scenarios ran</span></summary>\n<pre class=\"failure\">"
            + Self.escape(suite.parseErrors.map(\.description).joined(separator: "\n"))
            + "</pre>\n</details>\n</section>\n"
    }

    private func scenario(_ entry: ReportedScenario, table: inout AttachmentTable) -> String {
        let scenario = entry.scenario
        let wording = RunnerWording.of(language: scenario.pickle.language)
        // A step past those listed did not run: skipped.
        let (status, verdict, steps, note, finished): (String, String, [StepResult], String?, ScenarioResult?) =
            switch entry {
            case .finished(let result):
                (
                    result.status.rawValue,
                    result.verdict(strict: start.strict) == .failed ? "failed" : result.status.rawValue,
                    result.steps, result.attemptsNote, result
                )
            case .interrupted(let cut):
                ("interrupted", "failed", cut.stepsShown(signal: end.interruptSignal ?? "a signal"), nil, nil)
            case .notRun: ("skipped", "skipped", [], end.notRunReason.skippedText, nil)
            }
        let tags = scenario.tags.sorted()
        let folded = status == "passed" || status == "skipped"
        var text = "<details class=\"scenario \(status)\" data-status=\"\(status)\" data-verdict=\"\(verdict)\""
        text += " data-tags=\"\(Self.escape(tags.joined(separator: " ")))\""
        text +=
            " lang=\"\(Self.escape(scenario.pickle.language))\" data-caption=\"\(Self.escape(wording.displayCaption))\""
        text += folded ? ">" : " open>"
        text += "<summary><span class=\"st\">\(Self.escape(wording.statusName(status)))</span> "
        text += "<span class=\"k\">\(Self.escape(scenario.keyword)):</span> \(Self.escape(scenario.testName))"
        for tag in tags { text += " <span class=\"tag\">\(Self.escape(tag))</span>" }
        if let finished { text += " <span class=\"t\">\(Self.seconds(finished.duration))</span>" }
        text += " <span class=\"w\">\(Self.escape(scenario.location.description))</span></summary>\n"
        if let note { text += "<p class=\"note\">\(Self.escape(note))</p>\n" }
        var body = "<ol class=\"steps\">\n"
        for (index, step) in scenario.steps.enumerated() {
            let result = index < steps.count ? steps[index] : StepResult.skipped
            body += self.step(step, result, wording: wording, table: &table)
        }
        body += "</ol>\n"
        for hook in finished?.hookFailures ?? [] {
            body += "<pre class=\"failure\">\(Self.escape(FailureText.body(hook: hook, scenario: scenario)))</pre>\n"
        }
        // A folded scenario's steps wait in the table until it is unfolded: a browser
        // parses a big run's page many times faster without them.
        text += folded ? "<div data-body=\"\(table.body(body))\"></div>" : body
        return text + "</details>\n"
    }

    private func step(
        _ step: PlannedStep, _ result: StepResult, wording: RunnerWording, table: inout AttachmentTable
    ) -> String {
        let status = result.status.rawValue
        // A passed step's status is a mark (the style sheet's): most steps pass. The class
        // names are short: a big run has tens of thousands of steps.
        let label = result.status == .passed ? "" : Self.escape(wording.statusName(status))
        let (references, inline) = Self.attachments(result.attachments, table: &table)
        var text = "<li class=\"step \(status)\""
        if !references.isEmpty { text += " data-a=\"\(references.joined(separator: " "))\"" }
        text += "><span class=\"st\">\(label)</span> <span class=\"k\">\(Self.escape(step.keyword))</span>"
        text += (step.keywordNeedsSpace ? " " : "") + Self.escape(step.text)
        if result.status != .skipped { text += " <span class=\"t\">\(Self.seconds(result.duration))</span>" }
        text += " <span class=\"w\">:\(step.location.line)</span>"
        switch step.argument {
        case .dataTable(let table):
            let rows = table.rows.map { row in row.cells.map { "<td>\(Self.escape($0.value))</td>" }.joined() }
            text += "<table>" + rows.map { "<tr>\($0)</tr>" }.joined() + "</table>"
        case .docString(let doc): text += "<pre class=\"doc\">\(Self.escape(doc.content))</pre>"
        case nil: break
        }
        if let failure = result.failure {
            text += "<pre class=\"failure\">\(Self.escape(failure.description))</pre>"
        } else if let message = result.message {
            text += "<pre class=\"note\">\(Self.escape(message))</pre>"
        } else if result.status == .undefined, let undefined = undefinedAt[step.location] {
            let help = FailureText.undefinedHelp(undefined, snippets: start.plan.showsSnippets)
            text += "<pre class=\"note\">\(Self.escape(help.joined(separator: "\n")))</pre>"
        }
        text += inline
        return text + "</li>\n"
    }

    /// The filters' counts: every scenario; those that fail the run (`failed`, also
    /// undefined ones under `--strict`, interrupted ones and files that did not parse); each
    /// other status. The page's script filters by the same rules.
    private static func counts(_ tally: RunTally) -> [(String, Int)] {
        let others = ScenarioStatus.allCases.filter { $0 != .failed }.compactMap { status in
            tally.scenarios[status].map { (status.rawValue, $0) }
        }
        return [
            ("all", tally.scenarioCount + tally.parseFailures),
            ("failed", tally.verdicts[.failed, default: 0] + tally.parseFailures),
        ] + others + (tally.interrupted > 0 ? [("interrupted", tally.interrupted)] : [])
    }

    /// `0.012 s`.
    static func seconds(_ duration: Duration) -> String { RunTally.seconds(duration) + " s" }

    /// Text for element content and attribute values alike.
    static func escape(_ text: String) -> String { XMLText.attribute(text) }

    /// The step's `data-a` references (`p3 t7`: pages, shown in a sandboxed frame, and named
    /// texts, folded under their names; each stored once in the `AttachmentTable` and put in
    /// place by the page's script) and what is shown inline: a nameless text as text, an
    /// image as an image, anything else as a file to save.
    private static func attachments(_ attachments: [Attachment], table: inout AttachmentTable) -> (
        references: [String], inline: String
    ) {
        var references: [String] = []
        var text = ""
        for attachment in attachments {
            let media = attachment.mediaType.lowercased()
            let name = attachment.fileName.map(Self.escape)
            switch (media, attachment.encoding) {
            case ("text/html", .identity):
                references.append(table.page(attachment.body))
            case (let media, .identity) where media.hasPrefix("text/") || media == "application/json":
                // A named text (the display's readable text, the register's state) folds
                // under its name; a log line shows as it is.
                if let fileName = attachment.fileName {
                    references.append(table.text(attachment.body, name: fileName))
                } else {
                    text += "<pre class=\"attachment\">\(Self.escape(attachment.body))</pre>"
                }
            case (let media, .base64) where media.hasPrefix("image/"):
                text += "<img class=\"attachment\" alt=\"\(name ?? "")\" src=\"data:\(Self.escape(media));base64,"
                text += "\(Self.escape(attachment.body))\">"
            default:
                let data =
                    attachment.encoding == .base64
                    ? "data:\(media);base64,\(attachment.body)"
                    : "data:\(media);charset=utf-8,\(AttachmentTable.percentEncoded(attachment.body))"
                text += "<a class=\"attachment\" download=\"\(name ?? "attachment")\""
                text += " href=\"\(Self.escape(data))\">\(name ?? Self.escape(media))</a>"
            }
        }
        return (references, text)
    }
}

extension ReportedRunReporter {
    /// `--format html`: one self-contained page of the run (docs/runner.md, "The HTML
    /// report"), built from the same events as the JUnit report, in file order.
    static func html() -> ReportedRunReporter {
        ReportedRunReporter { run, end, write in
            HTMLReport(run, ending: end).render(into: write)
        }
    }
}
