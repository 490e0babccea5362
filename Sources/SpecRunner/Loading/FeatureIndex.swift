import Gherkin

/// Looks up what a pickle came from in its document: the steps' keywords and lines, the
/// enclosing Rule, the Examples row and the lines that select it.
public struct FeatureIndex: Sendable {
    public struct ScenarioEntry: Sendable {
        public var scenario: Scenario
        public var rule: Rule?
    }

    public struct RowEntry: Sendable {
        /// The `Examples:` line the row belongs to.
        public var examplesLine: Int
        /// The row's 1-based index across all Examples tables of its outline.
        public var indexInOutline: Int
        /// The row's cell values, in column order.
        public var values: [String]
        /// The name of the row's Examples table ("" when it has none).
        public var examplesName: String
        /// Its keyword as written (`Examples`, `Scenarios`, `例`).
        public var examplesKeyword: String
    }

    public let feature: Feature?
    public private(set) var steps: [String: Step] = [:]
    public private(set) var scenarios: [String: ScenarioEntry] = [:]
    public private(set) var rows: [String: RowEntry] = [:]

    public init(document: GherkinDocument?) {
        feature = document?.feature
        guard let feature else { return }
        // Sized first: growing a dictionary of steps rehashes and moves every step it holds.
        var stepCount = 0
        var scenarioCount = 0
        feature.walk { background, _ in
            stepCount += background.steps.count
        } scenario: { scenario, _ in
            stepCount += scenario.steps.count
            scenarioCount += 1
        }
        steps.reserveCapacity(stepCount)
        scenarios.reserveCapacity(scenarioCount)
        feature.walk { background, _ in
            for step in background.steps { steps[step.id] = step }
        } scenario: {
            add($0, rule: $1)
        }
    }

    private mutating func add(_ scenario: Scenario, rule: Rule?) {
        scenarios[scenario.id] = ScenarioEntry(scenario: scenario, rule: rule)
        for step in scenario.steps { steps[step.id] = step }
        var index = 0
        for examples in scenario.examples {
            for row in examples.tableBody {
                index += 1
                rows[row.id] = RowEntry(
                    examplesLine: examples.location.line, indexInOutline: index, values: row.cells.map(\.value),
                    examplesName: examples.name, examplesKeyword: examples.keyword)
            }
        }
    }

    /// The Scenario a pickle was compiled from.
    public func scenario(of pickle: Pickle) -> ScenarioEntry? {
        pickle.astNodeIds.first.flatMap { scenarios[$0] }
    }

    /// The Examples row of an outline's pickle.
    public func row(of pickle: Pickle) -> RowEntry? {
        pickle.astNodeIds.count > 1 ? rows[pickle.astNodeIds[pickle.astNodeIds.count - 1]] : nil
    }

    /// Whether `pickle` is in any of the parts `targets` name (`LineSelection`).
    public func isSelected(_ pickle: Pickle, byAnyOf targets: [LineSelection.Target]) -> Bool {
        targets.contains { target in
            switch target {
            case .feature: return true
            case .rule(let line): return scenario(of: pickle)?.rule?.location.line == line
            case .background(let ruleLine):
                return ruleLine == nil || scenario(of: pickle)?.rule?.location.line == ruleLine
            case .scenario(let line): return scenario(of: pickle)?.scenario.location.line == line
            case .examples(let line): return row(of: pickle)?.examplesLine == line
            case .row(let line): return row(of: pickle) != nil && pickle.location.line == line
            }
        }
    }
}
