import Simulator
import Wire

/// The whole simulator behind the protocol, with no I/O: it takes one request's text,
/// applies it to the single root state and answers the response's text. The server
/// serialises calls, and after each one compares `displayRevision` with that of the last
/// snapshot it sent to decide whether the displays get the new `displaySnapshot`.
public struct SimulatorEngine: Sendable {
    /// The single source of truth every response and snapshot is derived from.
    public private(set) var state = StoreState()
    public let environment: SimulatorEnvironment
    /// The display's last rendering, as UTF-8. Only a register action or a reservation
    /// checkout can change the register (all the display shows), and many of those leave
    /// the screen as it was (the catalog, the order history), so the snapshot the server
    /// asks for after each request stays the same bytes until the screen really changes.
    public private(set) var displaySnapshotUTF8: [UInt8]
    /// How many times the snapshot has changed: a server compares this number, not the
    /// HTML, to tell whether the displays need the new one.
    public private(set) var displayRevision = 0
    /// The register's catalog as last encoded (see `StateEncoder.CatalogCache`).
    private var encodedCatalog: StateEncoder.CatalogCache?

    /// An engine on the real clock, order ids from `"1001"`, unless `environment` injects a
    /// clock and order-id scheme (deterministic runs and tests).
    public init(environment: SimulatorEnvironment = SimulatorEnvironment()) {
        self.environment = environment
        var html = UTF8Buffer()
        CustomerDisplay.render(state.register, into: &html)
        displaySnapshotUTF8 = html.bytes
    }

    /// Handles one JSON request received on `endpoint` and returns the JSON response
    /// (always an object with `id` and `ok`; never throws, never traps on bad input).
    public mutating func handle(_ requestText: String, on endpoint: Endpoint) -> String {
        String(decoding: handleUTF8(requestText, on: endpoint), as: UTF8.self)
    }

    /// `handle(_:on:)` with the response as UTF-8, the form a server frames and sends: the
    /// writer's bytes are copied once, never made a `String` and read back.
    public mutating func handleUTF8(_ requestText: String, on endpoint: Endpoint) -> [UInt8] {
        var json = JSONWriter()
        var id: JSONValue?
        do throws(ProtocolError) {
            let parsed: JSONValue
            do {
                parsed = try JSONParser.parse(requestText)
            } catch {
                throw .badRequest("Malformed JSON at byte \(error.offset): \(error.reason).")
            }
            guard let request = parsed.objectValue else { throw .badRequest("A request must be a JSON object.") }
            id = request["id"]
            guard let actionValue = request["action"] else { throw .badRequest("The request has no \"action\".") }
            guard let action = actionValue.stringValue else {
                throw .badRequest("\"action\" must be a string (got \(actionValue.typeName)).")
            }
            let decoded = try RequestDecoder.decode(action, on: endpoint, RequestFields(members: request))
            if let storeAction = decoded.action {
                do throws(Rejection) {
                    try apply(storeAction)
                } catch {
                    throw ProtocolError(code: error.code.rawValue, message: error.message)
                }
            }
            Self.begin(id: id, ok: true, into: &json)
            StateEncoder.write(state, on: endpoint, extra: decoded.extra, into: &json, catalog: &encodedCatalog)
            json.endObject()
        } catch {
            Self.begin(id: id, ok: false, into: &json)
            json.object("error") { json in
                json.member("code", error.code)
                json.member("message", error.message)
                if let field = error.field { json.member("field", field) }
            }
            json.endObject()
        }
        return json.bytes
    }

    /// The customer display's current HTML snapshot: a pure function of the state.
    public var displaySnapshot: String { String(decoding: displaySnapshotUTF8, as: UTF8.self) }

    /// Applies `action` to the state; after one that may change the register, renders the
    /// display again and makes a new snapshot string only when the HTML differs.
    private mutating func apply(_ action: StoreAction) throws(Rejection) {
        try StoreReducer.reduce(&state, action, environment)
        switch action {
        case .register, .reservationCheckedOut: break
        case .calendar: return
        }
        var html = UTF8Buffer()
        CustomerDisplay.render(state.register, into: &html)
        guard !html.equals(displaySnapshotUTF8) else { return }
        displaySnapshotUTF8 = html.bytes
        displayRevision += 1
    }

    /// Opens the response object with its `id` (echoed: a number as written, an object in
    /// its canonical form, null when absent) and `ok`.
    static func begin(id: JSONValue?, ok: Bool, into json: inout JSONWriter) {
        json.beginObject()
        json.key("id")
        json.value(id ?? .null, sortingMembers: true)
        json.member("ok", ok)
    }
}
