import Foundation

/// One scenario a report lists: its result, or how an interrupt or `--fail-fast` (or a
/// lost register) left it. The JUnit and HTML reports list the same scenarios, from
/// `ReportedRun`.
enum ReportedScenario {
    case finished(ScenarioResult)
    /// Running when the run was interrupted: the steps it had finished.
    case interrupted(InterruptedScenario)
    /// Never run: the run stopped before it.
    case notRun(PlannedScenario)

    var scenario: PlannedScenario {
        switch self {
        case .finished(let result): result.scenario
        case .interrupted(let cut): cut.scenario
        case .notRun(let scenario): scenario
        }
    }
}

/// What a report reads of a run: its start, each scenario as it finished, and (once it
/// ended) the scenarios the end left, so that every report lists the same ones.
struct ReportedRun: Sendable {
    var start: RunStart?
    /// The finished scenarios, by `PlannedScenario.id`.
    var results: [Int: ScenarioResult] = [:]
    var end: RunEnd?

    mutating func record(_ event: RunEvent) {
        switch event {
        case .runStarted(let start):
            self.start = start
            // Room for every result up front: growing copies each one held so far.
            results.reserveCapacity(start.plan.scenarios.count)
        case .scenarioFinished(let result): results[result.scenario.id] = result
        case .runFinished(let end): self.end = end
        case .scenarioStarted: break
        }
    }

    /// The run's start, or an empty plan's when the run ended before it started.
    var started: RunStart { start ?? RunStart(plan: RunPlan(), strict: true, dryRun: false, date: Date()) }

    /// Every scenario to list once the run ended with `end`, in file order: those that
    /// finished, those it cut short and those it never ran.
    func scenarios(ending end: RunEnd) -> [ReportedScenario] {
        // Sorted by id alone: a scenario is a large value to copy for each comparison.
        var listed = results.map { (id: $0.key, scenario: ReportedScenario.finished($0.value)) }
        listed.reserveCapacity(results.count + end.interrupted.count + end.notRun.count)
        for cut in end.interrupted where results[cut.scenario.id] == nil {
            listed.append((cut.scenario.id, .interrupted(cut)))
        }
        for scenario in end.notRun where results[scenario.id] == nil { listed.append((scenario.id, .notRun(scenario))) }
        return listed.sorted { $0.id < $1.id }.map(\.scenario)
    }
}
