import CucumberExpressions
import Foundation
import Gherkin
import Wire

/// Putting the planned files together: ids in file order, the shard and the seed, and
/// the undefined and ambiguous steps, each text listed once with its places.
extension RunPlanner {
    /// Puts planned files together: ids in file order, then shard and seed; collects the
    /// undefined and ambiguous steps.
    func plan(_ files: consuming [PlannedFile]) -> RunPlan {
        var plan = RunPlan(showsSnippets: options.snippets)
        var selected: [PlannedScenario] = []
        selected.reserveCapacity(files.reduce(0) { $0 + $1.scenarios.count })
        var tagsSeen: Set<String> = []
        var namesMatchingIgnoringCase: [String] = []
        for index in files.indices {
            plan.suites.append(files[index].suite)
            tagsSeen.formUnion(files[index].tagsSeen)
            namesMatchingIgnoringCase += files[index].namesMatchingIgnoringCase
            plan.lostLines.merge(files[index].lostLines) { first, _ in first }
            plan.stepTemplates.merge(files[index].stepTemplates) { first, _ in first }
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
            let reasons = nothingSelected(tagsSeen: tagsSeen, namesMatchingIgnoringCase: namesMatchingIgnoringCase)
            // A file that did not parse already fails the run, and may hold what was meant.
            if plan.suites.allSatisfy({ $0.parseErrors.isEmpty }) {
                plan.nothingSelected = reasons
            } else {
                plan.selectionWarnings = reasons
            }
        }
        if !selected.isEmpty { plan.selectionWarnings += misspeltTags(tagsSeen: tagsSeen) }
        if let shard = options.shard {
            let all = selected.count
            selected = selected.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            plan.dealParseFailures(to: shard)
            if selected.isEmpty, all > 0 {
                let reason = Self.emptyShard(shard, selected: all)
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
        // Each undefined text, as its first step is written, with its places and the scenarios it keeps from passing.
        var undefined: [(first: PlannedStep, language: String, locations: [SourceLine], scenarios: [SourceLine])] = []
        var undefinedAt: [String: Int] = [:]
        var ambiguousAt: [String: Int] = [:]
        // A Background's step is in every scenario of its file: its line is listed once
        // (an outline's step line is listed once per text its rows give it).
        var listed: [String: Set<SourceLine>] = [:]
        for position in scenarios.indices.sorted(by: { scenarios[$0].id < scenarios[$1].id }) {
            if isInterrupted() { return }
            let scenario = scenarios[position]
            // A scenario Gherkin could not read has no step to define.
            guard scenario.parseErrors.isEmpty else { continue }
            for (index, step) in scenario.steps.enumerated() {
                switch step.match {
                case .matched: continue
                // A step left with a `<placeholder>` no column fills fails with that, not as undefined.
                case .undefined where scenario.argumentProblems[index] != nil: continue
                case .undefined:
                    let slot = undefinedAt[step.text] ?? undefined.count
                    if slot == undefined.count {
                        undefinedAt[step.text] = slot
                        undefined.append((step, scenario.pickle.language, [], []))
                    }
                    if undefined[slot].scenarios.last != scenario.location {
                        undefined[slot].scenarios.append(scenario.location)
                    }
                    guard listed[step.text, default: []].insert(step.location).inserted else { continue }
                    undefined[slot].locations.append(step.location)
                case .ambiguous(let indices):
                    guard listed[step.text, default: []].insert(step.location).inserted else { continue }
                    let index = ambiguousAt[step.text] ?? plan.ambiguous.count
                    if index == plan.ambiguous.count {
                        ambiguousAt[step.text] = index
                        let candidates = indices.map {
                            "\(registry.definitions[$0].expression.source)  (\(registry.definitions[$0].sourceLocation))"
                        }
                        plan.ambiguous.append(AmbiguousStep(text: step.text, locations: [], candidates: candidates))
                    }
                    plan.ambiguous[index].locations.append(step.location)
                }
            }
        }
        guard !undefined.isEmpty else { return }
        let suggester = StepSuggester(
            expressions: registry.definitions.map(\.expression), valueTypes: registry.parameterTypes.customTypes,
            synonyms: registry.synonyms)
        let generator = CucumberExpressionGenerator(registry: registry.parameterTypes)
        plan.undefined = undefined.map { entry in
            var step = undefinedStep(
                entry.first, language: entry.language, locations: entry.locations, lost: plan.lostLines,
                suggester: suggester, generator: generator)
            step.scenarios = entry.scenarios
            if let location = step.locations.first, step.locations.count == 1 {
                step.written = plan.stepTemplates[location]
            }
            // A row's empty cell took the value out of the step: that is the mistake, not the step.
            if let written = step.written, let empty = Self.emptyPlaceholders(in: written, filledAs: step.text) {
                step.valueNotes = [RunnerWording.of(language: entry.language).emptyPlaceholder(empty)]
                step.snippet = ""
            }
            return step
        }
    }

    /// The placeholders of an outline's step (`…合計<total>が表示される`) that a row filled
    /// with nothing in `text`, as written (`<total>`); nil when none was.
    static func emptyPlaceholders(in template: String, filledAs text: String) -> String? {
        let names = FeatureLint.placeholderNames(in: template).map { "<\($0)>" }
        guard !names.isEmpty else { return nil }
        var pattern = NSRegularExpression.escapedPattern(for: template)
        for name in Set(names) {
            pattern = pattern.replacingOccurrences(of: NSRegularExpression.escapedPattern(for: name), with: "(.*?)")
        }
        guard let regex = try? NSRegularExpression(pattern: "^" + pattern + "$"),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        let empty = (1..<match.numberOfRanges).filter { match.range(at: $0).length == 0 }
        return empty.isEmpty ? nil : empty.map { names[$0 - 1] }.joined(separator: ", ")
    }

    /// How an undefined text is described: as the line Gherkin read as description that it
    /// is, as a keyword alone on its line, or with the steps meant and a snippet to add.
    private func undefinedStep(
        _ first: PlannedStep, language: String, locations: [SourceLine], lost: [SourceLine: KeywordTypoCheck.Finding],
        suggester: StepSuggester, generator: CucumberExpressionGenerator
    ) -> UndefinedStep {
        let (text, keyword) = (first.text, first.keyword)
        // Interrupted: the plan is dropped, so no suggestion is looked for.
        let interrupted = isInterrupted()
        var step = UndefinedStep(
            text: text, locations: interrupted ? [] : locations, snippet: "", suggestions: [], language: language)
        if interrupted { return step }
        if let location = locations.first, let finding = lost[location] {
            step.suggestions = finding.meant.map { [$0] } ?? []
            step.valueNotes = [RunnerWording.of(language: language).advice.lostLineNote(finding)]
            step.isLostLine = true
            return step
        }
        // `もし` alone on its line: no step to suggest, nor to add.
        if text.allSatisfy(\.isWhitespace) {
            step.valueNotes = [RunnerWording.of(language: language).keywordAlone]
            return step
        }
        let suggestions = suggester.suggest(for: text, language: language)
        step.suggestions = suggestions.map(\.source)
        step.valueNotes = suggestions.first?.misfits ?? []
        // The step meant exists, and only a value, a full stop or a comment keeps the
        // text from it: no new step to add.
        if step.valueNotes.isEmpty, let expression = generator.generate(text).first {
            step.snippet = SnippetBuilder.snippet(
                for: expression, argument: first.argument,
                valueType: { registry.parameterTypes.lookup(name: $0)?.valueTypeName })
        }
        // Nothing near it, and no space between the keyword and the text (`かつての…`): most
        // likely prose that starts with the keyword.
        if suggestions.isEmpty, first.keywordRunsIntoText {
            step.valueNotes = [RunnerWording.of(language: language).keywordStartsProse(keyword)]
        }
        return step
    }
}

/// Why a run selected no scenario. A misspelt tag (`--tags @smok`) or a renamed one would
/// otherwise gate CI green on nothing, so such a run fails (`(nothing selected)` in the
/// report, exit 1) and says what selected nothing: a tag no scenario has (with the one
/// that is close), the name pattern, or files without scenarios.
extension RunPlanner {
    func nothingSelected(tagsSeen: Set<String>, namesMatchingIgnoringCase: [String]) -> [String] {
        let tags = options.tags
        var warnings: [String] = []
        for name in Set(tags.requiredNames).sorted() where !tagsSeen.contains(name) {
            let guess = Self.closest(to: name, among: tagsSeen).map { " (did you mean '\($0)'?)" } ?? ""
            warnings.append("no scenario has the tag '\(name)'\(guess): --tags selected nothing")
        }
        if warnings.isEmpty, tags != .always {
            warnings.append("no scenario matches --tags '\(tags)'")
        }
        if let namePattern = options.namePattern {
            warnings.append(
                "--name '\(namePattern)' matches no scenario\(tags == .always ? "" : " that --tags selects")"
                    + Self.caseHint(namePattern, namesMatchingIgnoringCase))
        }
        if warnings.isEmpty {
            warnings.append("the files read have no scenario")
        }
        return warnings
    }

    /// Each tag `--tags` names that no scenario has while one close to it does (`--tags
    /// '@smoke or @wipp'`): the run selects something, so it does not fail, but the
    /// misspelt tag selects nothing (under `not`, leaves nothing out). A tag far from every
    /// one seen (`not @wip` when nothing is in progress) is no mistake and gets no word.
    func misspeltTags(tagsSeen: Set<String>) -> [String] {
        Set(options.tags.names).sorted().compactMap { name in
            guard !tagsSeen.contains(name), let guess = Self.closest(to: name, among: tagsSeen) else { return nil }
            return "no scenario has the tag '\(name)' that --tags names (did you mean '\(guess)'?)"
        }
    }

    /// A shard with nothing to run while the run has scenarios: more shards than
    /// scenarios. Not a failure: the other shards run them all.
    static func emptyShard(_ shard: Shard, selected: Int) -> String {
        "shard \(shard) has no scenario: the run selects \(RunTally.counted(selected, "scenario"))"
            + " for \(shard.count) shards; the others run \(selected == 1 ? "it" : "them")"
    }

    /// What `--name` matches when letter case is ignored, and how to ask for that: `--name`
    /// is a regular expression, case-sensitive as in Cucumber and behave.
    private static func caseHint(_ pattern: String, _ names: [String]) -> String {
        guard let first = names.first else { return "" }
        let more = names.count > 1 ? " and \(RunTally.counted(names.count - 1, "other"))" : ""
        return "; letter case aside, it matches '\(first)'\(more): --name is case-sensitive,"
            + " so write --name '(?i)\(pattern)' to ignore case"
    }

    /// The seen tag within two edits (letter case aside), the closest first.
    private static func closest(to name: String, among seen: Set<String>) -> String? {
        let wanted = Array(name.lowercased())
        return seen.sorted().map { ($0, EditDistance.between(wanted, Array($0.lowercased()), limit: 3)) }
            .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
}
