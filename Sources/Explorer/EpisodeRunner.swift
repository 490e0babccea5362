import Wire

/// Runs one episode — actions from a fresh register and calendar — on the target and on
/// the model side by side, checking the target after each action: first the rules that
/// hold for any register (`Invariants`), then agreement with the model (`ModelComparison`).
final class EpisodeRunner {
    let target: TargetRegister
    private(set) var model = ModelRegister()
    /// The display's snapshot as the target last showed it, and as the model renders it.
    private(set) var targetDisplay = ""
    private(set) var modelDisplay = ""
    private var states: [Endpoint: JSONObject] = [:]
    private var index = 0
    private var nextID = 1
    /// Hashes of the model's distinct answers (the progress line's "distinct states").
    var distinctStates: Set<Int> = []

    init(target: TargetRegister) {
        self.target = target
    }

    /// Starts an episode; a discrepancy when the fresh display already differs.
    func begin() async throws -> Discrepancy? {
        targetDisplay = try await target.begin()
        modelDisplay = model.begin()
        states = [:]
        index = 0
        guard targetDisplay != modelDisplay else { return nil }
        return ModelComparison.display(
            .init(html: targetDisplay), expected: .init(html: modelDisplay)
        ).map { Discrepancy(rule: $0.0, detail: "on connecting, \($0.1)", actionIndex: -1) }
    }

    /// Applies `action` to both and checks the target.
    func step(_ action: ExploreAction) async throws -> Discrepancy? {
        let id = nextID
        nextID += 1
        defer { index += 1 }
        let observed: Observation
        do { observed = try await target.apply(action, id: id) } catch let problem as TargetRegister.NoAnswer {
            // The connections start afresh with the next episode.
            await target.close()
            return Discrepancy(rule: .answersEveryRequest, detail: "`\(action)`: \(problem)", actionIndex: index)
        }
        let expected = model.apply(action, id: id)
        if expected.ok { distinctStates.insert(expected.answerText.hashValue) }
        let lastSnapshot = targetDisplay
        targetDisplay = observed.snapshots.last ?? targetDisplay
        modelDisplay = expected.snapshots.last ?? modelDisplay
        // A screen equal to the model's render keeps the display's rules as the model
        // does; only another one is read and checked on its own.
        let broken = Invariants.check(
            observed, id: id, previousState: states[action.endpoint], lastSnapshot: lastSnapshot,
            checksDisplay: targetDisplay != modelDisplay)
        if let state = observed.state { states[action.endpoint] = state }
        // A reservation's checkout changes the register too: its state is read anew.
        if case .checkoutReservation = action { states[.register] = nil }
        let found =
            broken
            ?? ModelComparison.check(
                action, target: observed, model: expected, targetDisplay: targetDisplay, modelDisplay: modelDisplay)
        return found.map { Discrepancy(rule: $0.0, detail: $0.1, actionIndex: index) }
    }

    /// Starts an episode and applies `actions`, up to the first discrepancy, if any; nil
    /// also when `stops` says so before an action.
    func replay(_ actions: [ExploreAction], stops: () -> Bool = { false }) async throws -> Discrepancy? {
        if let found = try await begin() { return found }
        for action in actions {
            if stops() { return nil }
            if let found = try await step(action) { return found }
        }
        return nil
    }
}
