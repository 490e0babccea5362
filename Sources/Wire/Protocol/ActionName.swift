/// The actions a `/register` request names (protocol.md, "Register"): what the step library
/// sends, the simulator decodes and the explorer records, in one list.
public enum RegisterActionName: String, Sendable, CaseIterable {
    case setCatalog, addItem, setQuantity, removeItem, setCartDiscount, clearCartDiscount
    case identifyMember, clearMember, startCheckout, applyPoints, editCart, takePayment
    case cancelPayments, completeWithoutPayment, nextCustomer, startRefund, confirmRefund
    case cancelRefund, reset, getState
}

/// The actions a `/calendar` request names (protocol.md, "Calendar").
public enum CalendarActionName: String, Sendable, CaseIterable {
    case setStaff, book, setMenu, cancelBooking, setMetrics, layout, setViewport, scroll
    case setService, load, release, viewState, checkoutReservation, reset, getState
}

/// One action of the protocol with the endpoint it goes to: how the step library and the
/// explorer name what they send, so the compiler checks every name.
public enum ProtocolAction: Hashable, Sendable {
    case register(RegisterActionName)
    case calendar(CalendarActionName)

    /// The endpoint the request goes to.
    public var endpoint: Endpoint {
        if case .register = self { .register } else { .calendar }
    }

    /// `getState` on `endpoint`.
    public static func getState(on endpoint: Endpoint) -> ProtocolAction {
        endpoint == .register ? .register(.getState) : .calendar(.getState)
    }

    /// The action's name on the wire.
    public var name: String {
        switch self {
        case .register(let name): name.rawValue
        case .calendar(let name): name.rawValue
        }
    }

    /// A request as the protocol writes it: `{"id":3,"action":"addItem",…parameters}`.
    public func request(id: Int, _ parameters: [(String, JSONValue)] = []) -> String {
        JSONValue.object(JSONObject([("id", JSONValue(id)), ("action", .string(name))] + parameters)).serialized
    }
}
