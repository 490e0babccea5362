// The interface between the protocol codec and the server's wiring (docs/architecture.md):
// one request text in, one response text out, and the display as a function of the state.
import Simulator

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
    /// The single source of truth every response and snapshot is derived from.
    public private(set) var state = StoreState()
    /// The injected clock and order ids.
    public let environment: SimulatorEnvironment
    /// The register state the display was last rendered from, and that rendering: most
    /// requests leave the register (all the display shows) as it was, so the snapshot the
    /// server asks for after each one is reused instead of rendered again.
    private var renderedRegister: RegisterState
    private var renderedSnapshot: String
    /// The register's catalog as last encoded (see `RegisterStateEncoder.CatalogCache`).
    private var encodedCatalog: RegisterStateEncoder.CatalogCache?

    /// An engine on the real clock, order ids from `"1001"`.
    public init() {
        self.init(environment: SimulatorEnvironment())
    }

    /// An engine with an injected clock and order-id scheme (deterministic runs and tests).
    public init(environment: SimulatorEnvironment) {
        self.environment = environment
        renderedRegister = state.register
        renderedSnapshot = CustomerDisplay.render(state.register)
    }

    /// Handles one JSON request received on `endpoint` and returns the JSON response
    /// (always an object with `id` and `ok`; never throws, never traps on bad input).
    public mutating func handle(_ requestText: String, on endpoint: SimulatorEndpoint) -> String {
        defer { refreshSnapshot() }
        let request: [String: JSONValue]
        do {
            guard let object = try JSONParser.parse(requestText).objectValue else {
                return Self.failure(id: nil, ProtocolError.badRequest("A request must be a JSON object."))
            }
            request = object
        } catch {
            return Self.failure(
                id: nil,
                ProtocolError.badRequest("Malformed JSON at byte \(error.offset): \(error.reason)."))
        }
        let id = request["id"]
        guard let actionValue = request["action"] else {
            return Self.failure(id: id, ProtocolError.badRequest("The request has no \"action\"."))
        }
        guard let action = actionValue.stringValue else {
            return Self.failure(
                id: id, ProtocolError.badRequest("\"action\" must be a string (got \(actionValue.typeName))."))
        }
        let fields = RequestFields(request)
        switch endpoint {
        case .register:
            return handleRegister(action, fields, id: id)
        case .calendar:
            return handleCalendar(action, fields, id: id)
        }
    }

    /// The customer display's current HTML snapshot: a pure function of the state.
    public var displaySnapshot: String {
        state.register == renderedRegister ? renderedSnapshot : CustomerDisplay.render(state)
    }

    private mutating func refreshSnapshot() {
        guard state.register != renderedRegister else { return }
        renderedRegister = state.register
        renderedSnapshot = CustomerDisplay.render(state)
    }

    private mutating func handleRegister(_ action: String, _ fields: RequestFields, id: JSONValue?) -> String {
        do throws(ProtocolError) {
            if let registerAction = try RegisterRequestDecoder.decode(action, fields) {
                do throws(Rejection) {
                    try StoreReducer.reduce(&state, .register(registerAction), environment)
                } catch {
                    return Self.failure(id: id, error)
                }
            }
        } catch {
            return Self.failure(id: id, error)
        }
        var json = Self.begin(id: id, ok: true)
        json.key("state")
        RegisterStateEncoder.write(state.register, into: &json, catalog: &encodedCatalog)
        json.endObject()
        return json.text
    }

    private mutating func handleCalendar(_ action: String, _ fields: RequestFields, id: JSONValue?) -> String {
        let extra: CalendarRequestDecoder.Extra
        do throws(ProtocolError) {
            let (storeAction, wanted) = try CalendarRequestDecoder.decode(action, fields, current: state.calendar)
            extra = wanted
            if let storeAction {
                do throws(Rejection) {
                    try StoreReducer.reduce(&state, storeAction, environment)
                } catch {
                    return Self.failure(id: id, error)
                }
            }
        } catch {
            return Self.failure(id: id, error)
        }
        var json = Self.begin(id: id, ok: true)
        json.key("state")
        CalendarStateEncoder.write(state.calendar, into: &json)
        switch extra {
        case .none:
            break
        case .layout:
            json.key("layout")
            CalendarStateEncoder.writeLayout(state.calendar.layout, into: &json)
        case .viewport:
            json.key("viewport")
            CalendarStateEncoder.writeViewport(state.calendar.visibleViewport, into: &json)
        case .viewState:
            json.key("viewState")
            CalendarStateEncoder.writeViewState(state.calendar.viewState, into: &json)
        }
        json.endObject()
        return json.text
    }

    static func begin(id: JSONValue?, ok: Bool) -> JSONWriter {
        var json = JSONWriter()
        json.beginObject()
        json.key("id")
        json.value(id ?? .null)
        json.member("ok", ok)
        return json
    }

    static func failure(id: JSONValue?, _ error: ProtocolError) -> String {
        failure(id: id, code: error.code, message: error.message, field: error.field)
    }

    static func failure(id: JSONValue?, _ rejection: Rejection) -> String {
        failure(id: id, code: rejection.code.rawValue, message: rejection.message, field: nil)
    }

    static func failure(id: JSONValue?, code: String, message: String, field: String?) -> String {
        var json = begin(id: id, ok: false)
        json.key("error")
        json.beginObject()
        json.member("code", code)
        json.member("message", message)
        if let field { json.member("field", field) }
        json.endObject()
        json.endObject()
        return json.text
    }
}
