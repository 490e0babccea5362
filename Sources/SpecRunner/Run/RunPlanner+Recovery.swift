import Gherkin

/// A scenario Gherkin could not read (`ParseRecovery`), with its errors in words.
struct BrokenScenarioPlan: Sendable {
    var scenario: ParseRecovery.BrokenScenario
    /// Each of its errors, in the file's language.
    var errors: [FileAdvice]
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

    /// The scenario a broken one is run as: its refused line as its one step, failing with
    /// every error of the scenario; in `rule` when it is written below one.
    static func planned(
        _ broken: BrokenScenarioPlan, path: String, index: Int, classname: String, language: String,
        rule: PlannedRule? = nil
    ) -> PlannedScenario {
        let scenario = broken.scenario
        let lineOfStep = scenario.errors.first?.location.line ?? scenario.line
        let text: String
        if case .unexpectedLine(_, let refused) = scenario.errors.first?.kind {
            text = String(refused.trimming(" \t\r"))
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
            id: 0, suiteIndex: index, pickle: pickle, testName: name, classname: classname,
            keyword: scenario.keyword.isEmpty ? "Scenario" : scenario.keyword,
            location: SourceLine(uri: path, line: scenario.line), tags: Set(scenario.tags), steps: [step], rule: rule)
        planned.argumentProblems[0] = broken.errors.map(\.description).joined(separator: "\n")
        planned.parseErrors = broken.errors
        return planned
    }
}
