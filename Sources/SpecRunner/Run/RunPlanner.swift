import CucumberExpressions
import Gherkin

/// One file's share of a run plan.
struct PlannedFile: Sendable {
    var suite: PlannedSuite
    var scenarios: [PlannedScenario]
    /// Every tag of the file's scenarios, selected or not (to explain a run of nothing).
    var tagsSeen: Set<String> = []
    /// The description lines planned as undefined steps, by place (`lostSteps`).
    var lostLines: [SourceLine: KeywordTypoCheck.Finding] = [:]
    /// Names `--name` would match if letter case were ignored (to explain a run of nothing).
    var namesMatchingIgnoringCase: [String] = []
    /// An outline's steps with `<placeholders>`, as written, by place (`stepTemplates`).
    var stepTemplates: [SourceLine: String] = [:]
}

/// Decides what runs: selects pickles (lines, tags, name, shard), orders them (seed),
/// names them for the report and matches every step, once per distinct text.
struct RunPlanner: Sendable {
    /// The definitions, parameter types and synonyms (for "did you mean") steps are matched with.
    let registry: StepRegistry
    let options: RunOptions
    /// Shared by the files planned in parallel, so each distinct text is matched once.
    private let matcher: StepMatcher
    /// Checked between scenarios: once it says so, planning stops early (the run was
    /// interrupted, and its plan is dropped).
    var isInterrupted: @Sendable () -> Bool = { false }

    init(registry: StepRegistry, options: RunOptions) {
        self.registry = registry
        self.options = options
        matcher = StepMatcher(definitions: registry.definitions)
    }

    /// One file's share of the plan: its report suite and its selected scenarios with
    /// their steps matched (ids are assigned when the files are put together). Files can
    /// be planned in parallel, and their documents dropped as soon as they are planned.
    /// `read` is the parsed file, or why it could not be read.
    func planFile(
        _ file: FeatureFinder.Selection, read: Result<ParsedFeatureFile, UnreadableFile>, index: Int
    ) -> PlannedFile {
        var parsed: ParsedFeatureFile
        do { parsed = try read.get() } catch {
            return Self.refused(file.path, index: index, errors: [FileAdvice(path: error.path, text: error.reason)])
        }
        var broken: [(scenario: ParseRecovery.BrokenScenario, errors: [FileAdvice])] = []
        // The file as written, split only when a check asks: recovery blanks its broken scenarios out.
        let written = SourceLines { [parsed] in parsed.source }
        if !parsed.errors.isEmpty {
            // Lines ended by CR alone are one line to Gherkin: whatever it refused there, that is why.
            if let lone = FeatureLint.loneCarriageReturn(in: parsed.sourceUTF8) {
                let wording = RunnerWording.of(language: "en").advice
                return Self.refused(file.path, index: index, errors: [lone.worded(path: file.path, wording: wording)])
            }
            // Errors in the order of their lines (the parser finds a ragged table only at
            // its end, after the lines below it), in words a QA engineer can act on.
            let describe = { (errors: [ParseError]) in
                ParseErrorText.describe(errors, path: file.path, source: written)
            }
            // A scenario Gherkin cannot read fails alone; the file's others run (`ParseRecovery`).
            guard let recovery = ParseRecovery.recover(parsed, parse: { parseFeatureFile(bytes: $0, uri: file.path) })
            else { return Self.refused(file.path, index: index, errors: describe(parsed.errors)) }
            broken = recovery.broken.map { ($0, describe($0.errors)) }
            parsed = recovery.parsed
        }
        let featureIndex = FeatureIndex(document: parsed.document)
        let feature = featureIndex.feature
        let featureName = (feature?.name).flatMap { $0.isEmpty ? nil : $0 } ?? file.path
        var suite = PlannedSuite(
            index: index, path: file.path, name: featureName, tags: feature?.tags.map(\.name) ?? [], parseErrors: [])
        if let keyword = feature?.keyword { suite.keyword = keyword }
        // One reading of the file's lines, split only when a check or an undefined step asks:
        // the file as written, unless recovery blanked scenarios out of it.
        let source = broken.isEmpty ? written : SourceLines { [parsed] in parsed.source }
        let (findings, errors, warnings, unfilled) = advice(
            for: parsed, source: source, path: file.path, hasBroken: !broken.isEmpty)
        suite.warnings = warnings
        suite.recoveredErrors = broken.flatMap(\.errors)
        // A lost scenario or a stray step: the file's errors, so the run cannot stay green.
        if !errors.isEmpty {
            suite.name = file.path
            suite.tags = []
            // The whole file's advice as line 1.
            suite.parseErrors = Self.inLineOrder(suite.recoveredErrors + errors) { $0.line ?? 1 }
            suite.recoveredErrors = []
            return PlannedFile(suite: suite, scenarios: [])
        }
        // A line of a broken scenario selects it alone (it runs whatever the selection).
        let lines = file.lines.filter { line in !broken.contains { $0.scenario.lines.contains(line) } }
        let (targets, unmatched, stale) = LineSelection.targets(
            of: lines, listed: file.listedLines.filter(lines.contains), in: parsed, index: featureIndex)
        suite.unmatchedLines = unmatched
        suite.staleLines = stale
        var planned = selectScenarios(
            of: parsed, source: source, lines: file.lines, suite: suite, featureIndex: featureIndex, findings: findings,
            unfilled: unfilled, targets: targets)
        guard !broken.isEmpty else { return planned }
        let language = parsed.document?.feature?.language ?? "en"
        let rules = Self.rules(of: parsed)
        let unreadable = broken.map { scenario, errors in
            Self.planned(
                scenario, errors: errors, in: suite, written: written, language: language,
                rule: rules.last { $0.line < scenario.line })
        }
        planned.scenarios = Self.inLineOrder(planned.scenarios + unreadable) { $0.location.line }
        return planned
    }

    /// The expression of the one definition `text` matches (a step without its keyword).
    func expression(of text: String) -> String? {
        guard case .matched(let definition, _) = matcher.match(text) else { return nil }
        return registry.definitions[definition].expression.source
    }

    /// A file that could not be read or parsed (or was not, after an interrupt): its suite
    /// names why, and it has no scenarios.
    static func refused(_ path: String, index: Int, errors: [FileAdvice]) -> PlannedFile {
        PlannedFile(
            suite: PlannedSuite(index: index, path: path, name: path, tags: [], parseErrors: errors), scenarios: [])
    }

    /// The file's scenarios the lines, tags and name select, planned with their steps
    /// (every one when no line is given: `lines` as given, `targets` what they select).
    /// `unfilled`: by step line, why a `<placeholder>` of an outline's step is no column
    /// (of the Examples table at `examplesLine`), and the placeholder as it stays in the step.
    private func selectScenarios(
        of parsed: ParsedFeatureFile, source: SourceLines, lines: [Int], suite: PlannedSuite,
        featureIndex: FeatureIndex,
        findings: KeywordTypoCheck.Findings, unfilled: [Int: [Unfilled]], targets: [LineSelection.Target]
    ) -> PlannedFile {
        let (path, index, featureName) = (suite.path, suite.index, suite.name)
        let namePattern = options.namePattern.flatMap { NamePattern($0) }
        let caselessPattern = options.namePattern.flatMap { NamePattern($0, ignoringCase: true) }
        let names = Self.uniqueNames(parsed.pickles, index: featureIndex)
        var file = PlannedFile(suite: suite, scenarios: [])
        for finding in findings.byScenarioLine.values.joined() {
            file.lostLines[SourceLine(uri: path, line: finding.line)] = finding
        }
        for (pickleIndex, pickle) in parsed.pickles.enumerated() {
            if isInterrupted() { break }
            let tags = Set(pickle.tags.map(\.name))
            file.tagsSeen.formUnion(tags)
            guard lines.isEmpty || featureIndex.isSelected(pickle, byAnyOf: targets),
                options.tags.evaluate(tags)
            else { continue }
            let entry = featureIndex.scenario(of: pickle)
            // The name as written, as the console shows it (`… — 500, 3`), or as the report
            // does (`Rule — …`), copied from a CI page to re-run one row.
            if let namePattern, !namePattern.matches(pickle.name), !namePattern.matches(names[pickleIndex]),
                !namePattern.matches(Self.reportName(names[pickleIndex], rule: entry?.rule?.name ?? ""))
            {
                if let caselessPattern, caselessPattern.matches(names[pickleIndex]) {
                    file.namesMatchingIgnoringCase.append(names[pickleIndex])
                }
                continue
            }
            var planned = PlannedScenario(
                id: 0, suiteIndex: index, pickle: pickle, testName: names[pickleIndex],
                classname: featureName,
                keyword: entry?.scenario.keyword ?? "Scenario",
                location: SourceLine(uri: path, line: pickle.location.line), tags: tags,
                steps: pickle.steps.map { step in
                    plannedStep(step, pickle: pickle, path: path, index: featureIndex, source: source)
                },
                rule: entry?.rule.map { PlannedRule(keyword: $0.keyword, name: $0.name, line: $0.location.line) }
            )
            if let outline = entry?.scenario, !outline.examples.isEmpty {
                for step in outline.steps where step.text.utf8.contains(UInt8(ascii: "<")) {
                    file.stepTemplates[SourceLine(uri: path, line: step.location.line)] = step.text
                }
            }
            if let lost = findings.byScenarioLine[entry?.scenario.location.line ?? 0] {
                planned.steps.insert(contentsOf: Self.lostSteps(lost, path: path), at: 0)
            }
            planned.argumentProblems = argumentProblems(of: planned.steps)
            // A step run with a `<placeholder>` as written would pass or fail for the wrong
            // reason (a refusal the scenario expects): it fails with why, in the report too.
            // Of an outline's Examples tables, the one above the scenario's row says it.
            for (stepIndex, step) in planned.steps.enumerated()
            where !unfilled.isEmpty && planned.argumentProblems[stepIndex] == nil {
                // The step's line, and each row of its table by the texts of its cells.
                var places = [(step.location.line, step.text)]
                if case .dataTable(let table) = step.argument {
                    places += table.rows.compactMap { row in
                        row.line.map { ($0, row.cells.map(\.value).joined(separator: " ")) }
                    }
                }
                let scenarioLine = planned.location.line
                planned.argumentProblems[stepIndex] =
                    places.lazy.compactMap { line, text in
                        unfilled[line]?.filter { text.contains($0.marker) }.last { $0.examplesLine < scenarioLine }
                    }.first?.text
            }
            file.scenarios.append(planned)
        }
        return file
    }

    /// An outline step's placeholder no column fills: the table that lacks it (0: any), the
    /// warning, and the placeholder as it stays in the step.
    struct Unfilled {
        var examplesLine: Int
        var text: String
        var marker: String
    }

    /// The advice for a file that parses (`FeatureLint`), worded in its language. A file
    /// with `hasBroken` scenarios (`ParseRecovery`) has those, even when no other is left.
    private func advice(
        for parsed: ParsedFeatureFile, source: SourceLines, path: String, hasBroken: Bool
    ) -> (
        findings: KeywordTypoCheck.Findings, errors: [FileAdvice], warnings: [FileAdvice],
        unfilled: [Int: [Unfilled]]
    ) {
        let lint = FeatureLint(
            document: parsed.document, source: source, bytes: { parsed.sourceUTF8 },
            step: expression(of:))
        let wording = RunnerWording.of(language: parsed.document?.feature?.language ?? "en").advice
        let render = { (diagnostics: [Diagnostic]) in diagnostics.map { $0.worded(path: path, wording: wording) } }
        let warnings = lint.warnings.filter { warning in
            if hasBroken, case .warning(.noScenario) = warning.message { false } else { true }
        }
        var unfilled: [Int: [Unfilled]] = [:]
        for warning in lint.warnings {
            guard let line = warning.line, case .warning(let kind) = warning.message else { continue }
            let text = wording.text(of: warning.message)
            switch kind {
            case .unknownPlaceholder(let name, _, let examplesLine, _, _):
                unfilled[line, default: []].append(
                    Unfilled(examplesLine: examplesLine, text: text, marker: "<\(name)>"))
            case .fullWidthPlaceholder(let written, _):
                unfilled[line, default: []].append(Unfilled(examplesLine: 0, text: text, marker: written))
            default: continue
            }
        }
        return (lint.findings, render(lint.errors), render(warnings), unfilled)
    }

    private func plannedStep(
        _ step: PickleStep, pickle: Pickle, path: String, index: FeatureIndex, source: SourceLines
    ) -> PlannedStep {
        let written = step.astNodeIds.first.flatMap { index.steps[$0] }
        var planned = PlannedStep(
            text: step.text, keyword: written?.keyword ?? "* ",
            location: SourceLine(uri: path, line: written?.location.line ?? pickle.location.line),
            argument: step.argument, match: matcher.match(step.text),
            docStringUsesBackticks: written?.docString?.delimiter == "```")
        // Only an undefined step's line is read: the advice for prose that starts with a keyword.
        if case .undefined = planned.match, planned.keywordNeedsSpace,
            let line = source.line(planned.location.line)?.drop(while: \.isWhitespace),
            line.hasPrefix(planned.keyword)
        {
            planned.keywordRunsIntoText = line.dropFirst(planned.keyword.count).first?.isWhitespace == false
        }
        return planned
    }

    /// The lines of a scenario's (or its Background's) description that were meant as
    /// steps or keyword lines (`Givn the catalog:`, `Scenario second`), as steps no
    /// definition matches: the scenario is then reported undefined, and fails a strict run,
    /// instead of passing without them. Gherkin's reading of the file is unchanged.
    private static func lostSteps(_ findings: [KeywordTypoCheck.Finding], path: String) -> [PlannedStep] {
        findings.map { finding in
            PlannedStep(
                text: finding.text, keyword: "", location: SourceLine(uri: path, line: finding.line), argument: nil,
                match: .undefined, isLost: true)
        }
    }

    /// A dry run runs nothing, so a table a step cannot read is found here. A real run
    /// looks only at the steps that have a table or doc string: a definition that takes
    /// none would not look at it, and the author would not learn it was ignored (a
    /// missing table, the other mistake, its definition finds when it runs).
    private func argumentProblems(of steps: [PlannedStep]) -> [Int: String] {
        var problems: [Int: String] = [:]
        for (index, step) in steps.enumerated() where options.dryRun || step.argument != nil {
            guard case .matched(let definitionIndex, let arguments) = step.match else { continue }
            let definition = registry.definitions[definitionIndex]
            problems[index] =
                definition.checkArgument?(step.argument)
                ?? (options.dryRun ? definition.checkTableValues?(step.argument) : nil)
            // A value the library knows is wrong (a rejection code no register of its gives),
            // unless a `--target` may have codes of its own.
            if problems[index] == nil, options.dryRun, options.targets.isEmpty,
                let check = definition.checkStepValues,
                let values = try? arguments.map({ try $0.value() })
            {
                problems[index] = check(values)
            }
        }
        guard options.dryRun else { return problems }
        let sequence = OutcomeSequence.problems(
            in: steps, definitions: registry.definitions, failing: Set(problems.keys))
        return problems.merging(sequence) { first, _ in first }
    }

    /// Names unique in the file. An outline row is named by its values, and by its
    /// Examples' name when that has one, after its keyword as written (`Pay in cash — 500, 3
    /// (Examples: small carts)`, `現金で払う — 500, 3 (例: 少ないカート)`);
    /// a name that still repeats gets ` (row N)` when it is an outline row (N: the row's
    /// 1-based index across all Examples of its outline), then ` (line L)`, and last
    /// ` (2)`, ` (3)`… for a name that is still not unique because a scenario is itself
    /// named like another's made-up name (`Same (line 16)`).
    static func uniqueNames(_ pickles: [Pickle], index: FeatureIndex) -> [String] {
        // A scenario without a name is named by its line: a report's test case needs one.
        var names = pickles.map { pickle in
            let name = pickle.name.allSatisfy(\.isWhitespace) ? "(line \(pickle.location.line))" : pickle.name
            return index.row(of: pickle).map { rowName(name, $0) } ?? name
        }
        var counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        for (position, pickle) in pickles.enumerated() where counts[names[position], default: 0] > 1 {
            if let row = index.row(of: pickle) { names[position] += " (row \(row.indexInOutline))" }
        }
        counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        for (position, pickle) in pickles.enumerated() where counts[names[position], default: 0] > 1 {
            names[position] += " (line \(pickle.location.line))"
        }
        let all = Set(names)
        guard all.count < names.count else { return names }
        var seen: Set<String> = []
        for position in names.indices where !seen.insert(names[position]).inserted {
            let name = names[position]
            let number = (2...).first { !all.contains("\(name) (\($0))") && !seen.contains("\(name) (\($0))") } ?? 2
            names[position] += " (\(number))"
            seen.insert(names[position])
        }
        return names
    }

    /// `name — value, value` and ` (Examples: name)` when the table has a name; an empty
    /// cell shows as `""`.
    private static func rowName(_ name: String, _ row: FeatureIndex.RowEntry) -> String {
        let values = row.values.map { $0.isEmpty ? "\"\"" : $0 }.joined(separator: ", ")
        let examples =
            row.examplesName.allSatisfy(\.isWhitespace) ? "" : " (\(row.examplesKeyword): \(row.examplesName))"
        return "\(name) — \(values)\(examples)"
    }

    /// The JUnit test case's name: the scenario's name in the file (`uniqueNames`), after
    /// its Rule's name when it is in a named Rule (`Refunds — alpha`).
    static func reportName(_ name: String, rule: String) -> String {
        rule.allSatisfy(\.isWhitespace) ? name : "\(rule) — \(name)"
    }
}

/// Planning the scenarios of a file that parsed only once its broken scenarios were
/// blanked out: each of those is planned as a scenario of one step, the first line Gherkin
/// refused, which fails with the errors; it runs whatever the selection (its tags and name
/// are not read as Gherkin reads them), so that no run of its file passes without it.
extension RunPlanner {
    /// `items` sorted by their `line` (stable for one line).
    static func inLineOrder<Item>(_ items: [Item], line: (Item) -> Int) -> [Item] {
        items.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }.map(\.element)
    }

    /// The file's Rules in line order: a broken scenario belongs to the last one above it,
    /// as a scenario Gherkin reads does (its Rule line is never blanked out).
    static func rules(of file: ParsedFeatureFile) -> [PlannedRule] {
        (file.document?.feature?.children ?? []).compactMap { child in
            guard case .rule(let rule) = child else { return nil }
            return PlannedRule(keyword: rule.keyword, name: rule.name, line: rule.location.line)
        }
    }

    /// The scenario a broken one is run as in its `suite`: its refused line as its one step
    /// (the row of a ragged table; the scenario's line when the file ends inside it),
    /// failing with `errors`, every error of the scenario in words; in `rule` when below one.
    static func planned(
        _ scenario: ParseRecovery.BrokenScenario, errors: [FileAdvice], in suite: PlannedSuite, written: SourceLines,
        language: String, rule: PlannedRule?
    ) -> PlannedScenario {
        let path = suite.path
        let lineOfStep = scenario.errors.first?.location.line ?? scenario.line
        let text: String
        if case .unexpectedLine(_, let refused) = scenario.errors.first?.kind {
            text = String(refused.trimming(" \t\r"))
        } else if let refused = written.line(lineOfStep)?.trimming(" \t\r"), !refused.isEmpty {
            text = String(refused)
        } else {
            text = scenario.keyword.isEmpty ? "" : "\(scenario.keyword): \(scenario.name)"
        }
        let name = scenario.name.allSatisfy(\.isWhitespace) ? "(line \(scenario.line))" : scenario.name
        let id = "unreadable-\(path):\(scenario.line)"
        let pickle = Pickle(
            id: id, uri: path, location: Location(line: scenario.line, column: 1), name: name, language: language,
            steps: [PickleStep(argument: nil, astNodeIds: [], id: id + "-step", type: nil, text: text)],
            tags: scenario.tags.map { PickleTag(name: $0, astNodeId: "") }, astNodeIds: [])
        let step = PlannedStep(
            text: text, keyword: "", location: SourceLine(uri: path, line: lineOfStep), argument: nil,
            match: .undefined)
        var planned = PlannedScenario(
            id: 0, suiteIndex: suite.index, pickle: pickle, testName: name, classname: suite.name,
            keyword: scenario.keyword.isEmpty ? "Scenario" : scenario.keyword,
            location: SourceLine(uri: path, line: scenario.line), tags: Set(scenario.tags), steps: [step], rule: rule)
        planned.argumentProblems[0] = errors.map(\.description).joined(separator: "\n")
        planned.parseErrors = errors
        return planned
    }
}
