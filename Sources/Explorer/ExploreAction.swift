import Wire

/// One protocol request the explorer sends: an action of protocol.md on `/register` or
/// `/calendar`, with its parameters as typed values. Each action has a step in the QA
/// vocabulary (`ScenarioWriter`), so a sequence of them is a scenario; `layout` and
/// `viewState` are the two questions without a step of their own (their answers become
/// Then steps).
public enum ExploreAction: Sendable, Equatable, CustomStringConvertible {
    /// A name with a price (catalog products, menu items) or a capacity (staff).
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var number: Int
    }

    case setCatalog([Entry])
    case addItem(name: String, price: Int?, quantity: Int?)
    case setQuantity(name: String, quantity: Int)
    case removeItem(name: String)
    case discountAmount(Int)
    case discountPercent(Int)
    case clearDiscount
    case identifyMember(points: Int)
    case clearMember
    case startCheckout
    case applyPoints(Int)
    case editCart
    case takePayment(PaymentMethod, amount: Int)
    case cancelPayments
    case completeWithoutPayment
    case nextCustomer
    case startRefund(order: String)
    case confirmRefund
    case cancelRefund
    case setStaff([Entry])
    case book(id: String, staff: String, start: Int, end: Int)
    case cancelBooking(id: String)
    case setMenu(id: String, [Entry])
    case setService(mode: String, message: String?)
    case load
    case release
    case checkoutReservation(id: String)
    case layout
    case viewState

    public var endpoint: Endpoint { wire.action.endpoint }

    /// Whether the action only asks (no step of its own, and nothing to change).
    public var isQuestion: Bool { self == .layout || self == .viewState }

    /// Whether the action sets up what a scenario starts from (the catalog, the staff, a
    /// reservation's menu, the booking service): its step is a Given.
    var isSetUp: Bool {
        switch self {
        case .setCatalog, .setStaff, .setMenu, .setService: true
        default: false
        }
    }

    public var name: String { wire.action.name }

    /// The actions without parameters: each with the action it names in the wire's lists
    /// and the English expression of its step (none for the two questions).
    static let bare: [(action: ExploreAction, wire: ProtocolAction, step: String?)] = [
        (.clearDiscount, .register(.clearCartDiscount), "I clear the cart discount"),
        (.clearMember, .register(.clearMember), "I clear the member"),
        (.startCheckout, .register(.startCheckout), "I start checkout"),
        (.editCart, .register(.editCart), "I go back to edit the cart"),
        (.cancelPayments, .register(.cancelPayments), "I cancel the payments"),
        (.completeWithoutPayment, .register(.completeWithoutPayment), "I complete the order without payment"),
        (.nextCustomer, .register(.nextCustomer), "I serve the next customer"),
        (.confirmRefund, .register(.confirmRefund), "I confirm the refund"),
        (.cancelRefund, .register(.cancelRefund), "I cancel the refund"),
        (.load, .calendar(.load), "the calendar loads"),
        (.release, .calendar(.release), "the booking service responds"),
        (.layout, .calendar(.layout), nil),
        (.viewState, .calendar(.viewState), nil),
    ]

    /// The request's parameters, in protocol.md's names.
    public var parameters: [(String, JSONValue)] { wire.parameters }

    /// The action the request names, in the wire's own lists, and its parameters.
    private var wire: (action: ProtocolAction, parameters: [(String, JSONValue)]) {
        switch self {
        case .setCatalog(let products): return (.register(.setCatalog), [("products", Self.entries(products, "price"))])
        case .addItem(let name, let price, let quantity):
            let given =
                (price.map { [("price", JSONValue($0))] } ?? [])
                + (quantity.map { [("quantity", JSONValue($0))] } ?? [])
            return (.register(.addItem), [("name", .string(name))] + given)
        case .setQuantity(let name, let quantity):
            return (.register(.setQuantity), [("name", .string(name)), ("quantity", JSONValue(quantity))])
        case .removeItem(let name): return (.register(.removeItem), [("name", .string(name))])
        case .discountAmount(let amount): return (.register(.setCartDiscount), [("amount", JSONValue(amount))])
        case .discountPercent(let percent): return (.register(.setCartDiscount), [("percent", JSONValue(percent))])
        case .identifyMember(let points): return (.register(.identifyMember), [("points", JSONValue(points))])
        case .applyPoints(let points): return (.register(.applyPoints), [("points", JSONValue(points))])
        case .takePayment(let method, let amount):
            return (.register(.takePayment), [("method", .string(method.rawValue)), ("amount", JSONValue(amount))])
        case .startRefund(let order): return (.register(.startRefund), [("order", .string(order))])
        case .setStaff(let staff): return (.calendar(.setStaff), [("staff", Self.entries(staff, "capacity"))])
        case .book(let id, let staff, let start, let end):
            let times = [("start", start), ("end", end)].map { ($0, JSONValue.string(ClockTime.text($1))) }
            return (.calendar(.book), [("reservation", .string(id)), ("staff", .string(staff))] + times)
        case .cancelBooking(let id): return (.calendar(.cancelBooking), [("reservation", .string(id))])
        case .setMenu(let id, let menu):
            return (.calendar(.setMenu), [("reservation", .string(id)), ("menu", Self.entries(menu, "price"))])
        case .setService(let mode, let message):
            return (
                .calendar(.setService), [("mode", .string(mode))] + (message.map { [("message", .string($0))] } ?? [])
            )
        case .checkoutReservation(let id): return (.calendar(.checkoutReservation), [("reservation", .string(id))])
        default:
            guard let bare = Self.bare.first(where: { $0.action == self }) else {
                preconditionFailure("an action without parameters is missing from ExploreAction.bare")
            }
            return (bare.wire, [])
        }
    }

    public func request(id: Int) -> String {
        let (action, parameters) = wire
        return action.request(id: id, parameters)
    }

    public var description: String {
        ([name] + parameters.map { "\($0.0)=\($0.1.serialized)" }).joined(separator: " ")
    }

    private static func entries(_ entries: [Entry], _ numberName: String) -> JSONValue {
        .array(entries.map { .object(JSONObject([("name", .string($0.name)), (numberName, JSONValue($0.number))])) })
    }
}

extension ExploreAction {
    var productNames: [String] {
        switch self {
        case .setCatalog(let entries), .setMenu(_, let entries): entries.map(\.name)
        case .addItem(let name, _, _), .setQuantity(let name, _), .removeItem(let name): [name]
        default: []
        }
    }

    /// The action with product name `old` written `new`.
    func renaming(_ old: String, to new: String) -> ExploreAction {
        let rename = { (name: String) in name == old ? new : name }
        let renameAll = { (entries: [Entry]) in entries.map { Entry(name: rename($0.name), number: $0.number) } }
        return switch self {
        case .setCatalog(let entries): .setCatalog(renameAll(entries))
        case .setMenu(let id, let entries): .setMenu(id: id, renameAll(entries))
        case .addItem(let name, let price, let quantity): .addItem(name: rename(name), price: price, quantity: quantity)
        case .setQuantity(let name, let quantity): .setQuantity(name: rename(name), quantity: quantity)
        case .removeItem(let name): .removeItem(name: rename(name))
        default: self
        }
    }
}
