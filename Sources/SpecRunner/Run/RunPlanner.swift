import CucumberExpressions
import Gherkin

/// One file as read from disk: its parse result, or nil when it could not be read.
public struct LoadedFeature: Sendable {
    public var path: String
    public var lines: [Int]
    /// The parsed file, or why it could not be read.
    public var parsed: Result<ParsedFeatureFile, UnreadableFile>

    public init(path: String, lines: [Int], parsed: Result<ParsedFeatureFile, UnreadableFile>) {
        self.path = path
        self.lines = lines
        self.parsed = parsed
    }
}

/// One file's share of a run plan.
public struct PlannedFile: Sendable {
    public var suite: PlannedSuite
    public var scenarios: [PlannedScenario]
    /// Every tag of the file's scenarios, selected or not (to explain a run of nothing).
    public var tagsSeen: Set<String> = []
    /// The description lines planned as undefined steps, by place (`lostSteps`).
    var lostLines: [SourceLine: KeywordTypoCheck.Finding] = [:]
    /// Names `--name` would match if letter case were ignored (to explain a run of nothing).
    var namesMatchingIgnoringCase: [String] = []

    public init(suite: PlannedSuite, scenarios: [PlannedScenario]) {
        self.suite = suite
        self.scenarios = scenarios
    }
}

/// Decides what runs: selects pickles (lines, tags, name, shard), orders them (seed),
/// names them for the report and matches every step, once per distinct text.
public struct RunPlanner: Sendable {
    public let definitions: [StepDefinition]
    public let parameterTypes: ParameterTypeRegistry
    public let options: RunOptions
    /// The library's words for its own, for "did you mean".
    private let synonyms: StepSynonyms
    /// Shared by the files planned in parallel, so each distinct text is matched once.
    private let matcher: StepMatcher
    /// Checked between scenarios: once it says so, planning stops early (the run was
    /// interrupted, and its plan is dropped).
    public var isInterrupted: @Sendable () -> Bool = { false }

    public init(registry: StepRegistry, options: RunOptions) {
        definitions = registry.definitions
        parameterTypes = registry.parameterTypes
        synonyms = registry.synonyms
        self.options = options
        matcher = StepMatcher(definitions: registry.definitions)
    }

    /// One file's share of the plan: its report suite and its selected scenarios with
    /// their steps matched (ids are assigned when the files are put together). Files can
    /// be planned in parallel, and their documents dropped as soon as they are planned.
    public func planFile(_ file: LoadedFeature, index: Int) -> PlannedFile {
        let parsed: ParsedFeatureFile
        switch file.parsed {
        case .success(let file): parsed = file
        case .failure(let unreadable):
            return PlannedFile(
                suite: PlannedSuite(
                    index: index, path: file.path, name: file.path, tags: [], parseErrors: [unreadable.description]),
                scenarios: [])
        }
        if !parsed.errors.isEmpty {
            return PlannedFile(
                suite: PlannedSuite(
                    index: index, path: file.path, name: file.path, tags: [],
                    parseErrors: Self.describe(parsed.errors, source: parsed.source, path: file.path)),
                scenarios: [])
        }
        let namePattern = options.namePattern.flatMap { NamePattern($0) }
        let caselessPattern = options.namePattern.flatMap { NamePattern($0, ignoringCase: true) }
        var namesMatchingIgnoringCase: [String] = []
        let featureIndex = FeatureIndex(document: parsed.document)
        let feature = featureIndex.feature
        let featureName = (feature?.name).flatMap { $0.isEmpty ? nil : $0 } ?? file.path
        var suite = PlannedSuite(
            index: index, path: file.path, name: featureName, tags: feature?.tags.map(\.name) ?? [], parseErrors: [])
        if let keyword = feature?.keyword { suite.keyword = keyword }
        let (findings, errors, warnings) = advice(for: parsed, path: file.path)
        suite.warnings = warnings
        // A lost scenario or a stray step: the file's errors, so the run cannot stay green.
        if !errors.isEmpty {
            suite.name = file.path
            suite.tags = []
            suite.parseErrors = errors
            return PlannedFile(suite: suite, scenarios: [])
        }
        let (targets, unmatched) = LineSelection.targets(of: file.lines, in: parsed, index: featureIndex)
        suite.unmatchedLines = unmatched
        let names = Self.uniqueNames(parsed.pickles, index: featureIndex)
        var scenarios: [PlannedScenario] = []
        var tagsSeen: Set<String> = []
        for (pickleIndex, pickle) in parsed.pickles.enumerated() {
            if isInterrupted() { break }
            let tags = Set(pickle.tags.map(\.name))
            tagsSeen.formUnion(tags)
            guard file.lines.isEmpty || featureIndex.isSelected(pickle, byAnyOf: targets),
                options.tags.evaluate(tags)
            else { continue }
            // The name as written, or as the report shows it (`… (example 3)`, copied from a
            // CI page to re-run one row).
            if let namePattern, !namePattern.matches(pickle.name), !namePattern.matches(names[pickleIndex]) {
                if let caselessPattern, caselessPattern.matches(names[pickleIndex]) {
                    namesMatchingIgnoringCase.append(names[pickleIndex])
                }
                continue
            }
            let entry = featureIndex.scenario(of: pickle)
            let ruleName = entry?.rule?.name ?? ""
            var planned = PlannedScenario(
                id: 0, suiteIndex: index, pickle: pickle, testName: names[pickleIndex],
                classname: ruleName.isEmpty ? featureName : "\(ruleName) - \(featureName)",
                keyword: entry?.scenario.keyword ?? "Scenario",
                location: SourceLine(uri: file.path, line: pickle.location.line), tags: tags,
                steps: pickle.steps.map { step in
                    plannedStep(step, pickle: pickle, path: file.path, index: featureIndex)
                },
                rule: entry?.rule.map { PlannedRule(keyword: $0.keyword, name: $0.name, line: $0.location.line) }
            )
            if let lost = findings.byScenarioLine[entry?.scenario.location.line ?? 0] {
                planned.steps.insert(contentsOf: Self.lostSteps(lost, path: file.path), at: 0)
            }
            planned.argumentProblems = argumentProblems(of: planned.steps)
            scenarios.append(planned)
        }
        var planned = PlannedFile(suite: suite, scenarios: scenarios)
        planned.tagsSeen = tagsSeen
        planned.namesMatchingIgnoringCase = namesMatchingIgnoringCase
        for finding in findings.byScenarioLine.values.joined() {
            planned.lostLines[SourceLine(uri: file.path, line: finding.line)] = finding
        }
        return planned
    }

    /// The advice for a file that parses (`FeatureLint`), worded in its language.
    private func advice(
        for parsed: ParsedFeatureFile, path: String
    ) -> (findings: KeywordTypoCheck.Findings, errors: [String], warnings: [String]) {
        let lint = FeatureLint(
            document: parsed.document, source: SourceLines { parsed.source }, bytes: { parsed.sourceUTF8 },
            step: { text in
                guard case .matched(let definition, _) = matcher.match(text) else { return nil }
                return definitions[definition].expression.source
            })
        let wording = adviceWording(language: parsed.document?.feature?.language ?? "en")
        let render = { (diagnostics: [Diagnostic]) in diagnostics.map { $0.rendered(path: path, wording: wording) } }
        return (lint.findings, render(lint.errors), render(lint.warnings))
    }

    /// Puts planned files together: ids in file order, then shard and seed; collects the
    /// undefined and ambiguous steps.
    public func plan(_ files: consuming [PlannedFile]) -> RunPlan {
        var plan = RunPlan()
        var selected: [PlannedScenario] = []
        selected.reserveCapacity(files.reduce(0) { $0 + $1.scenarios.count })
        var tagsSeen: Set<String> = []
        var namesMatchingIgnoringCase: [String] = []
        for index in files.indices {
            plan.suites.append(files[index].suite)
            tagsSeen.formUnion(files[index].tagsSeen)
            namesMatchingIgnoringCase += files[index].namesMatchingIgnoringCase
            plan.lostLines.merge(files[index].lostLines) { first, _ in first }
            // Taken out of the file, so that `selected` holds the only copy of each
            // scenario's steps (the plan's peak memory).
            let scenarios = files[index].scenarios
            files[index].scenarios = []
            for var scenario in scenarios {
                scenario.id = selected.count
                selected.append(scenario)
            }
        }
        files = []
        if selected.isEmpty, plan.suites.contains(where: { $0.parseErrors.isEmpty }) {
            let reasons = SelectionWarning.nothingSelected(
                tags: options.tags, namePattern: options.namePattern, tagsSeen: tagsSeen,
                namesMatchingIgnoringCase: namesMatchingIgnoringCase)
            // A file that did not parse already fails the run, and may hold what was meant.
            if plan.suites.allSatisfy({ $0.parseErrors.isEmpty }) {
                plan.nothingSelected = reasons
            } else {
                plan.selectionWarnings = reasons
            }
        }
        if let shard = options.shard {
            let all = selected.count
            selected = selected.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            plan.dealParseFailures(to: shard)
            if selected.isEmpty, all > 0 {
                let reason = SelectionWarning.emptyShard(shard, selected: all)
                plan.selectionWarnings.append(reason)
                plan.emptyShard = ("\(shard)", reason)
            }
        }
        if let seed = options.seed {
            plan.seed = seed
            // Our own Fisher–Yates: the standard library's shuffle may change between releases.
            var generator = SplitMix64(seed: seed)
            for high in stride(from: selected.count - 1, to: 0, by: -1) {
                selected.swapAt(high, Int(generator.next() % UInt64(high + 1)))
            }
        }
        collectProblems(of: selected, into: &plan)
        plan.scenarios = selected
        return plan
    }

    /// Collects the undefined and ambiguous texts, in file order.
    private func collectProblems(of scenarios: [PlannedScenario], into plan: inout RunPlan) {
        var undefinedOrder: [String] = []
        var undefinedLocations: [String: [SourceLine]] = [:]
        var undefinedAttachment: [String: SnippetBuilder.Attachment] = [:]
        var undefinedLanguage: [String: String] = [:]
        var ambiguousOrder: [String] = []
        var ambiguous: [String: (definitions: [Int], locations: [SourceLine])] = [:]
        // A Background's step is in every scenario of its file: its line is listed once
        // (an outline's step line is listed once per text its rows give it).
        var listed: Set<ListedStep> = []
        for position in scenarios.indices.sorted(by: { scenarios[$0].id < scenarios[$1].id }) {
            if isInterrupted() { return }
            for step in scenarios[position].steps {
                if case .matched = step.match { continue }
                guard listed.insert(ListedStep(text: step.text, location: step.location)).inserted else { continue }
                switch step.match {
                case .matched: break
                case .undefined:
                    if undefinedLocations[step.text] == nil {
                        undefinedOrder.append(step.text)
                        undefinedAttachment[step.text] = Self.attachment(of: step.argument)
                        undefinedLanguage[step.text] = scenarios[position].pickle.language
                    }
                    undefinedLocations[step.text, default: []].append(step.location)
                case .ambiguous(let indices):
                    if ambiguous[step.text] == nil {
                        ambiguousOrder.append(step.text)
                        ambiguous[step.text] = (indices, [])
                    }
                    ambiguous[step.text]?.locations.append(step.location)
                }
            }
        }
        let lost = plan.lostLines
        if !undefinedOrder.isEmpty {
            let suggester = StepSuggester(
                expressions: definitions.map(\.expression), valueTypes: parameterTypes.customTypes, synonyms: synonyms)
            let generator = CucumberExpressionGenerator(registry: parameterTypes)
            plan.undefined = undefinedOrder.map { text in
                let language = undefinedLanguage[text] ?? "en"
                // Interrupted: the plan is dropped, so no suggestion is looked for.
                if isInterrupted() {
                    return UndefinedStep(
                        text: text, locations: [], snippet: "", suggestions: [], valueNotes: [], language: language)
                }
                if let location = undefinedLocations[text]?.first, let finding = lost[location] {
                    var step = UndefinedStep(
                        text: text, locations: undefinedLocations[text] ?? [], snippet: "",
                        suggestions: finding.meant.map { [$0] } ?? [],
                        valueNotes: [adviceWording(language: language).lostLineNote(finding)], language: language)
                    step.isLostLine = true
                    return step
                }
                // `もし` alone on its line: no step to suggest, nor to add.
                if text.allSatisfy(\.isWhitespace) {
                    return UndefinedStep(
                        text: text, locations: undefinedLocations[text] ?? [], snippet: "", suggestions: [],
                        valueNotes: [RunnerWording.of(language: language).keywordAlone], language: language)
                }
                let suggestions = suggester.suggest(for: text, language: language)
                // The step meant exists, and only a value, a full stop or a comment keeps the
                // text from it: no new step to add.
                let meantExists = suggestions.first.map { !$0.misfits.isEmpty } ?? false
                return UndefinedStep(
                    text: text, locations: undefinedLocations[text] ?? [],
                    snippet: meantExists
                        ? ""
                        : SnippetBuilder.snippet(
                            for: text, generated: generator.generate(text),
                            attachment: undefinedAttachment[text] ?? .none,
                            valueType: { parameterTypes.lookup(name: $0)?.valueTypeName }),
                    suggestions: suggestions.map(\.source), valueNotes: suggestions.first?.misfits ?? [],
                    language: language)
            }
        }
        plan.ambiguous = ambiguousOrder.map { text in
            let entry = ambiguous[text]
            return AmbiguousStep(
                text: text, locations: entry?.locations ?? [],
                candidates: (entry?.definitions ?? []).map { index in
                    "\(definitions[index].expression.source)  (\(definitions[index].sourceLocation))"
                })
        }
    }

    private struct ListedStep: Hashable {
        var text: String
        var location: SourceLine
    }

    private static func attachment(of argument: PickleStepArgument?) -> SnippetBuilder.Attachment {
        switch argument {
        case .none: .none
        case .dataTable: .dataTable
        case .docString: .docString
        }
    }

    private func plannedStep(_ step: PickleStep, pickle: Pickle, path: String, index: FeatureIndex)
        -> PlannedStep
    {
        let source = step.astNodeIds.first.flatMap { index.steps[$0] }
        var planned = PlannedStep(
            text: step.text, keyword: source?.keyword ?? "* ",
            location: SourceLine(uri: path, line: source?.location.line ?? pickle.location.line),
            argument: step.argument, match: matcher.match(step.text))
        if source?.docString?.delimiter == "```" { planned.docStringUsesBackticks = true }
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
                match: .undefined)
        }
    }

    /// A dry run runs nothing, so a table a step cannot read is found here. A real run
    /// looks only at the steps that have a table or doc string: a definition that takes
    /// none would not look at it, and the author would not learn it was ignored (a
    /// missing table, the other mistake, its definition finds when it runs).
    private func argumentProblems(of steps: [PlannedStep]) -> [Int: String] {
        var problems: [Int: String] = [:]
        for (index, step) in steps.enumerated() where options.dryRun || step.argument != nil {
            guard case .matched(let definition, let arguments) = step.match else { continue }
            problems[index] =
                definitions[definition].checkArgument?(step.argument)
                ?? (options.dryRun ? definitions[definition].checkValues?(step.argument) : nil)
            // A value the library knows is wrong (a rejection code no register of its gives),
            // unless a `--target` may have codes of its own.
            if problems[index] == nil, options.dryRun, options.targets.isEmpty,
                let check = definitions[definition].checkStepValues,
                let values = try? arguments.map({ try $0.value() })
            {
                problems[index] = check(values)
            }
        }
        if options.dryRun {
            let failing = Set(problems.keys)
            problems.merge(OutcomeSequence.problems(in: steps, definitions: definitions, failing: failing)) {
                first, _ in first
            }
        }
        return problems
    }

    /// Names unique in the file: ` (example N)` for outline rows whose name repeats,
    /// then ` (line L)` for anything still repeated (two scenarios with one name), and last
    /// ` (2)`, ` (3)`… for a name that is still not unique because a scenario is itself
    /// named like another's made-up name (`Same (line 16)`).
    static func uniqueNames(_ pickles: [Pickle], index: FeatureIndex) -> [String] {
        // A scenario without a name is named by its line: a report's test case needs one.
        var names = pickles.map { $0.name.allSatisfy(\.isWhitespace) ? "(line \($0.location.line))" : $0.name }
        var counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        for (position, pickle) in pickles.enumerated() where counts[names[position], default: 0] > 1 {
            if let row = index.row(of: pickle) { names[position] += " (example \(row.indexInOutline))" }
        }
        counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        for (position, pickle) in pickles.enumerated() where counts[names[position], default: 0] > 1 {
            names[position] += " (line \(pickle.location.line))"
        }
        let all = Set(names)
        guard all.count < names.count else { return names }
        var seen: Set<String> = []
        for position in names.indices where !seen.insert(names[position]).inserted {
            var number = 2
            while all.contains("\(names[position]) (\(number))") || seen.contains("\(names[position]) (\(number))") {
                number += 1
            }
            names[position] += " (\(number))"
            seen.insert(names[position])
        }
        return names
    }

    /// A file's parse errors in the order of their lines (the parser finds a ragged table
    /// only at its end, after the lines below it), in words a QA engineer can act on.
    static func describe(_ errors: [ParseError], source: String?, path: String) -> [String] {
        ParseErrorText.describe(errors, path: path, source: SourceLines { source })
    }
}

/// A small, fast, seedable generator (SplitMix64) for `--seed`: the same seed gives the
/// same order on every platform and Swift version.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
