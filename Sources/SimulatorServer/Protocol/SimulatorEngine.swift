// CONTRACT between the protocol codec (domain helper) and the server wiring (transport
// helper). PLACEHOLDER body: the domain helper replaces it; keep the signatures.

/// The two request endpoints of protocol.md.
public enum SimulatorEndpoint: String, Sendable, CaseIterable {
    case register
    case calendar
}

/// The whole simulator behind the protocol, with no I/O: it takes one request's text,
/// applies it to the single root state and answers the response's text. The server
/// serialises calls, and after each one compares `displaySnapshot` with the last one it
/// sent to decide whether the displays get a new snapshot.
public struct SimulatorEngine: Sendable {
    public init() {}

    /// Handles one JSON request received on `endpoint` and returns the JSON response
    /// (always an object with `id` and `ok`; never throws, never traps on bad input).
    public mutating func handle(_ requestText: String, on endpoint: SimulatorEndpoint) -> String {
        #"{"id":null,"ok":false,"error":{"code":"unknownAction","message":"not built yet"}}"#
    }

    /// The customer display's current HTML snapshot: a pure function of the state.
    public var displaySnapshot: String { #"<main data-screen="welcome"></main>"# }
}
