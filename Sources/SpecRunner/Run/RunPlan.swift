import Gherkin

/// What a run will do, decided before anything runs: the feature files (report suites),
/// the selected scenarios in execution order with every step matched, and the steps that
/// match no definition or several.
struct RunPlan: Sendable {
    var suites: [PlannedSuite] = []
    /// Execution order: file order, unless `--seed` shuffled it.
    var scenarios: [PlannedScenario] = []
    /// The `--seed` that shuffled `scenarios`, said in the summary so a failure that
    /// depends on the order can be run again in it.
    var seed: UInt64?
    var undefined: [UndefinedStep] = []
    var ambiguous: [AmbiguousStep] = []
    /// Why the run selected no scenario at all (`RunPlanner.nothingSelected`): the run fails
    /// with a `(nothing selected)` test case. Empty when a file did not parse (the run
    /// fails for that, and these are warnings).
    var nothingSelected: [String] = []
    /// Warnings about the selection that leave the run as it is: why it selected nothing
    /// while a file did not parse, or a shard left with no scenario.
    var selectionWarnings: [String] = []
    /// Why this shard has no scenario while the run has some (`--shard 4/4` of 3): the
    /// report holds one skipped test case that says so, never an empty `tests="0"`.
    var emptyShard: (shard: String, reason: String)?
    /// The paths the run was given, for a run that ended before it planned any (its rerun
    /// file lists them: nothing in them passed).
    var selection: [FeaturePath] = []
    /// Gathered from the files (`PlannedFile`).
    var lostLines: [SourceLine: KeywordTypoCheck.Finding] = [:]
    var stepTemplates: [SourceLine: String] = [:]
    /// `--snippets`: undefined steps come with the code for the step library.
    var showsSnippets = false

    /// Files that did not parse.
    var parseFailures: [PlannedSuite] { suites.filter { !$0.parseErrors.isEmpty } }

    /// Every warning, in the order the console prints them before the scenarios and the
    /// HTML report lists them: the selection's, then each file's (its advice, a shard that
    /// reports its errors, `:LINE`s that select nothing or no longer start a scenario).
    var warnings: [String] {
        selectionWarnings
            + suites.flatMap { suite in
                suite.warnings.map(\.description)
                    + (suite.reportedBy.map { ["\(suite.path) does not parse: shard \($0) reports its errors"] } ?? [])
                    + suite.unmatchedLines.map { "\(suite.path):\($0.line) \($0.reason): it selects nothing" }
                    + suite.staleLines.map { "\(suite.path):\($0.line) \($0.reason)" }
            }
    }

    /// With `--shard`, each shard reporting a file that does not parse would put N copies
    /// of its `(parse error)` test case into the merged report (runner.md: no duplicate
    /// names). So the k-th broken file (0-based) is reported, and fails the run, in shard
    /// `k mod N + 1`; the other shards name it in a warning.
    mutating func dealParseFailures(to shard: Shard) {
        for (broken, index) in suites.indices.filter({ !suites[$0].parseErrors.isEmpty }).enumerated() {
            let owner = broken % shard.count + 1
            guard owner != shard.index else { continue }
            suites[index].parseErrors = []
            suites[index].reportedBy = Shard(index: owner, count: shard.count)
        }
    }

    /// The undefined steps in order, the texts an outline's one step line gives grouped:
    /// each is told once, as written.
    static func grouped(_ undefined: [UndefinedStep]) -> [[UndefinedStep]] {
        var groups: [[UndefinedStep]] = []
        var groupOfLine: [SourceLine: Int] = [:]
        for step in undefined {
            let line = step.written == nil ? nil : step.locations.first
            if let line, let group = groupOfLine[line] {
                groups[group].append(step)
                continue
            }
            if let line { groupOfLine[line] = groups.count }
            groups.append([step])
        }
        return groups
    }
}

/// One feature file: a `<testsuite>` of the report.
struct PlannedSuite: Sendable, Equatable {
    var index: Int
    /// The path as given, relative to the working directory when inside it.
    var path: String
    /// The Feature's name (the path when the file has no name or did not parse).
    var name: String
    var tags: [String]
    /// The Feature's keyword as written (`Feature`, `機能`), for the console.
    var keyword = "Feature"
    /// Each problem, when the file did not parse.
    var parseErrors: [FileAdvice]
    /// The errors of its broken scenarios, for a file that parsed once they were left out
    /// (`ParseRecovery`): each fails alone.
    var recoveredErrors: [FileAdvice] = []
    /// `:LINE`s given that select no scenario, and `@FILE` lines that no longer start one
    /// (`LineSelection.targets`), each with why.
    var unmatchedLines: [LineSelection.Unmatched] = []
    var staleLines: [LineSelection.Unmatched] = []
    /// Lines that parse but probably do not say what was meant (`FeatureLint`).
    var warnings: [FileAdvice] = []
    /// With `--shard`, the other shard that reports this file's parse errors (`dealParseFailures`).
    var reportedBy: Shard?
    /// The file's bytes, kept for `--format message`, and how many ids reading them drew.
    var source: [UInt8]?
    var sourceIDs = 0
}

/// One pickle to run: a `<testcase>` of the report.
struct PlannedScenario: Sendable, Identifiable {
    /// Position in file order among the selected scenarios (report order).
    var id: Int
    var suiteIndex: Int
    var pickle: Pickle
    /// The name, unique in its suite (`RunPlanner.uniqueNames`).
    var testName: String
    /// The Feature's name.
    var classname: String
    /// The Scenario's keyword as written (`Scenario`, `Scenario Outline`, `シナリオ`).
    var keyword: String
    var location: SourceLine
    var tags: Set<String>
    var steps: [PlannedStep]
    /// The Rule the scenario is written in, for the console's `Rule:` heading.
    var rule: PlannedRule?
    /// By step index: what the step fails with before it runs (`RunPlanner.argumentProblems`,
    /// `the table has an unknown column "nmae"`). Kept here, not in each step: it is empty
    /// in almost every scenario.
    var argumentProblems: [Int: String] = [:]
    /// The errors of a scenario Gherkin could not read (`ParseRecovery`): its one step,
    /// the line refused, fails with them.
    var parseErrors: [FileAdvice] = []
}

/// A Rule as written: its keyword (`Rule`, `ルール`), name and line.
struct PlannedRule: Sendable, Equatable {
    var keyword: String
    var name: String
    var line: Int
}

/// One step of a planned scenario, already matched.
struct PlannedStep: Sendable {
    var text: String
    /// The keyword as written (`"Given "`, `"前提"`).
    var keyword: String
    var location: SourceLine
    var argument: PickleStepArgument?
    var match: StepMatch
    /// Whether the doc string was written between ```` ``` ```` rather than `"""` (a flag,
    /// not the text: every step is copied several times on the run's path).
    var docStringUsesBackticks = false
    var docStringDelimiter: String { docStringUsesBackticks ? "```" : "\"\"\"" }
    /// A description line planned as an undefined step (`RunPlanner.lostSteps`): no pickle
    /// step of Gherkin's.
    var isLost = false
    /// Whether the text follows a keyword that has no space of its own with none written
    /// (`かつての仕様では…`), as prose that starts with the keyword does. Read for undefined
    /// steps only.
    var keywordRunsIntoText = false

    /// The step as a reader sees it: the keyword, then the text, with a space between
    /// them where the keyword has none of its own (`かつ 300ポイントを利用する`).
    var sentence: String {
        keywordNeedsSpace ? keyword + " " + text : keyword + text
    }

    /// Whether `sentence` puts a space after the keyword. The usual case, `Given `, answers
    /// from its last byte; only a keyword ending in a non-ASCII character asks Unicode.
    var keywordNeedsSpace: Bool {
        guard let byte = keyword.utf8.last else { return false }
        if byte < 0x80 { return byte != 0x20 && byte != 0x09 }
        return keyword.unicodeScalars.last.map { !$0.properties.isWhitespace } ?? false
    }
}
