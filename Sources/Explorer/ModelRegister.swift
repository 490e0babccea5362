import SimulatorServer
import Wire

/// The built-in model run in-process: the simulator's engine (its pure reducers and
/// `CustomerDisplay.render`) on a fixed clock, fed the very requests the target gets.
struct ModelRegister {
    private(set) var engine = SimulatorEngine(environment: .fixed())

    mutating func begin() -> String {
        engine = SimulatorEngine(environment: .fixed())
        return engine.displaySnapshot
    }

    mutating func apply(_ action: ExploreAction, id: Int) -> Observation {
        let revision = engine.displayRevision
        let text = engine.handle(action.request(id: id), on: action.endpoint)
        var observation = Observation(
            response: Observation.parse(text),
            snapshots: engine.displayRevision == revision ? [] : [engine.displaySnapshot])
        observation.answerText = text.firstIndex(of: ",").map { text[$0...] } ?? ""
        if !observation.ok {
            observation.stateAfterRefusal = ask(.getState(on: action.endpoint))["state"]?.objectValue
        }
        return observation
    }

    /// The answer to a question that changes nothing (`getState`, `layout`, `viewState`).
    mutating func ask(_ action: ProtocolAction) -> JSONObject {
        Observation.parse(engine.handle(action.request(id: 0), on: action.endpoint))
    }
}
